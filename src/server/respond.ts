/**
 * Writing responses: JSON serialized once with an exact Content-Length, empty responses, and
 * error bodies from ApiError (service description "Errors"). Writes to a response that is
 * already answered or whose socket is gone are skipped, so late errors never throw.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ApiError } from '../api/errors.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface SendOptions {
  headers?: OutgoingHttpHeaders;
  /** Close the connection after this response (e.g. an unread or oversized request body). */
  close?: boolean;
}

/** True when nothing has been sent yet and the connection can still carry a response. */
export function canRespond(res: ServerResponse): boolean {
  const socket = res.socket;
  return !res.headersSent && !res.writableEnded && socket !== null && !socket.destroyed && socket.writable;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, options: SendOptions = {}): void {
  if (!canRespond(res)) return;
  sendText(res, status, JSON_CONTENT_TYPE, JSON.stringify(body), options);
}

export function sendEmpty(res: ServerResponse, status: number, options: SendOptions = {}): void {
  if (!canRespond(res)) return;
  res.writeHead(status, { ...options.headers, ...(options.close === true ? { Connection: 'close' } : undefined) });
  res.end();
}

export function sendError(res: ServerResponse, error: ApiError, options: SendOptions = {}): void {
  sendJson(res, error.status, error.toBody(), options);
}

/** A text response (HTML, pre-serialized JSON) with an exact Content-Length. */
export function sendText(res: ServerResponse, status: number, contentType: string, text: string, options: SendOptions = {}): void {
  if (!canRespond(res)) return;
  res.writeHead(status, {
    ...options.headers,
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(text),
    ...(options.close === true ? { Connection: 'close' } : undefined),
  });
  res.end(text);
}
