/**
 * Transport-level protection: explicit timeouts and size limits on the node:http server, and a
 * `clientError` handler that answers requests Node could not parse (400), whose headers are too
 * large (431) or that were too slow (408) with a short JSON error, then closes the socket.
 * Nothing a client sends at this level reaches a route handler or can crash the process.
 */
import { STATUS_CODES, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ERROR_STATUS, type ErrorCode } from '../api/errors.js';
import type { ServerConfig } from './config.js';

/** Largest accepted request head (request line + headers), in bytes. */
export const MAX_HEADER_BYTES = 16384;

/** createServer options: parser limits and the header/request deadlines. */
export function serverOptions(config: ServerConfig): ServerOptions {
  return {
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // How often Node enforces the two deadlines above; its 30 s default would let a slow
    // client linger that much longer than configured.
    connectionsCheckingInterval: Math.min(1000, Math.floor(config.headersTimeoutMs / 2)),
  };
}

/** Codes of the transport errors below (not API errors: no route was reached). */
type TransportErrorCode = Extract<ErrorCode, 'malformed_request' | 'header_fields_too_large' | 'request_timeout'>;

const TRANSPORT_ERRORS: Record<TransportErrorCode, { error: string; hint: string }> = {
  malformed_request: {
    error: 'The request is not valid HTTP/1.1.',
    hint: 'Send a well-formed HTTP/1.1 request.',
  },
  header_fields_too_large: {
    error: `The request line and headers are larger than ${MAX_HEADER_BYTES} bytes.`,
    hint: 'Send fewer or shorter headers; send large tables with POST instead of a long query string.',
  },
  request_timeout: {
    error: 'The request was not received in time.',
    hint: 'Send the whole request promptly.',
  },
};

function transportCode(error: NodeJS.ErrnoException): TransportErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'header_fields_too_large';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  return 'malformed_request';
}

function rawResponse(code: TransportErrorCode): string {
  const { error, hint } = TRANSPORT_ERRORS[code];
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ error, code, hint });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Access-Control-Allow-Origin: *\r\n' +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** A response already on this socket: a raw error must not be interleaved with it. */
function responseStarted(socket: Duplex): boolean {
  const message = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return message?.headersSent === true;
}

/** Applies the per-server limits and the clientError handler. */
export function harden(server: Server, config: ServerConfig): void {
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  // Spreads keep-alive clients over instances behind a load balancer. Node answers requests a
  // client sends after the last one (ignoring Connection: close) with 503.
  server.maxRequestsPerSocket = config.maxRequestsPerSocket;
  // Socket inactivity (e.g. a client that stops reading its response); longer than the request
  // deadline so that a slow upload gets its 408 rather than a silent disconnect.
  server.timeout = 2 * config.requestTimeoutMs;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable || responseStarted(socket)) {
      socket.destroy();
      return;
    }
    socket.end(rawResponse(transportCode(error)));
    // Do not wait for a client that will not read: the socket goes when the timeout elapses.
    (socket as Socket).setTimeout(1000, () => socket.destroy());
  });
}
