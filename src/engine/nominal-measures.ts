/**
 * Nominal association measures: Goodman and Kruskal's lambda (1954), proportional reduction in
 * error of predicting one variable's modal category, and Theil's uncertainty coefficient U
 * (Theil 1970), the mutual information `I = G / (2N)` (from the accurate G) over an entropy.
 *
 * Lambda is a ratio of integer sums (exact in doubles). Entropies use `log1p` for dominant
 * categories so that `H` keeps its digits when one margin holds almost all of N.
 */
import type { Margins } from './independence.js';
import { clampUnit } from './measure-range.js';
import type { DirectionalMeasure, Table, TheilsU } from './types.js';

const max = (values: readonly number[]): number => values.reduce((m, v) => (v > m ? v : m), 0);

export function goodmanKruskalLambda(table: Table, margins: Margins): DirectionalMeasure {
  const n = margins.total;
  const cols = margins.colSums.length;
  let sumOfColumnMaxima = 0; // sum_j max_i n_ij
  for (let j = 0; j < cols; j += 1) sumOfColumnMaxima += max(table.map((row) => row[j]!));
  const sumOfRowMaxima = table.reduce((s, row) => s + max(row), 0); // sum_i max_j n_ij
  const maxRow = max(margins.rowSums);
  const maxCol = max(margins.colSums);
  return {
    symmetric: (sumOfColumnMaxima + sumOfRowMaxima - maxRow - maxCol) / (2 * n - maxRow - maxCol),
    rowDependent: (sumOfColumnMaxima - maxRow) / (n - maxRow),
    colDependent: (sumOfRowMaxima - maxCol) / (n - maxCol),
  };
}

/** Shannon entropy (nats) of the distribution `counts / total`. */
export function entropy(counts: readonly number[], total: number): number {
  let h = 0;
  for (const count of counts) {
    if (count === 0) continue;
    const share = count / total;
    const logShare = 2 * count > total ? Math.log1p(-(total - count) / total) : Math.log(share);
    h -= share * logShare;
  }
  return h;
}

export function theilsU(margins: Margins, gStatistic: number): TheilsU {
  const mutualInformation = gStatistic / (2 * margins.total);
  const rowEntropy = entropy(margins.rowSums, margins.total);
  const colEntropy = entropy(margins.colSums, margins.total);
  return {
    symmetric: clampUnit((2 * mutualInformation) / (rowEntropy + colEntropy)),
    rowGivenCol: clampUnit(mutualInformation / rowEntropy),
    colGivenRow: clampUnit(mutualInformation / colEntropy),
  };
}
