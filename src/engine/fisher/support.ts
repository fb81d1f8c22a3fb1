/**
 * Support of Fisher's exact test for a 2x2 table (Fisher 1935; Irwin 1935): with every margin
 * fixed, the first cell `a` of `[[a, b], [c, d]]` ranges over `lo = max(0, (a+b)+(a+c)-N)` ..
 * `hi = min(a+b, a+c)`. Found in O(1), before any enumeration, so that callers can refuse
 * tables whose support exceeds FISHER_SUPPORT_LIMIT.
 *
 * Also the path along that support used by every Fisher kernel: at offset `y = x - lo` the
 * table is `[[a0 + y, b0 - y], [c0 - y, d0 + y]]`, where one of `a0`, `d0` is 0 and
 * `min(b0, c0) = hi - lo`. All four offsets are exact integers (counts are at most 1e12).
 */
import type { Cells2x2 } from '../types.js';

/** Largest support size (number of tables) for which the exact test is computed. */
export const FISHER_SUPPORT_LIMIT = 100000;

export interface FisherSupport {
  lo: number;
  hi: number;
  size: number;
}

/** The support `lo..hi` of the first cell with the margins fixed, and its size `hi - lo + 1`. O(1). */
export function fisherSupport([a, b, c, d]: Cells2x2): FisherSupport {
  const row1 = a + b;
  const col1 = a + c;
  const total = a + b + c + d;
  const lo = Math.max(0, row1 + col1 - total);
  const hi = Math.min(row1, col1);
  return { lo, hi, size: hi - lo + 1 };
}

/** A 2x2 table as a point on its support: `[[a0 + y, b0 - y], [c0 - y, d0 + y]]`, y in 0..last. */
export interface SupportPath {
  readonly a0: number;
  readonly b0: number;
  readonly c0: number;
  readonly d0: number;
  /** `hi - lo`: the offsets run over 0..last. */
  readonly last: number;
  /** Offset of the observed table, `a - lo`. */
  readonly observed: number;
}

/**
 * The support path of a table, or null when the cells are not non-negative safe integers with
 * a positive total (outside every Fisher kernel's domain).
 */
export function supportPath(cells: Cells2x2): SupportPath | null {
  for (const cell of cells) {
    if (!Number.isSafeInteger(cell) || cell < 0) return null;
  }
  const [a, b, c, d] = cells;
  const { lo, hi } = fisherSupport(cells);
  if (!Number.isSafeInteger(a + b + c + d) || a + b + c + d === 0) return null;
  return { a0: lo, b0: a + b - lo, c0: a + c - lo, d0: d - a + lo, last: hi - lo, observed: a - lo };
}
