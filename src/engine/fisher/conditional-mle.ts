/**
 * Conditional maximum-likelihood estimate of the odds ratio of a 2x2 table (Fisher 1935;
 * Agresti 2002, 3.5.7; as R fisher.test): the psi at which the mean of Fisher's noncentral
 * hypergeometric distribution equals the observed first cell. Solved in log(psi) by Newton's
 * method (d E[Y] / d log psi = Var Y) with a bracketing safeguard. 0 when the observed cell is
 * the lower end of the support, +infinity at the upper end.
 */
import { noncentralSummary } from './noncentral.js';
import { increasingRoot } from './root-finding.js';
import type { SupportPath } from './support.js';

/** Bound on |log psi| searched: every root for counts up to 1e12 lies far inside it. */
export const LOG_PSI_LIMIT = 700;
/** Absolute tolerance on log(psi), i.e. relative tolerance on psi. */
export const LOG_PSI_TOLERANCE = 1e-12;

export interface ConditionalMle {
  /** log of the estimate: -Infinity at the lower end of the support, +Infinity at the upper. */
  logOddsRatio: number;
  /** Var(Y) at the estimate (the conditional information on log psi); NaN at the support ends. */
  information: number;
}

/** log of the sample odds ratio with 0.5 added to every cell (Haldane 1956): a starting point. */
export function haldaneLogOddsRatio(path: SupportPath): number {
  const y = path.observed;
  return (
    Math.log(path.a0 + y + 0.5) + Math.log(path.d0 + y + 0.5) - Math.log(path.b0 - y + 0.5) - Math.log(path.c0 - y + 0.5)
  );
}

/** Conditional MLE of log(psi) for the observed table. */
export function conditionalMle(path: SupportPath): ConditionalMle {
  if (path.observed === 0) return { logOddsRatio: -Infinity, information: NaN };
  if (path.observed === path.last) return { logOddsRatio: Infinity, information: NaN };
  let information = NaN;
  const logOddsRatio = increasingRoot(
    (logPsi) => {
      const summary = noncentralSummary(path, logPsi);
      information = summary.variance;
      return { value: summary.meanOffset, slope: summary.variance };
    },
    { start: haldaneLogOddsRatio(path), tolerance: LOG_PSI_TOLERANCE, limit: LOG_PSI_LIMIT },
  );
  return { logOddsRatio, information };
}
