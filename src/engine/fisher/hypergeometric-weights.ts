/**
 * Relative weights of the hypergeometric distribution of the first cell (and of Fisher's
 * noncentral hypergeometric, weights w(y) psi^y) along a 2x2 support, by the ratio recurrence
 * w(y+1)/w(y) = b c / ((a+1)(d+1)) of the table at offset y (Feller 1968, II.6). Every
 * factor is an exact integer, so one ratio costs four roundings whatever the size of N: no
 * log-gamma of huge arguments (whose absolute error would swamp the probabilities) is taken.
 *
 * The distribution is log-concave: the ratio decreases along the support, so from the mode
 * outward the terms fall at least geometrically, and a walk stops once the geometric bound on
 * what is left is below NEGLIGIBLE of the running sum. The cost follows the spread of the
 * distribution (a few dozen standard deviations at most), never the size of the support.
 */
import type { SupportPath } from './support.js';

/** Relative size below which the rest of a sum cannot change a double. */
export const NEGLIGIBLE = 2 ** -60;

/** w(y+1) / w(y), for 0 <= y < last (0 at y = last). */
export function ratioUp(path: SupportPath, y: number): number {
  return ((path.b0 - y) * (path.c0 - y)) / ((path.a0 + y + 1) * (path.d0 + y + 1));
}

/** w(y-1) / w(y), for 0 < y <= last. */
export function ratioDown(path: SupportPath, y: number): number {
  return ((path.a0 + y) * (path.d0 + y)) / ((path.b0 - y + 1) * (path.c0 - y + 1));
}

/**
 * Mode of the weights w(y) psi^y: the smallest y with w(y+1) psi < w(y), found by
 * bisection on the decreasing ratio (about 17 steps for a support of 100000). With two equal
 * modes it is the upper one.
 */
export function modeOf(path: SupportPath, psi: number): number {
  let low = 0;
  let high = path.last;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (ratioUp(path, mid) * psi < 1) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * Sum of the weights t(y0), t(y0 + dir), ... relative to t(y0) = start, walking away from the
 * mode (so every ratio taken is at most 1) until the remainder is negligible or the support
 * ends. `psi` is the noncentrality (1 for the central distribution).
 */
export function sumOutward(path: SupportPath, y0: number, dir: 1 | -1, start: number, psi: number): number {
  let sum = 0;
  let term = start;
  let y = y0;
  if (dir > 0) {
    for (;;) {
      sum += term;
      if (y >= path.last) return sum;
      const r = ratioUp(path, y) * psi;
      term *= r;
      y += 1;
      if (r < 1 && term <= sum * NEGLIGIBLE * (1 - r)) return sum;
    }
  }
  const inversePsi = 1 / psi;
  for (;;) {
    sum += term;
    if (y <= 0) return sum;
    const r = ratioDown(path, y) * inversePsi;
    term *= r;
    y -= 1;
    if (r < 1 && term <= sum * NEGLIGIBLE * (1 - r)) return sum;
  }
}

/** Sum of every non-negligible central weight relative to the weight at `mode`. */
export function centralTotal(path: SupportPath, mode: number): number {
  const above = sumOutward(path, mode, 1, 1, 1);
  return mode > 0 ? above + sumOutward(path, mode - 1, -1, ratioDown(path, mode), 1) : above;
}
