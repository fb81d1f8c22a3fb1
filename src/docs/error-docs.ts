/**
 * When each error code of `src/api/errors.ts` is returned, in words for the reference page and
 * the OpenAPI response descriptions (service description "Errors"; METHODS.md "Table codec and
 * errors"). Keyed by `ErrorCode`, so a new code does not compile until it is documented here.
 */
import { ERROR_STATUS, type ErrorCode } from '../api/errors.js';

export const ERROR_WHEN: Readonly<Record<ErrorCode, string>> = {
  invalid_query:
    'GET without `d`, with `d` given more than once or empty, with `exact` other than true or false, or with malformed percent-encoding.',
  invalid_json:
    'POST body missing, not parseable JSON, not UTF-8 or not a JSON object; `exact` not a boolean; or Content-Type is not application/json.',
  invalid_table:
    '`table` missing or not an array of arrays; ragged rows; more than 12 rows or columns; a cell that is not a number; labels of the wrong count.',
  invalid_counts:
    'A cell is negative, fractional, non-finite or above 1000000000000; or the grand total is above 1000000000000.',
  insufficient_dimensions: 'Fewer than 2 rows or fewer than 2 columns.',
  empty_margins: 'A row sum or a column sum is 0.',
  endpoint_not_found: 'Unknown path under /api. The body also carries `documentation`, the address of this reference.',
  method_not_allowed: 'The path exists but not for this method; the `Allow` header lists the methods it accepts.',
  body_too_large: 'POST body larger than 16384 bytes, checked while the body is read.',
  unsupported_media_type: 'MCP endpoint only: the POST body is not sent as application/json.',
  fisher_workload_limit:
    '/api/v1/fishers-exact only: the fixed-margin support of the 2×2 table exceeds 100000 tables. The body also carries the full analysis, with `fishersExact` null and `unavailableReason` `workload_limit`.',
  rate_limit_exceeded: 'More than the allowed requests within the 60-second sliding window. Adds `Retry-After`.',
  calculation_failed:
    'The calculation produced a non-finite value or failed unexpectedly; no result is returned rather than a wrong one.',
  service_overloaded:
    'The worker pool that runs the exact test has a full queue. Adds `Retry-After`; retry after that many seconds.',
};

/** Every error code with its HTTP status, in the order of the error table. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The codes that go out with `status`. */
export function codesWithStatus(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => ERROR_STATUS[code] === status);
}
