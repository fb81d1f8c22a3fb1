/**
 * The sample odds ratio `ad / bc` of a 2x2 table with Woolf's (1955) logit interval
 * `exp(ln(ad/bc) +/- z sqrt(1/a + 1/b + 1/c + 1/d))`, z the normal 0.975 quantile.
 * Zero cells: the ratio is 0 (ad = 0) or unbounded (bc = 0, encoded null + positive_infinity),
 * and the interval is [0, +infinity) (METHODS.md).
 */
import { WOOLF_METHOD, type Cells2x2, type OddsRatioResult } from './types.js';

export const NORMAL_QUANTILE_975 = 1.959963984540054;

export interface WoolfOutcome {
  result: OddsRatioResult;
  /** Why the interval is unbounded, null when the table has no zero cell. */
  note: string | null;
}

export function woolfOddsRatio([a, b, c, d]: Cells2x2): WoolfOutcome {
  if (a === 0 || b === 0 || c === 0 || d === 0) {
    const unbounded = b === 0 || c === 0;
    return {
      result: {
        value: unbounded ? null : 0,
        valueState: unbounded ? 'positive_infinity' : 'finite',
        ci95: [0, null],
        ci95States: ['finite', 'positive_infinity'],
        method: WOOLF_METHOD,
      },
      note:
        `The table has a zero cell, so the sample odds ratio is ${unbounded ? 'infinite' : '0'} and ` +
        'the Woolf interval, which needs the logarithm of every cell, is reported as [0, infinity). ' +
        "The conditional estimate and exact interval of Fisher's test remain informative.",
    };
  }
  const value = (a / b) * (d / c);
  const logValue = Math.log(value);
  const halfWidth = NORMAL_QUANTILE_975 * Math.sqrt(1 / a + 1 / b + 1 / c + 1 / d);
  return {
    result: {
      value,
      valueState: 'finite',
      ci95: [Math.exp(logValue - halfWidth), Math.exp(logValue + halfWidth)],
      ci95States: ['finite', 'finite'],
      method: WOOLF_METHOD,
    },
    note: null,
  };
}
