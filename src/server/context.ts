/**
 * Shapes shared by the server's handlers: what a route handler receives, and what the server
 * hands to the MCP endpoint (`createMcpHttpHandler(deps)` in src/mcp/http-endpoint.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FisherRunner } from '../api/analyze.js';
import type { ServerConfig } from './config.js';

/** Everything the MCP endpoint needs from the server (it keeps its own 60/min limiter). */
export interface McpHttpDeps {
  config: ServerConfig;
  runFisher: FisherRunner;
  /** `{docs_url}`: `{base_url}/docs`. */
  docsUrl: string;
  /** Rate-limit key of a request (socket peer, or X-Forwarded-For per TRUST_PROXY). */
  clientIp(req: IncomingMessage): string;
  /** Bounded body reader; rejects with ApiError `body_too_large` (answer 413 with Connection: close). */
  readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer>;
  /** Clock in milliseconds (injected by tests). */
  now(): number;
}

/** One request as a route handler sees it. `route` is the matched path pattern. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  route: string;
  /** Raw query string without the leading `?` (never logged). */
  query: string;
}

export type RouteHandler = (ctx: RequestContext) => void | Promise<void>;
