/**
 * The one table of error codes: each code with its HTTP status and a default hint
 * (service description "Errors"; METHODS.md "Table codec and errors").
 * Thrown at the API boundary only; engine kernels never throw.
 */

export const ERROR_STATUS = {
  invalid_query: 400,
  invalid_json: 400,
  invalid_table: 400,
  invalid_counts: 400,
  insufficient_dimensions: 400,
  empty_margins: 400,
  endpoint_not_found: 404,
  method_not_allowed: 405,
  body_too_large: 413,
  unsupported_media_type: 415,
  fisher_workload_limit: 422,
  rate_limit_exceeded: 429,
  calculation_failed: 500,
  service_overloaded: 503,
  // Connection-level failures answered by the clientError handler before any route is reached.
  malformed_request: 400,
  request_timeout: 408,
  header_fields_too_large: 431,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every error: a sentence, a machine-readable code and what to send instead. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  hint: string;
}

/** An error that maps to one HTTP response. `extra` fields are merged into the body. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly hint: string;
  readonly status: number;
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, message: string, hint: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.hint = hint;
    this.status = ERROR_STATUS[code];
    this.extra = extra;
  }

  toBody(): ErrorBody & Record<string, unknown> {
    return { ...this.extra, error: this.message, code: this.code, hint: this.hint };
  }
}

/** Error thrown by table validation: always one of the six 400 codes. */
export type TableErrorCode = Extract<
  ErrorCode,
  'invalid_query' | 'invalid_json' | 'invalid_table' | 'invalid_counts' | 'insufficient_dimensions' | 'empty_margins'
>;
