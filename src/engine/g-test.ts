/**
 * The likelihood-ratio G-test of independence (Woolf 1957; Sokal & Rohlf), without Williams'
 * or Yates' correction: `G = 2 sum n ln(n / E)`.
 *
 * Summed as `2 sum E ((1+t) ln(1+t) - t)` (METHODS.md): every term is non-negative, and near
 * independence (small |t|) the bracket is taken from its series `t^2/2 - t^3/6 + t^4/12 - ...`,
 * so G stays accurate where the textbook sum of `n ln(n/E)` cancels to noise or goes negative.
 */
import { chiSquareUpperTail } from './chi-square-distribution.js';
import { degreesOfFreedom } from './pearson-chi-square.js';
import type { IndependenceModel } from './independence.js';
import type { GTestResult } from './types.js';

const SERIES_LIMIT = 0.1;

/** `(1+t) ln(1+t) - t` for t >= -1, without cancellation. */
export function entropyDeviation(t: number): number {
  if (t === -1) return 1;
  if (Math.abs(t) >= SERIES_LIMIT) return (1 + t) * Math.log1p(t) - t;
  // sum_{k>=2} (-1)^k t^k / (k (k-1)); |t| < 0.1 so 16 terms reach double precision.
  let power = t * t;
  let sum = 0;
  for (let k = 2; k <= 18; k += 1) {
    sum += power / (k * (k - 1));
    power *= -t;
  }
  return sum;
}

export function gStatistic(model: IndependenceModel): number {
  let sum = 0;
  model.expected.forEach((row, i) => {
    const deviations = model.relativeDeviation[i]!;
    for (let j = 0; j < row.length; j += 1) sum += row[j]! * entropyDeviation(deviations[j]!);
  });
  return 2 * sum;
}

export function gTest(model: IndependenceModel): GTestResult {
  const statistic = gStatistic(model);
  const df = degreesOfFreedom(model);
  return { gStatistic: statistic, degreesOfFreedom: df, pValue: chiSquareUpperTail(statistic, df) };
}
