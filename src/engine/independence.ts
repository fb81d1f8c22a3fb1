/**
 * Margins, expected counts and the exact cell deviations of the independence model.
 *
 * For each cell, `E = a b / N` and the relative deviation `t = (N n - a b) / (a b)`, whose
 * numerator is formed exactly (METHODS.md): `n - E = E t`. Every statistic built on the
 * deviations (Pearson X2, G, residuals) uses `t`, so none of them suffers the cancellation of
 * `n - E` near independence.
 */
import { crossDifference } from './exact-arithmetic.js';
import type { Table } from './types.js';

export interface Margins {
  rowSums: number[];
  colSums: number[];
  total: number;
}

export interface IndependenceModel extends Margins {
  /** `E_ij = a_i b_j / N`. */
  expected: number[][];
  /** `t_ij = (N n_ij - a_i b_j) / (a_i b_j)`, so that `n_ij - E_ij = E_ij t_ij`. */
  relativeDeviation: number[][];
  /** `N n_ij - a_i b_j`, correctly rounded. */
  scaledDeviation: number[][];
}

export function margins(table: Table): Margins {
  const colSums = new Array<number>(table[0]!.length).fill(0);
  const rowSums = table.map((row) => {
    let sum = 0;
    row.forEach((count, j) => {
      sum += count;
      colSums[j]! += count;
    });
    return sum;
  });
  const total = rowSums.reduce((s, x) => s + x, 0);
  return { rowSums, colSums, total };
}

export function independenceModel(table: Table): IndependenceModel {
  const { rowSums, colSums, total } = margins(table);
  const rows = table.length;
  const cols = colSums.length;
  const expected: number[][] = new Array(rows);
  const relativeDeviation: number[][] = new Array(rows);
  const scaledDeviation: number[][] = new Array(rows);
  for (let i = 0; i < rows; i += 1) {
    const row = table[i]!;
    const a = rowSums[i]!;
    const eRow = new Array<number>(cols);
    const tRow = new Array<number>(cols);
    const dRow = new Array<number>(cols);
    for (let j = 0; j < cols; j += 1) {
      const b = colSums[j]!;
      const ab = a * b;
      const deviation = crossDifference(total, row[j]!, a, b);
      eRow[j] = ab / total;
      tRow[j] = deviation / ab;
      dRow[j] = deviation;
    }
    expected[i] = eRow;
    relativeDeviation[i] = tRow;
    scaledDeviation[i] = dRow;
  }
  return { rowSums, colSums, total, expected, relativeDeviation, scaledDeviation };
}
