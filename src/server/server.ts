/**
 * The HTTP service on bare node:http: builds the route table, dispatches each request, logs it,
 * and shuts down gracefully (stop accepting, let in-flight requests finish within
 * SHUTDOWN_TIMEOUT_MS, close idle keep-alive sockets, destroy the worker pool).
 * Every response carries the CORS headers of the service description ("Authentication").
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { OPERATIONS, type FisherRunner } from '../api/analyze.js';
import { ApiError } from '../api/errors.js';
import { createMcpHttpHandler } from '../mcp/http-endpoint.js';
import { analysisRoute } from './analysis-routes.js';
import { readBody } from './body.js';
import { clientIpResolver } from './client-ip.js';
import { baseUrlFor, type ServerConfig } from './config.js';
import type { McpHttpDeps, RequestContext, RouteHandler } from './context.js';
import { docsRoutes } from './docs-routes.js';
import { createFisherPool, type FisherPool } from './fisher-pool.js';
import { harden, serverOptions } from './hardening.js';
import { createHealth, type Health } from './health.js';
import { createLogger, type LineSink, type Logger } from './logger.js';
import { SlidingWindowLimiter } from './rate-limiter.js';
import { sendError } from './respond.js';
import { ANY_METHOD, Router } from './router.js';

export const RATE_LIMIT_WINDOW_MS = 60_000;

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
  'X-Content-Type-Options': 'nosniff',
} as const;

export interface ServerOverrides {
  /** Clock for the rate limiter, health and the MCP endpoint (milliseconds). */
  now?: () => number;
  /** Replaces the worker pool (no threads are started). */
  runFisher?: FisherRunner;
  /** Where log lines go (default stdout). */
  logSink?: LineSink;
}

export interface RunningServer {
  /** The bound address, e.g. http://127.0.0.1:38211. */
  url: string;
  port: number;
  /** `{base_url}`: PUBLIC_BASE_URL, or `url` when unset. */
  baseUrl: string;
  docsUrl: string;
  server: Server;
  /** Graceful shutdown; idempotent. */
  close(): Promise<void>;
}

/** Path and raw query of a request target (origin-form, or absolute-form from proxies). */
function splitTarget(target: string): { path: string; query: string } {
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      return { path: url.pathname, query: url.search.slice(1) };
    } catch {
      return { path: '', query: '' };
    }
  }
  const mark = target.indexOf('?');
  return mark === -1 ? { path: target, query: '' } : { path: target.slice(0, mark), query: target.slice(mark + 1) };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function calculationFailed(): ApiError {
  return new ApiError(
    'calculation_failed',
    'The request failed unexpectedly.',
    'This is a fault of the service, not of the request; retry later or report it to the operator.',
  );
}

function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, route: string | null, started: number): void {
  const durationMs = Math.round((performance.now() - started) * 100) / 100;
  const fields = {
    method: req.method ?? '',
    route,
    status: res.headersSent ? res.statusCode : null,
    durationMs,
    ...(res.writableFinished ? undefined : { aborted: true }),
  };
  if (res.statusCode >= 500 && res.statusCode !== 503) logger.warn('request', fields);
  else logger.info('request', fields);
}

interface App {
  dispatch: (req: IncomingMessage, res: ServerResponse) => void;
  health: Health;
}

interface AppDeps {
  config: ServerConfig;
  logger: Logger;
  now: () => number;
  runFisher: FisherRunner;
  pool: FisherPool | null;
  baseUrl: string;
  docsUrl: string;
  /** Responses not yet closed, for graceful shutdown. */
  inFlight: Set<ServerResponse>;
  shuttingDown: () => boolean;
  /** Called when a response closes during shutdown (its socket may now be idle). */
  onIdleDuringShutdown: () => void;
}

/** The route table and the per-request dispatch (CORS headers, 404/405, logging). */
function createApp(deps: AppDeps): App {
  const { config, logger, now, runFisher, pool, baseUrl, docsUrl, inFlight } = deps;
  const clientIp = clientIpResolver(config.trustProxy);
  const health = createHealth({
    config,
    runFisher,
    docsUrl,
    now,
    shuttingDown: deps.shuttingDown,
    poolLoad: () =>
      pool === null
        ? { threads: 0, capacity: 0, inFlight: 0 }
        : { threads: pool.threads, capacity: pool.threads + pool.queue, inFlight: pool.inFlight() },
  });
  const mcpDeps: McpHttpDeps = { config, runFisher, docsUrl, clientIp, readBody, now };
  const limiter =
    config.rateLimitPerMinute === 0 ? null : new SlidingWindowLimiter({ limit: config.rateLimitPerMinute, windowMs: RATE_LIMIT_WINDOW_MS, now });

  const router = new Router<RouteHandler>();
  for (const operation of OPERATIONS) {
    router.add(`/api/v1/${operation}`, analysisRoute(operation, { limiter, clientIp, runFisher, docsUrl, logger }));
  }
  router.add('/api/health', { GET: health.handler, HEAD: health.handler });
  for (const [path, handlers] of Object.entries(docsRoutes(baseUrl, docsUrl, logger))) router.add(path, handlers);
  const mcp = createMcpHttpHandler(mcpDeps);
  router.add('/api/headless-mcp', { [ANY_METHOD]: ({ req, res }) => mcp(req, res) });

  const notFound = new ApiError('endpoint_not_found', 'No endpoint exists at this path.', `See the developer reference at ${docsUrl} for the endpoints of this service.`, {
    documentation: docsUrl,
  });

  const run = async (ctx: RequestContext, handler: RouteHandler): Promise<void> => {
    try {
      await handler(ctx);
    } catch (error) {
      logger.error('handler failed', { route: ctx.route, error: error instanceof Error ? error.message : String(error) });
      sendError(ctx.res, calculationFailed(), { close: true });
    }
  };

  const dispatch = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const { path, query } = splitTarget(req.url ?? '/');
    const match = router.find(method, path);
    const route = match.kind === 'not_found' ? null : match.route;
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      logRequest(logger, req, res, route, started);
      if (deps.shuttingDown()) deps.onIdleDuringShutdown();
    });
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    if (deps.shuttingDown()) res.setHeader('Connection', 'close');
    switch (match.kind) {
      case 'found':
        void run({ req, res, route: match.route, query }, match.handler);
        return;
      case 'method_not_allowed':
        sendError(
          res,
          new ApiError('method_not_allowed', `${method} is not allowed on ${match.route}.`, `Use ${match.allow.join(', ')}.`, {
            documentation: docsUrl,
          }),
          { headers: { Allow: match.allow.join(', ') } },
        );
        return;
      case 'not_found':
        sendError(res, notFound);
    }
  };

  return { dispatch, health };
}

export async function startServer(config: ServerConfig, overrides: ServerOverrides = {}): Promise<RunningServer> {
  const now = overrides.now ?? Date.now;
  const logger = createLogger(config.logLevel, overrides.logSink);
  const pool: FisherPool | null =
    overrides.runFisher === undefined ? createFisherPool({ threads: config.fisherThreads, queue: config.fisherQueue }) : null;
  const runFisher: FisherRunner = overrides.runFisher ?? pool!.run;

  let shuttingDown = false;
  const inFlight = new Set<ServerResponse>();
  let dispatch: App['dispatch'] | null = null;

  const server = createServer(serverOptions(config), (req, res) => {
    if (dispatch !== null) dispatch(req, res);
    else res.writeHead(503, { ...CORS_HEADERS, 'Retry-After': 1, Connection: 'close' }).end();
  });
  harden(server, config);
  try {
    await listen(server, config.host, config.port);
  } catch (error) {
    await pool?.destroy();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = baseUrlFor(config.host, port);
  const baseUrl = config.publicBaseUrl ?? url;
  const docsUrl = `${baseUrl}/docs`;

  try {
    const app = createApp({
      config,
      logger,
      now,
      runFisher,
      pool,
      baseUrl,
      docsUrl,
      inFlight,
      shuttingDown: () => shuttingDown,
      onIdleDuringShutdown: () => setImmediate(() => server.closeIdleConnections()),
    });
    dispatch = app.dispatch;
    const outcome = await app.health.refresh();
    if (!outcome.ok) logger.warn('statistics self-check failed at start-up', { detail: outcome.detail });
  } catch (error) {
    server.closeAllConnections();
    server.close();
    await pool?.destroy();
    throw error;
  }
  logger.info('listening', { url, baseUrl, docs: docsUrl, fisherThreads: pool?.threads ?? 0, rateLimitPerMinute: config.rateLimitPerMinute });

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      shuttingDown = true;
      logger.info('shutting down', { inFlight: inFlight.size });
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = setTimeout(() => {
        logger.warn('shutdown timeout: closing remaining connections', { inFlight: inFlight.size });
        server.closeAllConnections();
      }, config.shutdownTimeoutMs);
      await closed;
      clearTimeout(deadline);
      await pool?.destroy();
      logger.info('stopped');
    })();
    return closing;
  };

  return { url, port, baseUrl, docsUrl, server, close };
}
