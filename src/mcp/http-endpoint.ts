/**
 * The public aggregate MCP endpoint `/api/headless-mcp`: MCP Streamable HTTP, stateless, JSON
 * responses only (METHODS.md "MCP endpoint"). One JSON-RPC message per POST:
 *   request -> 200 application/json; notification or response -> 202, empty body.
 * Checks, in order: method (OPTIONS 204 preflight; anything but POST 405 with Allow), rate
 * limit (60/min per client IP, own sliding window, RateLimit-* headers; 429 + Retry-After),
 * Content-Type (415), MCP-Protocol-Version header (absent = 2025-03-26; unsupported 400/-32600),
 * body size (413 while reading), UTF-8 and JSON (400/-32700), JSON-RPC shape (400/-32600).
 * Error bodies are JSON-RPC errors without `id` (never `"id": null`). Every response carries
 * Access-Control-Allow-Origin: *. Nothing a client sends can make it throw.
 *
 * The limiter is off when the operator turned the REST limiter off (RATE_LIMIT_PER_MINUTE=0,
 * for self-hosted backends and benchmarks).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, type ErrorCode } from '../api/errors.js';
import { BODY_LIMIT_BYTES, ClientAbortedError, hasBody } from '../server/body.js';
import type { McpHttpDeps } from '../server/context.js';
import { rateLimitHeaders, SlidingWindowLimiter } from '../server/rate-limiter.js';
import { sendEmpty, sendJson } from '../server/respond.js';
import { errorResponse, parseJson, RPC_ERROR, type JsonRpcFailure } from './jsonrpc.js';
import { createMcpServer } from './protocol.js';
import { MCP_REQUESTS_PER_MINUTE, RATE_LIMIT_WINDOW_SECONDS } from './service-facts.js';
import { isSupportedProtocolVersion, SUPPORTED_PROTOCOL_VERSIONS } from './versions.js';

export const MCP_ALLOW = 'POST, OPTIONS';

export const MCP_PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': MCP_ALLOW,
  'Access-Control-Allow-Headers': 'Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id',
  'Access-Control-Max-Age': '86400',
} as const;

type Headers = Record<string, string | number>;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const essence = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return essence === 'application/json';
}

/** A transport-level JSON-RPC error carrying the REST-style code and hint in `data`. */
function transportError(code: number, message: string, restCode?: ErrorCode, hint?: string): JsonRpcFailure {
  return errorResponse(undefined, code, message, restCode === undefined ? undefined : { code: restCode, hint });
}

export function createMcpHttpHandler(deps: McpHttpDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const limiter =
    deps.config.rateLimitPerMinute === 0
      ? null
      : new SlidingWindowLimiter({ limit: MCP_REQUESTS_PER_MINUTE, windowMs: RATE_LIMIT_WINDOW_SECONDS * 1000, now: () => deps.now() });
  const server = createMcpServer({
    context: {
      docsUrl: deps.docsUrl,
      baseUrl: deps.docsUrl.replace(/\/docs$/, ''),
      runFisher: deps.runFisher,
      rateLimits: { restPerMinute: deps.config.rateLimitPerMinute, mcpHttpPerMinute: limiter === null ? 0 : MCP_REQUESTS_PER_MINUTE },
    },
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A request whose body is left unread must not leave it on a kept-alive connection.
    const close = (): boolean => hasBody(req) && !req.readableEnded;
    const method = req.method ?? '';

    if (method === 'OPTIONS') {
      sendEmpty(res, 204, { headers: { ...MCP_PREFLIGHT_HEADERS, Allow: MCP_ALLOW }, close: close() });
      return;
    }
    if (method !== 'POST') {
      const body = transportError(RPC_ERROR.serverError, `Method not allowed: ${method.slice(0, 20)}. This endpoint takes one JSON-RPC message per POST and offers no SSE stream.`, 'method_not_allowed', `Use ${MCP_ALLOW}.`);
      sendJson(res, 405, body, { headers: { Allow: MCP_ALLOW }, close: close() });
      return;
    }

    let headers: Headers = { 'Cache-Control': 'no-store' };
    if (limiter !== null) {
      const decision = limiter.hit(deps.clientIp(req));
      headers = { ...headers, ...rateLimitHeaders(decision) };
      if (!decision.allowed) {
        const body = transportError(
          RPC_ERROR.serverError,
          `Rate limit exceeded: at most ${decision.limit} requests per client IP in any ${RATE_LIMIT_WINDOW_SECONDS} seconds.`,
          'rate_limit_exceeded',
          `Retry after ${decision.resetSeconds} s (Retry-After). For more, run the stdio server locally (contingency-api mcp) or self-host.`,
        );
        sendJson(res, 429, body, { headers, close: close() });
        return;
      }
    }

    if (!isJsonMediaType(req.headers['content-type'])) {
      const body = transportError(RPC_ERROR.serverError, 'Unsupported Media Type: the body must be sent with Content-Type: application/json.', 'unsupported_media_type', 'Send Content-Type: application/json and one JSON-RPC message.');
      sendJson(res, 415, body, { headers, close: close() });
      return;
    }

    const version = req.headers['mcp-protocol-version'];
    if (version !== undefined && !isSupportedProtocolVersion(version)) {
      const shown = JSON.stringify(String(version).slice(0, 40));
      const body = transportError(RPC_ERROR.invalidRequest, `Bad Request: unsupported MCP-Protocol-Version ${shown} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}).`);
      sendJson(res, 400, body, { headers, close: close() });
      return;
    }

    let text: string;
    try {
      text = utf8.decode(await deps.readBody(req, BODY_LIMIT_BYTES));
    } catch (error) {
      if (error instanceof ClientAbortedError) return;
      if (error instanceof ApiError && error.code === 'body_too_large') {
        sendJson(res, 413, transportError(RPC_ERROR.serverError, error.message, error.code, error.hint), { headers, close: true });
        return;
      }
      const message = error instanceof ApiError ? error.message : 'The request body is not valid UTF-8.';
      sendJson(res, 400, transportError(RPC_ERROR.parseError, `Parse error: ${message}`), { headers, close: close() });
      return;
    }

    const parsed = parseJson(text);
    if (!parsed.ok) {
      sendJson(res, 400, transportError(RPC_ERROR.parseError, 'Parse error: the body is not valid JSON.'), { headers });
      return;
    }
    const outcome = await server.handleMessage(parsed.value);
    switch (outcome.kind) {
      case 'reply':
        sendJson(res, 200, outcome.response, { headers });
        return;
      case 'accepted':
        sendEmpty(res, 202, { headers });
        return;
      case 'rejected':
        sendJson(res, 400, outcome.response, { headers });
    }
  }

  return async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    try {
      await handle(req, res);
    } catch {
      // Only a fault of this server gets here (a tool's own exceptions are already -32603).
      sendJson(res, 500, transportError(RPC_ERROR.internalError, 'Internal error'), { close: true });
    }
  };
}
