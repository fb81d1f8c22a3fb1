/**
 * Fisher's exact test for 2x2 tables (Fisher 1935; Irwin 1935), as R fisher.test defines it:
 * the two-sided p-value, the conditional maximum-likelihood odds ratio and the exact
 * conditional 95% interval (Cornfield 1956), accurate for counts up to 1e12.
 *
 * Callers check fisherSupport(cells).size against FISHER_SUPPORT_LIMIT first. The kernels
 * never throw: cells that are not non-negative safe integers with positive margins give NaN.
 */
import type { Cells2x2, FishersExactResult } from '../types.js';
import { conditionalMle } from './conditional-mle.js';
import { exactLogInterval } from './exact-interval.js';
import { twoSidedPValue, type PValueDetail } from './p-value.js';
import { supportPath, type SupportPath } from './support.js';

export { FISHER_SUPPORT_LIMIT, fisherSupport, type FisherSupport } from './support.js';

/** The path of a table inside the kernels' domain (positive margins: at least two tables), or null. */
function domainPath(cells: Cells2x2): SupportPath | null {
  const path = supportPath(cells);
  return path !== null && path.last > 0 ? path : null;
}

/** Two-sided p-value with the number of tables summed (NaN outside the domain or when p underflows). */
export function fisherPValueDetail(cells: Cells2x2): PValueDetail {
  const path = domainPath(cells);
  return path === null ? { pValue: NaN, tablesIncluded: NaN } : twoSidedPValue(path);
}

/** Two-sided Fisher-Irwin p-value (R's rule: tables with probability <= P(observed)(1 + 1e-7)). */
export function fisherPValue(cells: Cells2x2): number {
  return fisherPValueDetail(cells).pValue;
}

/** p-value, conditional MLE odds ratio and exact 95% interval of a 2x2 table. */
export function fisherExactTest(cells: Cells2x2): FishersExactResult {
  const path = domainPath(cells);
  if (path === null) {
    return {
      pValue: NaN,
      oddsRatio: NaN,
      oddsRatioState: 'finite',
      oddsRatioCI: [NaN, NaN],
      oddsRatioCIStates: ['finite', 'finite'],
    };
  }
  const mle = conditionalMle(path);
  const [lower, upper] = exactLogInterval(path, mle);
  const unboundedEstimate = mle.logOddsRatio === Infinity;
  const unboundedUpper = upper === Infinity;
  return {
    pValue: twoSidedPValue(path).pValue,
    oddsRatio: unboundedEstimate ? null : Math.exp(mle.logOddsRatio),
    oddsRatioState: unboundedEstimate ? 'positive_infinity' : 'finite',
    oddsRatioCI: [Math.exp(lower), unboundedUpper ? null : Math.exp(upper)],
    oddsRatioCIStates: ['finite', unboundedUpper ? 'positive_infinity' : 'finite'],
  };
}
