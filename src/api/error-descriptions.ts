/**
 * What each error code of the error table means: when it is returned and what to send instead.
 * One description per code, shared by the reference page, the OpenAPI response descriptions and
 * the MCP evidence corpus. `backtick` spans mark code (rendered as <code> on the page).
 * Keyed by ErrorCode, so a new code does not compile until it is described here.
 */
import type { ErrorCode } from './errors.js';

export interface ErrorDescription {
  /** When the code is returned. */
  when: string;
  /** What the caller should do instead. */
  fix: string;
}

export const ERROR_DESCRIPTIONS: Readonly<Record<ErrorCode, ErrorDescription>> = {
  invalid_query: {
    when: 'GET without `d`, with `d` given more than once or empty, with `exact` other than true or false, or with malformed percent-encoding.',
    fix: 'send d once, rows separated by ";" and cells by ",", e.g. d=12,5;3,9 (or POST the table as JSON)',
  },
  invalid_json: {
    when: 'POST body missing, not parseable JSON, not UTF-8 or not a JSON object; `exact` not a boolean; or Content-Type is not application/json.',
    fix: 'send Content-Type: application/json and a body like {"table": [[12, 5], [3, 9]]}',
  },
  invalid_table: {
    when: '`table` missing or not an array of arrays; ragged rows; more than 12 rows or columns; a cell that is not a number; labels of the wrong count.',
    fix: 'send 2 to 12 rows of 2 to 12 numbers each, all rows the same length, and labels (optional) one per row or column',
  },
  invalid_counts: {
    when: 'A cell is negative, fractional, non-finite or above 1000000000000; or the grand total is above 1000000000000.',
    fix: 'send whole counts from 0 to 1000000000000 with a grand total of at most 1000000000000',
  },
  insufficient_dimensions: {
    when: 'Fewer than 2 rows or fewer than 2 columns.',
    fix: 'send a table with 2 to 12 rows and 2 to 12 columns',
  },
  empty_margins: {
    when: 'A row sum or a column sum is 0.',
    fix: 'remove rows and columns whose counts are all zero; every row and column needs a positive total',
  },
  endpoint_not_found: {
    when: 'Unknown path under /api. The body also carries `documentation`, the address of this reference.',
    fix: 'use one of the endpoints listed in the developer reference',
  },
  method_not_allowed: {
    when: 'The path exists but not for this method; the `Allow` header lists the methods it accepts.',
    fix: 'use one of the methods in the Allow header',
  },
  body_too_large: {
    when: 'POST body larger than 16384 bytes, checked while the body is read.',
    fix: 'send at most 16384 bytes; a 12x12 table fits easily',
  },
  unsupported_media_type: {
    when: 'MCP endpoint only: the POST body is not sent as application/json.',
    fix: 'send Content-Type: application/json',
  },
  fisher_workload_limit: {
    when: '/api/v1/fishers-exact only: the fixed-margin support of the 2×2 table exceeds 100000 tables. The body also carries the full analysis, with `fishersExact` null and `unavailableReason` `workload_limit`.',
    fix: 'use /api/v1/chi-square or /api/v1/contingency (which answer 200 with reason workload_limit), or a table with a smaller first row or column total',
  },
  rate_limit_exceeded: {
    when: 'More than the allowed requests within the 60-second sliding window. Adds `Retry-After`.',
    fix: 'wait Retry-After seconds; for high-volume use self-host the service or contact the operator first',
  },
  calculation_failed: {
    when: 'The calculation produced a non-finite value or failed unexpectedly; no result is returned rather than a wrong one.',
    fix: 'this is a fault of the service, not of the request: report the table to the operator',
  },
  malformed_request: {
    when: 'The connection did not carry valid HTTP/1.1 (answered before any route is reached, then closed).',
    fix: 'send a well-formed HTTP/1.1 request',
  },
  request_timeout: {
    when: 'The request line, headers or body did not arrive within the server deadlines; the connection is closed.',
    fix: 'send the whole request promptly',
  },
  header_fields_too_large: {
    when: 'The request line and headers exceed the header size limit (a very long GET query: send the table with POST).',
    fix: 'send fewer or shorter headers; send large tables with POST instead of a long query string',
  },
  service_overloaded: {
    when: 'The worker pool that runs the exact test has a full queue. Adds `Retry-After`; retry after that many seconds.',
    fix: 'retry after a short wait, or send "exact": false to skip the exact test',
  },
};
