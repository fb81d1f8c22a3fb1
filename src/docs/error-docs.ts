/**
 * When each error code of `src/api/errors.ts` is returned, in words for the reference page and
 * the OpenAPI response descriptions (service description "Errors"; METHODS.md "Table codec and
 * errors"). Keyed by `ErrorCode`, so a new code does not compile until it is documented here.
 */
import { ERROR_DESCRIPTIONS } from '../api/error-descriptions.js';
import { ERROR_STATUS, type ErrorCode } from '../api/errors.js';

export const ERROR_WHEN: Readonly<Record<ErrorCode, string>> = Object.fromEntries(
  Object.entries(ERROR_DESCRIPTIONS).map(([code, description]) => [code, description.when]),
) as Record<ErrorCode, string>;

/** Every error code with its HTTP status, in the order of the error table. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The codes that go out with `status`. */
export function codesWithStatus(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => ERROR_STATUS[code] === status);
}
