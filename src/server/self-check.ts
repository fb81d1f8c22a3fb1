/**
 * Known-answer test of the statistics engine (METHODS.md "Naming and configuration": the health
 * check computes a fixed table through the same code paths as the API, the worker pool
 * included, and compares with stored reference values). The table and values are case-1017 of
 * test/fixtures/contingency-truth.jsonl; tolerances follow its README (1e-9 relative for the
 * conditional odds ratio and its interval, 1e-12 for everything else).
 */
import { analyze, type FisherRunner } from '../api/analyze.js';
import { ApiError } from '../api/errors.js';

export const SELF_CHECK_TABLE: number[][] = [
  [18, 4],
  [6, 12],
];

interface Expectation {
  path: string;
  value: number | string;
  /** Relative tolerance; absent for exact matches (integers, labels). */
  tolerance?: number;
}

const STATS = 1e-12;
const CMLE = 1e-9;

export const SELF_CHECK_EXPECTATIONS: readonly Expectation[] = [
  { path: 'chiSquare.chiSquare', value: 9.69696969696969696969697, tolerance: STATS },
  { path: 'chiSquare.degreesOfFreedom', value: 1 },
  { path: 'chiSquare.pValue', value: 0.001845721317696268000499308, tolerance: STATS },
  { path: 'chiSquareYates.chiSquare', value: 7.781986531986531986531987, tolerance: STATS },
  { path: 'gTest.gStatistic', value: 10.06429352758240973259229, tolerance: STATS },
  { path: 'gTest.pValue', value: 0.001511705214195773020702727, tolerance: STATS },
  { path: 'cramersV.value', value: 0.4923659639173309309369626, tolerance: STATS },
  { path: 'cramersV.label', value: 'medium' },
  { path: 'gamma', value: 0.8, tolerance: STATS },
  { path: 'kendallTau.tauB', value: 0.4923659639173309309369626, tolerance: STATS },
  { path: 'theilsU.symmetric', value: 0.184849024228344736294897, tolerance: STATS },
  { path: 'fishersExact.pValue', value: 0.003210466391778961300652068, tolerance: STATS },
  { path: 'fishersExact.oddsRatio', value: 8.419774579887263075166194, tolerance: CMLE },
  { path: 'fishersExact.oddsRatioCI.0', value: 1.736910519341996751874373, tolerance: CMLE },
  { path: 'fishersExact.oddsRatioCI.1', value: 51.18766006147897487922636, tolerance: CMLE },
];

export interface SelfCheckOutcome {
  ok: boolean;
  /** The check could not run because the worker pool refused the task (not a wrong answer). */
  overloaded: boolean;
  detail: string;
}

function lookup(body: unknown, path: string): unknown {
  let node = body;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function mismatch(actual: unknown, expected: Expectation): boolean {
  if (expected.tolerance === undefined) return actual !== expected.value;
  if (typeof actual !== 'number' || typeof expected.value !== 'number') return true;
  return !(Math.abs(actual - expected.value) <= expected.tolerance * Math.abs(expected.value));
}

/** Runs the known-answer table through `analyze` and the given Fisher runner; never throws. */
export async function runSelfCheck(runFisher: FisherRunner, docsUrl: string): Promise<SelfCheckOutcome> {
  let result: Awaited<ReturnType<typeof analyze>>;
  try {
    result = await analyze('contingency', { table: SELF_CHECK_TABLE, exact: true }, { runFisher, docsUrl });
  } catch (error) {
    const overloaded = error instanceof ApiError && error.code === 'service_overloaded';
    return { ok: false, overloaded, detail: `Known-answer table [[18,4],[6,12]] failed to compute: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (result.status !== 200) {
    return { ok: false, overloaded: false, detail: `Known-answer table [[18,4],[6,12]] was answered with HTTP ${result.status}.` };
  }
  const wrong = SELF_CHECK_EXPECTATIONS.filter((expected) => mismatch(lookup(result.body, expected.path), expected));
  if (wrong.length > 0) {
    const first = wrong[0]!;
    return {
      ok: false,
      overloaded: false,
      detail: `Known-answer table [[18,4],[6,12]]: ${wrong.length} of ${SELF_CHECK_EXPECTATIONS.length} values differ from the reference, first ${first.path} = ${String(lookup(result.body, first.path))}, expected ${first.value}.`,
    };
  }
  return {
    ok: true,
    overloaded: false,
    detail: `Known-answer table [[18,4],[6,12]] matches ${SELF_CHECK_EXPECTATIONS.length} reference values (chi-square, Yates, G-test, Cramer's V, gamma, tau-b, Theil's U, and the exact test through the worker pool).`,
  };
}
