/**
 * Association measures derived from Pearson's X2: Cramér's V (Cramér 1946) with Cohen's (1988)
 * effect-size label scaled by `k = min(r, c) - 1`, signed phi for 2x2 tables, and Pearson's
 * contingency coefficient `C = sqrt(X2 / (X2 + N))`.
 *
 * The label is decided exactly (METHODS.md): since `k V^2 = X2 / N`, the thresholds are
 * `X2 / N` against 1/100, 9/100 and 1/4, on a threshold the higher label. Far from a threshold
 * the double suffices; within 1e-9 of one, `X2 / N = sum n^2 / (a b) - 1` is compared in
 * exact rational arithmetic (BigInt).
 */
import type { IndependenceModel } from './independence.js';
import { clampSigned, clampUnit } from './measure-range.js';
import type { CramersV, CramersVLabel, Table } from './types.js';

/** Lower bounds of each label on the scale of `X2 / N`, as fractions p/q, highest first. */
const LABEL_THRESHOLDS: readonly { label: CramersVLabel; p: bigint; q: bigint }[] = [
  { label: 'large', p: 1n, q: 4n },
  { label: 'medium', p: 9n, q: 100n },
  { label: 'small', p: 1n, q: 100n },
];

const NEAR_THRESHOLD = 1e-9;

/** Exact sign of `X2/N - p/q`, from `X2/N = sum n^2 / (a b) - 1`. */
function compareExactly(table: Table, model: IndependenceModel, p: bigint, q: bigint): number {
  const rows = model.rowSums.map(BigInt);
  const cols = model.colSums.map(BigInt);
  const product = (values: bigint[], skip: number): bigint =>
    values.reduce((acc, v, index) => (index === skip ? acc : acc * v), 1n);
  const denominator = product(rows, -1) * product(cols, -1);
  let numerator = 0n;
  const otherCols = cols.map((_, j) => product(cols, j));
  table.forEach((row, i) => {
    const otherRows = product(rows, i);
    row.forEach((count, j) => {
      const n = BigInt(count);
      numerator += n * n * otherRows * otherCols[j]!;
    });
  });
  // X2/N - p/q has the sign of q (numerator - denominator) - p denominator.
  const difference = q * (numerator - denominator) - p * denominator;
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}

export function cramersVLabel(table: Table, model: IndependenceModel, chiSquare: number): CramersVLabel {
  const ratio = chiSquare / model.total;
  for (const { label, p, q } of LABEL_THRESHOLDS) {
    const threshold = Number(p) / Number(q);
    const atOrAbove =
      Math.abs(ratio - threshold) > NEAR_THRESHOLD * threshold
        ? ratio > threshold
        : compareExactly(table, model, p, q) >= 0;
    if (atOrAbove) return label;
  }
  return 'negligible';
}

export function cramersV(table: Table, model: IndependenceModel, chiSquare: number): CramersV {
  const k = Math.min(model.rowSums.length, model.colSums.length) - 1;
  return {
    value: clampUnit(Math.sqrt(chiSquare / (model.total * k))),
    label: cramersVLabel(table, model, chiSquare),
  };
}

/** Signed phi `(n11 n22 - n12 n21) / sqrt(a1 a2 b1 b2)` for 2x2 tables; null otherwise. */
export function phiCoefficient(model: IndependenceModel): number | null {
  if (model.rowSums.length !== 2 || model.colSums.length !== 2) return null;
  const [a1, a2] = model.rowSums as [number, number];
  const [b1, b2] = model.colSums as [number, number];
  return clampSigned(model.scaledDeviation[0]![0]! / (Math.sqrt(a1 * b1) * Math.sqrt(a2 * b2)));
}

export function contingencyCoefficient(model: IndependenceModel, chiSquare: number): number {
  return clampUnit(Math.sqrt(chiSquare / (chiSquare + model.total)));
}
