/**
 * Exact integer arithmetic for products of counts.
 *
 * Counts are safe integers (<= 1e12) but their products reach 1e24 > 2^53. The deviation
 * `N n - a b` (METHODS.md: the exact numerator of `n - E`) is formed from Dekker's exact
 * product (T. J. Dekker, "A floating-point technique for extending the available precision",
 * Numer. Math. 18, 1971) and Knuth's TwoSum, so the double returned is the correctly rounded
 * exact integer. Sums of many products (concordant pairs) use BigInt when they can exceed 2^53.
 */

/** Largest N for which every product of two counts and every sum of such products is exact. */
export const EXACT_DOUBLE_PRODUCT_LIMIT = 94906265; // floor(sqrt(2^53))

const SPLITTER = 134217729; // 2^27 + 1

/** Returns [p, e] with p = fl(x y) and p + e = x y exactly (x, y non-negative safe integers). */
function twoProduct(x: number, y: number): [number, number] {
  const p = x * y;
  let c = SPLITTER * x;
  const xHigh = c - (c - x);
  const xLow = x - xHigh;
  c = SPLITTER * y;
  const yHigh = c - (c - y);
  const yLow = y - yHigh;
  const e = xHigh * yHigh - p + xHigh * yLow + xLow * yHigh + xLow * yLow;
  return [p, e];
}

/**
 * `x1 y1 - x2 y2` for non-negative safe integers, correctly rounded to a double.
 * For a cell, `crossDifference(N, n, a, b)` is `N (n - E)`.
 */
export function crossDifference(x1: number, y1: number, x2: number, y2: number): number {
  const p1 = x1 * y1;
  const p2 = x2 * y2;
  if (p1 <= Number.MAX_SAFE_INTEGER && p2 <= Number.MAX_SAFE_INTEGER) return p1 - p2;
  const [h1, e1] = twoProduct(x1, y1);
  const [h2, e2] = twoProduct(x2, y2);
  // TwoSum of h1 and -h2: s + t = h1 - h2 exactly.
  const s = h1 - h2;
  const v = s - h1;
  const t = h1 - (s - v) + (-h2 - v);
  // t, e1 and e2 are integers far below 2^53 in magnitude, so their sum is exact.
  return s + (t + (e1 - e2));
}
