/**
 * The four analysis routes, GET (query `d`) and POST (JSON TableRequest), plus their CORS
 * preflight (service description "Endpoints"). Order of work per request:
 * rate limit (every analysis response counts and carries RateLimit-*), decode (400 / 413),
 * analyze (200 / 422 / 500, exact test in the pool: 503 when saturated).
 * Unexpected exceptions become 500 `calculation_failed`; nothing escapes a handler.
 */
import type { IncomingMessage } from 'node:http';
import { analyze, type FisherRunner, type Operation } from '../api/analyze.js';
import { ApiError } from '../api/errors.js';
import { decodeJsonBody, decodeQueryTable, type TableRequest } from '../api/table-codec.js';
import { BODY_LIMIT_BYTES, ClientAbortedError, hasBody, readBody } from './body.js';
import type { RequestContext, RouteHandler } from './context.js';
import { OVERLOAD_RETRY_AFTER_SECONDS } from './fisher-pool.js';
import type { Logger } from './logger.js';
import { rateLimitHeaders, type RateLimitDecision, type SlidingWindowLimiter } from './rate-limiter.js';
import { sendEmpty, sendError, sendJson } from './respond.js';

export const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '86400',
} as const;

export interface AnalysisDeps {
  /** null when RATE_LIMIT_PER_MINUTE=0: no limit and no RateLimit-* headers. */
  limiter: SlidingWindowLimiter | null;
  clientIp: (req: IncomingMessage) => string;
  runFisher: FisherRunner;
  docsUrl: string;
  logger: Logger;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function rateLimited(decision: RateLimitDecision): ApiError {
  return new ApiError(
    'rate_limit_exceeded',
    `Too many requests: at most ${decision.limit} analysis requests per client IP in any 60 seconds.`,
    `Retry after ${decision.resetSeconds} s (Retry-After). For high-volume use, self-host the service or contact the operator.`,
  );
}

function calculationFailed(): ApiError {
  return new ApiError(
    'calculation_failed',
    'The calculation failed unexpectedly.',
    'This is a fault of the service, not of the request; retry later or report the table to the operator.',
  );
}

/** Malformed percent-encoding (or encoded bytes that are not UTF-8) in the raw query string. */
function assertWellFormedQuery(query: string): void {
  try {
    decodeURIComponent(query);
  } catch {
    throw new ApiError(
      'invalid_query',
      'The query string has malformed percent-encoding.',
      'Percent-encode the query as UTF-8, e.g. d=12%2C5%3B3%2C9 or d=12,5;3,9.',
    );
  }
}

function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const semicolon = contentType.indexOf(';');
  const essence = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return essence === 'application/json';
}

function decodeGet({ query }: RequestContext): TableRequest {
  assertWellFormedQuery(query);
  return decodeQueryTable(new URLSearchParams(query));
}

async function decodePost({ req }: RequestContext): Promise<TableRequest> {
  if (!isJsonMediaType(req.headers['content-type'])) {
    throw new ApiError(
      'invalid_json',
      'The request body must be sent with Content-Type: application/json.',
      'Send the header Content-Type: application/json and a body like {"table": [[12, 5], [3, 9]]}.',
    );
  }
  const bytes = await readBody(req, BODY_LIMIT_BYTES);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid UTF-8.', 'Send the JSON body encoded as UTF-8.');
  }
  return decodeJsonBody(text);
}

function analysisHandler(
  operation: Operation,
  decode: (ctx: RequestContext) => TableRequest | Promise<TableRequest>,
  deps: AnalysisDeps,
): RouteHandler {
  const { limiter, clientIp, runFisher, docsUrl, logger } = deps;
  const analyzeDeps = { runFisher, docsUrl };
  return async (ctx) => {
    const { req, res } = ctx;
    let headers: Record<string, number> = {};
    if (limiter !== null) {
      const decision = limiter.hit(clientIp(req));
      headers = rateLimitHeaders(decision);
      if (!decision.allowed) {
        sendError(res, rateLimited(decision), { headers, close: hasBody(req) });
        return;
      }
    }
    try {
      const request = await decode(ctx);
      const { status, body } = await analyze(operation, request, analyzeDeps);
      sendJson(res, status, body, { headers });
    } catch (error) {
      if (error instanceof ClientAbortedError) return;
      // An error before the body was read leaves it on the wire: close rather than drain it.
      const close = hasBody(req) && !req.readableEnded;
      if (error instanceof ApiError) {
        const retry = error.code === 'service_overloaded' ? { 'Retry-After': OVERLOAD_RETRY_AFTER_SECONDS } : undefined;
        sendError(res, error, { headers: { ...headers, ...retry }, close });
        return;
      }
      logger.error('analysis failed', { route: ctx.route, error: error instanceof Error ? error.message : String(error) });
      sendError(res, calculationFailed(), { headers, close });
    }
  };
}

const preflight: RouteHandler = ({ res }) => {
  sendEmpty(res, 204, { headers: PREFLIGHT_HEADERS });
};

/** GET, POST and OPTIONS handlers of one analysis route. */
export function analysisRoute(operation: Operation, deps: AnalysisDeps): Record<string, RouteHandler> {
  return {
    GET: analysisHandler(operation, decodeGet, deps),
    POST: analysisHandler(operation, decodePost, deps),
    OPTIONS: preflight,
  };
}
