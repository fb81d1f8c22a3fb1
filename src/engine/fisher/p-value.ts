/**
 * Two-sided p-value of Fisher's exact test for a 2x2 table (Fisher 1935; Irwin 1935), with
 * R fisher.test's rule: the sum of the hypergeometric probabilities of the tables whose
 * probability is at most P(observed) * (1 + 1e-7), capped at 1, exactly 1 when every table
 * qualifies.
 *
 * Method: weights relative to the mode by the ratio recurrence. The normalizing sum is taken
 * over the non-negligible window around the mode; the qualifying tables form two tails (the
 * distribution is unimodal), each summed outward from its first qualifying table with weights
 * relative to the observed one, so that neither sum underflows. The observed weight relative
 * to the mode is carried as mantissa * 2^exponent, which keeps p-values far below 1e-308
 * correct to the last subnormal and stops once p is certain to round to 0.
 */
import { centralTotal, modeOf, ratioDown, ratioUp, sumOutward } from './hypergeometric-weights.js';
import type { SupportPath } from './support.js';

/** R's relative tolerance for "as or less probable than the observed table". */
const TIE_FACTOR = 1 + 1e-7;
const RESCALE_BITS = 512;
const RESCALE_UP = 2 ** RESCALE_BITS;
const RESCALE_THRESHOLD = 2 ** -RESCALE_BITS;
/** Below 2^-1600 relative to the mode, the p-value (at most 1e12 such tables) rounds to 0. */
const UNDERFLOW_EXPONENT = -1600;

export interface PValueDetail {
  pValue: number;
  /** How many tables of the support entered the sum; NaN when the p-value underflows to 0. */
  tablesIncluded: number;
}

/** x * 2^exponent, with gradual underflow for very negative exponents. */
function timesPowerOfTwo(x: number, exponent: number): number {
  let value = x;
  let rest = exponent;
  while (rest < -1000) {
    value *= 2 ** -1000;
    rest += 1000;
  }
  return value * 2 ** rest;
}

/**
 * Two-sided Fisher-Irwin p-value of the table at `path.observed`, and the number of tables
 * summed. Cost: a few dozen standard deviations of the distribution, not the support size.
 */
export function twoSidedPValue(path: SupportPath): PValueDetail {
  const { last, observed } = path;
  const everyTable: PValueDetail = { pValue: 1, tablesIncluded: last + 1 };
  const mode = modeOf(path, 1);
  if (observed === mode) return everyTable;
  const up = observed > mode;
  const outward: 1 | -1 = up ? 1 : -1;

  // w(observed) / w(mode) = mantissa * 2^exponent.
  let mantissa = 1;
  let exponent = 0;
  for (let y = mode; y !== observed; y += outward) {
    mantissa *= up ? ratioUp(path, y) : ratioDown(path, y);
    if (mantissa < RESCALE_THRESHOLD) {
      mantissa *= RESCALE_UP;
      exponent -= RESCALE_BITS;
      if (exponent < UNDERFLOW_EXPONENT) return { pValue: 0, tablesIncluded: NaN };
    }
  }
  if (exponent === 0 && 1 <= mantissa * TIE_FACTOR) return everyTable;

  // Observed side: the tail beyond the observed table, plus any tables between it and the
  // mode that are within the tie factor (only on an almost flat top).
  let qualifying = sumOutward(path, observed, outward, 1, 1);
  let count = up ? last - observed + 1 : observed + 1;
  for (let y = observed, weight = 1; ; ) {
    weight *= up ? ratioDown(path, y) : ratioUp(path, y);
    y -= outward;
    if (weight > TIE_FACTOR) break;
    qualifying += weight;
    count += 1;
  }

  // Other side: walk from the mode to the first table as improbable as the observed one.
  const otherWay: 1 | -1 = up ? -1 : 1;
  let weight = 1;
  let weightExponent = 0;
  let scale = 2 ** -exponent;
  for (let y = mode; ; ) {
    const relative = (weight / mantissa) * scale;
    if (relative <= TIE_FACTOR) {
      qualifying += sumOutward(path, y, otherWay, relative, 1);
      count += up ? y + 1 : last - y + 1;
      break;
    }
    if (up ? y <= 0 : y >= last) break;
    weight *= up ? ratioDown(path, y) : ratioUp(path, y);
    y += otherWay;
    if (weight < RESCALE_THRESHOLD) {
      weight *= RESCALE_UP;
      weightExponent -= RESCALE_BITS;
      scale = 2 ** (weightExponent - exponent);
    }
  }

  const total = centralTotal(path, mode);
  const pValue = timesPowerOfTwo((qualifying * mantissa) / total, exponent);
  return { pValue: Math.min(1, pValue), tablesIncluded: count };
}
