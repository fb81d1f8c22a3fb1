/**
 * Types of the statistics engine: the contract's result objects (service description,
 * "Sub-objects") and the engine's own inputs. No behaviour lives here.
 */

/** A validated table: 2..12 rows of 2..12 non-negative safe integers, positive margins, N <= 1e12. */
export type Table = readonly (readonly number[])[];

/** Cells of a 2x2 table `[[a, b], [c, d]]`. */
export type Cells2x2 = readonly [a: number, b: number, c: number, d: number];

export type ValueState = 'finite' | 'positive_infinity';
export type StatePair = [ValueState, ValueState];
export type NullableNumberPair = [number | null, number | null];

export type UnavailableReason =
  | 'not_2x2'
  | 'invalid_counts'
  | 'unsafe_integer_counts'
  | 'non_positive_margins'
  | 'workload_limit'
  | 'disabled_by_caller';

export type CramersVLabel = 'negligible' | 'small' | 'medium' | 'large';

export interface ChiSquareResult {
  chiSquare: number;
  degreesOfFreedom: number;
  pValue: number;
}

export interface GTestResult {
  gStatistic: number;
  degreesOfFreedom: number;
  pValue: number;
}

export interface CramersV {
  value: number;
  label: CramersVLabel;
}

export interface FishersExactResult {
  pValue: number;
  oddsRatio: number | null;
  oddsRatioState: ValueState;
  oddsRatioCI: NullableNumberPair;
  oddsRatioCIStates: StatePair;
}

export const WOOLF_METHOD = 'sample odds ratio with Woolf log interval' as const;

export interface OddsRatioResult {
  value: number | null;
  valueState: ValueState;
  ci95: NullableNumberPair;
  ci95States: StatePair;
  method: typeof WOOLF_METHOD;
}

export interface DirectionalMeasure {
  symmetric: number;
  rowDependent: number;
  colDependent: number;
}

export interface KendallTau {
  tauB: number;
  tauC: number;
}

export interface TheilsU {
  symmetric: number;
  rowGivenCol: number;
  colGivenRow: number;
}

export interface ExpectedCounts {
  counts: number[][];
  min: number;
  cellsBelow5: number;
}

export interface Totals {
  row: number[];
  col: number[];
}

export interface Residuals {
  pearson: number[][];
  adjusted: number[][];
}

/** Everything the engine computes without the exact test (which runs in the worker pool). */
export interface TableStatistics {
  chiSquare: ChiSquareResult;
  chiSquareYates: ChiSquareResult | null;
  gTest: GTestResult;
  cramersV: CramersV;
  phi: number | null;
  contingencyCoefficient: number;
  lambda: DirectionalMeasure;
  gamma: number;
  kendallTau: KendallTau;
  somersD: DirectionalMeasure;
  theilsU: TheilsU;
  expected: ExpectedCounts;
  totals: Totals;
  residuals: Residuals;
  /** Woolf sample odds ratio; null unless 2x2. */
  oddsRatio: OddsRatioResult | null;
  /** Note on the Woolf interval (zero cells), null when there is nothing to say. */
  oddsRatioNote: string | null;
  /** Low-expected-count warning of the chi-square approximation. */
  warning: string | null;
}

/** Outcome of deciding whether (and how) the exact test can run for a table. */
export type FisherPlan =
  | { kind: 'run'; cells: Cells2x2; supportSize: number }
  | { kind: 'unavailable'; reason: UnavailableReason };
