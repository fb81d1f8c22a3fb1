/**
 * Moments and tails of Fisher's noncentral hypergeometric distribution of the first cell,
 * P(Y = y; psi) proportional to w(y) psi^y (Fisher 1935; Cornfield 1956; Agresti 2002, 3.5),
 * the conditional distribution behind the conditional maximum-likelihood odds ratio and the
 * exact interval of R fisher.test.
 *
 * Weights by the ratio recurrence times psi, relative to the noncentral mode, summed over the
 * window where they are not negligible. Offsets are small integers relative to the mode, so
 * moments keep their digits when the cells themselves are near 1e12.
 */
import { modeOf, NEGLIGIBLE, ratioDown, ratioUp } from './hypergeometric-weights.js';
import type { SupportPath } from './support.js';

/** Everything the root finders need at one value of log(psi). */
export interface NoncentralSummary {
  /** E[Y] - observed. */
  meanOffset: number;
  /** Var(Y): d E[Y] / d log(psi). */
  variance: number;
  /** log P(Y >= observed); -Infinity when that tail is negligible. */
  logUpper: number;
  /** E[Y | Y >= observed] - E[Y]: d log P(Y >= observed) / d log(psi). */
  upperShift: number;
  /** log P(Y <= observed); -Infinity when that tail is negligible. */
  logLower: number;
  /** E[Y | Y <= observed] - E[Y]: d log P(Y <= observed) / d log(psi). */
  lowerShift: number;
}

/** Running sums of one walk: weights, first and second moments about the mode, and the tails. */
interface Sums {
  total: number;
  first: number;
  second: number;
  upper: number;
  upperFirst: number;
  lower: number;
  lowerFirst: number;
}

function addTerm(sums: Sums, term: number, offset: number, atOrAbove: boolean, atOrBelow: boolean): void {
  const first = term * offset;
  sums.total += term;
  sums.first += first;
  sums.second += first * offset;
  if (atOrAbove) {
    sums.upper += term;
    sums.upperFirst += first;
  }
  if (atOrBelow) {
    sums.lower += term;
    sums.lowerFirst += first;
  }
}

/** Summary of the distribution of the first cell's offset at log odds ratio `logPsi`. */
export function noncentralSummary(path: SupportPath, logPsi: number): NoncentralSummary {
  const psi = Math.exp(logPsi);
  const inversePsi = Math.exp(-logPsi);
  const { last, observed } = path;
  const mode = modeOf(path, psi);
  const sums: Sums = { total: 0, first: 0, second: 0, upper: 0, upperFirst: 0, lower: 0, lowerFirst: 0 };

  for (let y = mode, term = 1; ; ) {
    addTerm(sums, term, y - mode, y >= observed, y <= observed);
    if (y >= last) break;
    const r = ratioUp(path, y) * psi;
    term *= r;
    y += 1;
    if (r < 1 && term <= sums.total * NEGLIGIBLE * (1 - r)) break;
  }
  if (mode > 0) {
    for (let y = mode - 1, term = ratioDown(path, mode) * inversePsi; ; ) {
      addTerm(sums, term, y - mode, y >= observed, y <= observed);
      if (y <= 0) break;
      const r = ratioDown(path, y) * inversePsi;
      term *= r;
      y -= 1;
      if (r < 1 && term <= sums.total * NEGLIGIBLE * (1 - r)) break;
    }
  }

  const mean = sums.first / sums.total;
  return {
    meanOffset: mean + (mode - observed),
    variance: Math.max(0, sums.second / sums.total - mean * mean),
    logUpper: Math.log(sums.upper / sums.total),
    upperShift: sums.upperFirst / sums.upper - mean,
    logLower: Math.log(sums.lower / sums.total),
    lowerShift: sums.lowerFirst / sums.lower - mean,
  };
}
