/**
 * Pearson's chi-square test of independence (Pearson 1900) and, for 2x2 tables, Yates'
 * continuity-corrected statistic (Yates 1934) in R's `chisq.test(correct = TRUE)` convention.
 *
 * `X2 = sum E t^2` with the exact relative deviations `t` of `independence.ts`: a sum of
 * non-negative terms, accurate to a few ulps however close the table is to independence.
 * Yates uses the closed form `N max(0, |ad - bc| - N/2)^2 / (a1 a2 b1 b2)` (METHODS.md).
 */
import { chiSquareUpperTail } from './chi-square-distribution.js';
import type { IndependenceModel } from './independence.js';
import type { ChiSquareResult } from './types.js';

export function degreesOfFreedom(model: IndependenceModel): number {
  return (model.rowSums.length - 1) * (model.colSums.length - 1);
}

export function pearsonStatistic(model: IndependenceModel): number {
  let sum = 0;
  model.expected.forEach((row, i) => {
    const deviations = model.relativeDeviation[i]!;
    for (let j = 0; j < row.length; j += 1) sum += row[j]! * deviations[j]! * deviations[j]!;
  });
  return sum;
}

export function pearsonChiSquare(model: IndependenceModel): ChiSquareResult {
  const chiSquare = pearsonStatistic(model);
  const df = degreesOfFreedom(model);
  return { chiSquare, degreesOfFreedom: df, pValue: chiSquareUpperTail(chiSquare, df) };
}

/** Yates-corrected chi-square for a 2x2 table; null for larger tables. */
export function yatesChiSquare(model: IndependenceModel): ChiSquareResult | null {
  if (model.rowSums.length !== 2 || model.colSums.length !== 2) return null;
  const [a1, a2] = model.rowSums as [number, number];
  const [b1, b2] = model.colSums as [number, number];
  const n = model.total;
  // For a 2x2 table N n11 - a1 b1 = n11 n22 - n12 n21 exactly.
  const crossProductDifference = Math.abs(model.scaledDeviation[0]![0]!);
  const corrected = Math.max(0, crossProductDifference - n / 2);
  const statistic = corrected === 0 ? 0 : (((n * corrected) / (a1 * a2)) * corrected) / (b1 * b2);
  return { chiSquare: statistic, degreesOfFreedom: 1, pValue: chiSquareUpperTail(statistic, 1) };
}
