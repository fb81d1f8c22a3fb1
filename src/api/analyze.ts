/**
 * The four analysis operations of the REST contract (and the MCP `analyze_crosstab` tool) as
 * one transport-free function: a validated table in, the response status and body out
 * (service description, "Resources and their fields"). The exact test goes through the
 * injected FisherRunner (the worker pool in the service), everything else is computed here.
 */
import { analyzeTable, chiSquareStatistics, planFisher, type ChiSquareStatistics } from '../engine/analysis.js';
import type { Cells2x2, FishersExactResult, TableStatistics, UnavailableReason } from '../engine/types.js';
import { ApiError } from './errors.js';
import type { TableRequest } from './table-codec.js';

export type Operation = 'contingency' | 'chi-square' | 'fishers-exact' | 'odds-ratio';
export const OPERATIONS: readonly Operation[] = ['contingency', 'chi-square', 'fishers-exact', 'odds-ratio'];

export type FisherRunner = (cells: Cells2x2) => Promise<FishersExactResult>;

export interface AnalysisDeps {
  runFisher: FisherRunner;
  docsUrl: string;
}

export interface AnalysisResult {
  status: 200 | 422 | 500;
  body: Record<string, unknown>;
}

/** The `input` echo of every analysis response. */
export interface InputEcho {
  table: number[][];
  n: number;
  rows: number;
  cols: number;
}

/** The ContingencyResponse of the contract, with the additive `oddsRatio` and `residuals`. */
export type ContingencyResponse = {
  input: InputEcho;
  docs: string;
  fishersExact: FishersExactResult | null;
  fishersExactUnavailableReason: UnavailableReason | null;
} & Pick<
  TableStatistics,
  | 'chiSquare'
  | 'chiSquareYates'
  | 'gTest'
  | 'cramersV'
  | 'phi'
  | 'contingencyCoefficient'
  | 'lambda'
  | 'gamma'
  | 'kendallTau'
  | 'somersD'
  | 'theilsU'
  | 'expected'
  | 'totals'
  | 'oddsRatio'
  | 'residuals'
>;

type FisherOutcome = { result: FishersExactResult; reason: null } | { result: null; reason: UnavailableReason };

const UNAVAILABLE_NOTES: Record<UnavailableReason, string> = {
  not_2x2: "Fisher's exact test and the odds ratio are defined here for 2x2 tables only; use the chi-square and G-test results for larger tables.",
  workload_limit:
    "Fisher's exact test was not computed: the table's fixed-margin support exceeds 100000 tables. At this sample size the chi-square and G-test p-values are accurate.",
  disabled_by_caller: "Fisher's exact test was skipped because the request set exact to false.",
  invalid_counts: "Fisher's exact test needs non-negative integer counts.",
  unsafe_integer_counts: "Fisher's exact test needs counts that are safe integers.",
  non_positive_margins: "Fisher's exact test needs positive row and column sums.",
};

const WORKLOAD_HINT =
  'Use /api/v1/chi-square (or /api/v1/contingency with exact=false) for this table, or send a table whose first row or first column total is smaller.';

async function exactTest(request: TableRequest, deps: AnalysisDeps, honourExactFlag: boolean): Promise<FisherOutcome> {
  const plan = planFisher(request.table, honourExactFlag ? request.exact : true);
  if (plan.kind === 'unavailable') return { result: null, reason: plan.reason };
  return { result: await deps.runFisher(plan.cells), reason: null };
}

function inputEcho(table: number[][]): InputEcho {
  return { table, n: table.reduce((s, row) => s + row.reduce((t, x) => t + x, 0), 0), rows: table.length, cols: table[0]!.length };
}

function joinNotes(...notes: (string | null)[]): string | null {
  const present = notes.filter((n): n is string => n !== null);
  return present.length === 0 ? null : present.join(' ');
}

function chiSquareFields(stats: ChiSquareStatistics): Pick<TableStatistics, 'chiSquare' | 'chiSquareYates' | 'gTest' | 'cramersV'> {
  return {
    chiSquare: stats.chiSquare,
    chiSquareYates: stats.chiSquareYates,
    gTest: stats.gTest,
    cramersV: stats.cramersV,
  };
}

/**
 * True when every number in the value is finite (JSON would silently turn NaN into null).
 * Number arrays (the matrices, most of a body) are checked in one tight loop: `x - x` is 0 for
 * a finite x and NaN otherwise.
 */
export function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return value - value === 0;
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return arrayAllFinite(value);
  for (const key in value) if (!allFinite((value as Record<string, unknown>)[key])) return false;
  return true;
}

function arrayAllFinite(values: readonly unknown[]): boolean {
  let residue = 0;
  for (const item of values) {
    if (typeof item === 'number') residue += item - item;
    else if (!allFinite(item)) return false;
  }
  return residue === 0;
}

async function buildBody(op: Operation, request: TableRequest, deps: AnalysisDeps): Promise<AnalysisResult> {
  const common = { input: inputEcho(request.table), docs: deps.docsUrl };
  switch (op) {
    case 'chi-square': {
      const stats = chiSquareStatistics(request.table);
      const { min, cellsBelow5 } = stats.expected;
      return { status: 200, body: { ...common, ...chiSquareFields(stats), expected: { min, cellsBelow5 }, warning: stats.warning } };
    }
    case 'fishers-exact': {
      const fisher = await exactTest(request, deps, false);
      const body = {
        ...common,
        fishersExact: fisher.result,
        unavailableReason: fisher.reason,
        note: fisher.reason === null ? null : UNAVAILABLE_NOTES[fisher.reason],
      };
      if (fisher.reason === 'workload_limit') {
        const error = new ApiError('fisher_workload_limit', UNAVAILABLE_NOTES.workload_limit, WORKLOAD_HINT, body);
        return { status: 422, body: error.toBody() };
      }
      return { status: 200, body };
    }
    case 'odds-ratio': {
      const stats = analyzeTable(request.table);
      const fisher = await exactTest(request, deps, true);
      return {
        status: 200,
        body: {
          ...common,
          oddsRatio: stats.oddsRatio,
          fishersExactP: fisher.result?.pValue ?? null,
          fishersExactUnavailableReason: fisher.reason,
          note: joinNotes(stats.oddsRatioNote, fisher.reason === null ? null : UNAVAILABLE_NOTES[fisher.reason]),
        },
      };
    }
    case 'contingency': {
      const stats = analyzeTable(request.table);
      const fisher = await exactTest(request, deps, true);
      const body: ContingencyResponse = {
        ...common,
        ...chiSquareFields(stats),
          fishersExact: fisher.result,
          fishersExactUnavailableReason: fisher.reason,
          phi: stats.phi,
          contingencyCoefficient: stats.contingencyCoefficient,
          lambda: stats.lambda,
          gamma: stats.gamma,
          kendallTau: stats.kendallTau,
          somersD: stats.somersD,
          theilsU: stats.theilsU,
          expected: stats.expected,
          totals: stats.totals,
          oddsRatio: stats.oddsRatio,
          residuals: stats.residuals,
      };
      return { status: 200, body: { ...body } };
    }
  }
}

/**
 * Runs one analysis operation. Errors from the FisherRunner (e.g. an overloaded pool)
 * propagate; a response holding any non-finite number becomes 500 calculation_failed.
 */
export async function analyze(op: Operation, request: TableRequest, deps: AnalysisDeps): Promise<AnalysisResult> {
  const result = await buildBody(op, request, deps);
  if (!allFinite(result.body)) {
    const error = new ApiError(
      'calculation_failed',
      'The calculation produced a non-finite number, so no result is returned.',
      'This should not happen for a valid table; please report the table to the operator.',
    );
    return { status: 500, body: error.toBody() };
  }
  return result;
}
