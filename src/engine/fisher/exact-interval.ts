/**
 * Exact conditional 95% interval for the odds ratio of a 2x2 table (Cornfield 1956; Agresti
 * 2002, 3.6.1; as R fisher.test): the lower limit solves P(Y >= observed; psi) = 0.025 and the
 * upper limit P(Y <= observed; psi) = 0.025 under Fisher's noncentral hypergeometric
 * distribution; 0 and +infinity at the ends of the support. Each is solved in log(psi) on the
 * log of the tail (d log P(Y >= a) / d log psi = E[Y | Y >= a] - E[Y]) by safeguarded Newton,
 * starting from the MLE plus or minus 1.96 conditional standard errors.
 */
import { haldaneLogOddsRatio, LOG_PSI_LIMIT, LOG_PSI_TOLERANCE, type ConditionalMle } from './conditional-mle.js';
import { noncentralSummary } from './noncentral.js';
import { increasingRoot } from './root-finding.js';
import type { SupportPath } from './support.js';

const LOG_TAIL = Math.log(0.025);
const Z_975 = 1.959963984540054;

/** Where to start the search for a limit `direction` (-1 lower, +1 upper) standard errors out. */
function startingPoint(path: SupportPath, mle: ConditionalMle, direction: -1 | 1): number {
  if (Number.isFinite(mle.logOddsRatio) && mle.information > 0) {
    return mle.logOddsRatio + (direction * Z_975) / Math.sqrt(mle.information);
  }
  const y = path.observed;
  const woolfVariance = 1 / (path.a0 + y + 0.5) + 1 / (path.b0 - y + 0.5) + 1 / (path.c0 - y + 0.5) + 1 / (path.d0 + y + 0.5);
  return haldaneLogOddsRatio(path) + direction * Z_975 * Math.sqrt(woolfVariance);
}

/** [lower, upper] limits of log(psi); -Infinity / +Infinity at the support ends. */
export function exactLogInterval(path: SupportPath, mle: ConditionalMle): [number, number] {
  const lower =
    path.observed === 0
      ? -Infinity
      : increasingRoot(
          (logPsi) => {
            const summary = noncentralSummary(path, logPsi);
            return { value: summary.logUpper - LOG_TAIL, slope: summary.upperShift };
          },
          { start: startingPoint(path, mle, -1), tolerance: LOG_PSI_TOLERANCE, limit: LOG_PSI_LIMIT },
        );
  const upper =
    path.observed === path.last
      ? Infinity
      : increasingRoot(
          (logPsi) => {
            const summary = noncentralSummary(path, logPsi);
            return { value: LOG_TAIL - summary.logLower, slope: -summary.lowerShift };
          },
          { start: startingPoint(path, mle, 1), tolerance: LOG_PSI_TOLERANCE, limit: LOG_PSI_LIMIT },
        );
  return [lower, upper];
}
