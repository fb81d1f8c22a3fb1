/**
 * The whole contingency analysis of a validated table, except the exact test (which runs in
 * the worker pool): one pass builds the independence model with exact deviations, and every
 * statistic of METHODS.md is derived from it. Pure: no I/O, never throws for a valid table.
 */
import { expectedCounts, lowExpectedCountWarning } from './expected-counts.js';
import { FISHER_SUPPORT_LIMIT, fisherSupport } from './fisher/index.js';
import { gTest } from './g-test.js';
import { independenceModel } from './independence.js';
import { contingencyCoefficient, cramersV, phiCoefficient } from './chi-square-measures.js';
import { goodmanKruskalGamma, kendallTau, pairCounts, somersD } from './ordinal-measures.js';
import { goodmanKruskalLambda, theilsU } from './nominal-measures.js';
import { pearsonChiSquare, yatesChiSquare } from './pearson-chi-square.js';
import { residuals } from './residuals.js';
import { woolfOddsRatio } from './woolf-odds-ratio.js';
import type { Cells2x2, FisherPlan, Table, TableStatistics } from './types.js';

/** The cells `[a, b, c, d]` of a 2x2 table, or null for a larger table. */
export function cellsOf2x2(table: Table): Cells2x2 | null {
  if (table.length !== 2 || table[0]!.length !== 2) return null;
  const [[a, b], [c, d]] = table as [[number, number], [number, number]];
  return [a, b, c, d];
}

/** The statistics of /api/v1/chi-square only: the tests, Cramér's V and the expected-count summary. */
export type ChiSquareStatistics = Pick<TableStatistics, 'chiSquare' | 'chiSquareYates' | 'gTest' | 'cramersV' | 'expected' | 'warning'>;

export function chiSquareStatistics(table: Table): ChiSquareStatistics {
  const model = independenceModel(table);
  const chiSquare = pearsonChiSquare(model);
  const expected = expectedCounts(model);
  return {
    chiSquare,
    chiSquareYates: yatesChiSquare(model),
    gTest: gTest(model),
    cramersV: cramersV(table, model, chiSquare.chiSquare),
    expected,
    warning: lowExpectedCountWarning(expected, cellsOf2x2(table) !== null),
  };
}

export function analyzeTable(table: Table): TableStatistics {
  const model = independenceModel(table);
  const chiSquare = pearsonChiSquare(model);
  const g = gTest(model);
  const pairs = pairCounts(table, model);
  const expected = expectedCounts(model);
  const cells = cellsOf2x2(table);
  const woolf = cells === null ? null : woolfOddsRatio(cells);
  return {
    chiSquare,
    chiSquareYates: yatesChiSquare(model),
    gTest: g,
    cramersV: cramersV(table, model, chiSquare.chiSquare),
    phi: phiCoefficient(model),
    contingencyCoefficient: contingencyCoefficient(model, chiSquare.chiSquare),
    lambda: goodmanKruskalLambda(table, model),
    gamma: goodmanKruskalGamma(pairs),
    kendallTau: kendallTau(pairs, model),
    somersD: somersD(pairs),
    theilsU: theilsU(model, g.gStatistic),
    expected,
    totals: { row: model.rowSums, col: model.colSums },
    residuals: residuals(model),
    oddsRatio: woolf?.result ?? null,
    oddsRatioNote: woolf?.note ?? null,
    warning: lowExpectedCountWarning(expected, cells !== null),
  };
}

/** Whether the exact test runs: only for 2x2 tables, when asked for, within the workload limit. */
export function planFisher(table: Table, exactRequested: boolean): FisherPlan {
  const cells = cellsOf2x2(table);
  if (cells === null) return { kind: 'unavailable', reason: 'not_2x2' };
  if (!exactRequested) return { kind: 'unavailable', reason: 'disabled_by_caller' };
  const { size } = fisherSupport(cells);
  if (size > FISHER_SUPPORT_LIMIT) return { kind: 'unavailable', reason: 'workload_limit' };
  return { kind: 'run', cells, supportSize: size };
}
