/**
 * JSON-RPC 2.0 messages as MCP uses them (MCP "Base protocol"; METHODS.md "MCP endpoint"):
 * classifying one parsed message and building responses. MCP forbids `"id": null`, so an error
 * whose request id is unknown is sent without an `id` member at all.
 */

export type JsonRpcId = string | number;

/** JSON-RPC error codes used by this server. */
export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Implementation-defined server error: transport refusals (405, 413, 415, 429). */
  serverError: -32000,
} as const;

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcSuccess {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: unknown;
}

export interface JsonRpcFailure {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;

/** What one parsed JSON value is, as a JSON-RPC message. */
export type ClassifiedMessage =
  | { kind: 'request'; id: JsonRpcId; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response' }
  | { kind: 'invalid'; id?: JsonRpcId; reason: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isValidId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Classifies a parsed JSON value; anything that is not one JSON-RPC 2.0 message is `invalid`. */
export function classifyMessage(value: unknown): ClassifiedMessage {
  if (Array.isArray(value)) return { kind: 'invalid', reason: 'Batch arrays are not accepted: send one JSON-RPC message per request.' };
  if (!isPlainObject(value)) return { kind: 'invalid', reason: 'The message must be a JSON-RPC 2.0 object.' };
  const hasId = Object.hasOwn(value, 'id');
  const id = value['id'];
  if (hasId && id === null) return { kind: 'invalid', reason: 'The id must be a string or a number, not null.' };
  if (hasId && !isValidId(id)) return { kind: 'invalid', reason: 'The id must be a string or a number.' };
  const knownId = hasId ? (id as JsonRpcId) : undefined;
  const invalid = (reason: string): ClassifiedMessage =>
    knownId === undefined ? { kind: 'invalid', reason } : { kind: 'invalid', id: knownId, reason };
  if (value['jsonrpc'] !== '2.0') return invalid('The member "jsonrpc" must be exactly "2.0".');

  if (Object.hasOwn(value, 'method')) {
    const method = value['method'];
    if (typeof method !== 'string') return invalid('The member "method" must be a string.');
    const params = value['params'];
    return knownId === undefined
      ? { kind: 'notification', method, params }
      : { kind: 'request', id: knownId, method, params };
  }
  const hasResult = Object.hasOwn(value, 'result');
  const hasError = Object.hasOwn(value, 'error');
  if (hasResult && !hasError && knownId !== undefined) return { kind: 'response' };
  if (hasError && !hasResult && isPlainObject(value['error'])) return { kind: 'response' };
  return invalid('The message is neither a request, a notification nor a response.');
}

export function successResponse(id: JsonRpcId, result: unknown): JsonRpcSuccess {
  return { jsonrpc: '2.0', id, result };
}

/** An error response; `id` is omitted (never null) when the request id is unknown. */
export function errorResponse(id: JsonRpcId | undefined, code: number, message: string, data?: unknown): JsonRpcFailure {
  const error: JsonRpcErrorObject = data === undefined ? { code, message } : { code, message, data };
  return id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error };
}

/** Parses one JSON text without throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
