/**
 * Bounded request-body reading (service description "Limits": POST body at most 16384 bytes,
 * checked while the body is read; the fastify `rawBody` pattern of STYLE.md).
 * - A declared Content-Length over the limit is refused before a byte is read.
 * - Otherwise bytes are counted per chunk; once over the limit reading stops at once (the stream
 *   is paused, nothing more is buffered) and the promise rejects with `body_too_large`. The
 *   caller answers 413 once with `Connection: close`, which drops the rest of the upload.
 * - The received length is checked against Content-Length.
 * - A client that aborts rejects the promise with ClientAbortedError: nothing is left pending.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../api/errors.js';

/** Largest accepted POST body, in bytes (REST and MCP). */
export const BODY_LIMIT_BYTES = 16384;

/** The client went away before the body was complete; there is nobody to answer. */
export class ClientAbortedError extends Error {
  constructor() {
    super('client closed the connection before the request body was complete');
    this.name = 'ClientAbortedError';
  }
}

function tooLarge(limitBytes: number): ApiError {
  return new ApiError(
    'body_too_large',
    `The request body is larger than ${limitBytes} bytes.`,
    `Send at most ${limitBytes} bytes: a 12x12 table of counts fits easily; leave out unneeded properties and whitespace.`,
  );
}

/** True when the request announces a body (Content-Length > 0 or any Transfer-Encoding). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const lengthHeader = req.headers['content-length'];
  const declared = lengthHeader === undefined ? undefined : Number(lengthHeader);
  if (declared !== undefined && declared > limitBytes) return Promise.reject(tooLarge(limitBytes));
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;

    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
      outcome();
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > limitBytes) {
        req.pause();
        settle(() => reject(tooLarge(limitBytes)));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      if (declared !== undefined && received !== declared) {
        settle(() =>
          reject(
            new ApiError(
              'invalid_json',
              `The request body has ${received} bytes but Content-Length announced ${declared}.`,
              'Send a Content-Length equal to the length of the body, or let the client compute it.',
            ),
          ),
        );
        return;
      }
      settle(() => resolve(Buffer.concat(chunks, received)));
    };
    const onAbort = (): void => settle(() => reject(new ClientAbortedError()));

    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}
