/**
 * Number formatting for the terminal report of `contingency-api analyze`: significant digits in
 * plain decimal notation where a reader expects it, exponent notation for the very small and very
 * large, and the contract's null + `positive_infinity` encoding shown as ∞.
 */
import type { ValueState } from '../engine/types.js';

/** Significant digits of statistics, measures, expected counts and p-values. */
export const SIGNIFICANT_DIGITS = 4;

/** Smallest positive double: a p-value that underflowed to 0 is below it. */
const SMALLEST_DOUBLE = '5e-324';

/**
 * A number to `digits` significant digits: plain notation (`0.1249`, `12.35`, `123457`) for
 * 1e-4 <= |x| < 1e15, exponent notation (`3.083e-21`) outside; exact zero and integers as they are.
 */
export function formatNumber(x: number, digits: number = SIGNIFICANT_DIGITS): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  if (x === 0) return '0';
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return String(x);
  const magnitude = Math.abs(x);
  if (magnitude < 1e-4 || magnitude >= 1e15) return x.toExponential(digits - 1);
  const exponent = Math.floor(Math.log10(magnitude));
  const fixed = x.toFixed(Math.max(0, digits - 1 - exponent));
  // Rounding may carry into a new leading digit (9.9996 -> 10.000): keep `digits` significant.
  return Math.abs(Number(fixed)) >= 10 ** (exponent + 1)
    ? x.toFixed(Math.max(0, digits - 2 - exponent))
    : fixed;
}

/** A p-value: like formatNumber, but a p-value that underflowed to 0 reads `< 5e-324`. */
export function formatPValue(p: number): string {
  return p === 0 ? `< ${SMALLEST_DOUBLE}` : formatNumber(p);
}

/** A number that may be unbounded (null + `positive_infinity`, service description "Sub-objects"). */
export function formatBounded(value: number | null, state: ValueState): string {
  if (state === 'positive_infinity' || value === null) return '∞';
  return formatNumber(value);
}

/** A 95% interval `[lo, hi]`, with an open bracket at an infinite end: `[0.6491, ∞)`. */
export function formatInterval(
  bounds: readonly [number | null, number | null],
  states: readonly [ValueState, ValueState],
): string {
  const lo = formatBounded(bounds[0], states[0]);
  const hi = formatBounded(bounds[1], states[1]);
  return `[${lo}, ${hi}${hi === '∞' ? ')' : ']'}`;
}
