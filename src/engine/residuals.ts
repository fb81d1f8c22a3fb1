/**
 * Cell residuals of the independence model: Pearson residuals `(n - E) / sqrt(E)` and
 * Haberman's (1973) adjusted standardized residuals `(n - E) / sqrt(E (1 - a/N) (1 - b/N))`,
 * both from the exact deviation `n - E = E t`.
 */
import type { IndependenceModel } from './independence.js';
import type { Residuals } from './types.js';

export function residuals(model: IndependenceModel): Residuals {
  const n = model.total;
  const rowShareComplement = model.rowSums.map((a) => (n - a) / n);
  const colShareComplement = model.colSums.map((b) => (n - b) / n);
  const pearson = model.expected.map((row, i) =>
    row.map((e, j) => model.relativeDeviation[i]![j]! * Math.sqrt(e)),
  );
  const adjusted = pearson.map((row, i) =>
    row.map((r, j) => r / Math.sqrt(rowShareComplement[i]! * colShareComplement[j]!)),
  );
  return { pearson, adjusted };
}
