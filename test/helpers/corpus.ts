/**
 * Reads the truth corpus (test/fixtures/contingency-truth.jsonl, 50-digit reference values) and
 * compares API bodies with it under the tolerance rule of its README: relative error when
 * |truth| >= 1e-300, absolute otherwise; 1e-9 for the conditional MLE and exact interval,
 * 1e-12 for every other number; "inf" is null (with its state checked as a string), and
 * labels, states, reasons, integers and nulls match exactly.
 */
import { readFileSync } from 'node:fs';

export interface CorpusCase {
  id: string;
  family: string;
  table: number[][];
  truth: Record<string, unknown>;
  fisherSupport?: { lo: number; hi: number; size: number; tablesIncluded?: number };
}

export const CORPUS_PATH = new URL('../../../test/fixtures/contingency-truth.jsonl', import.meta.url);

export function loadCorpus(): CorpusCase[] {
  return readFileSync(CORPUS_PATH, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CorpusCase);
}

export interface Mismatch {
  path: string;
  actual: unknown;
  expected: unknown;
  error?: number;
  tolerance?: number;
}

const LOOSE_PATHS = [/^fishersExact\.oddsRatio$/, /^fishersExact\.oddsRatioCI\[\d\]$/];

export function toleranceFor(path: string): number {
  return LOOSE_PATHS.some((re) => re.test(path)) ? 1e-9 : 1e-12;
}

function isNumericString(value: string): boolean {
  return value === 'inf' || /^-?[0-9]/.test(value);
}

/** Compares `actual` (an API body or part of it) with the corpus truth; returns every mismatch. */
export function compareWithTruth(actual: unknown, truth: unknown, path = ''): Mismatch[] {
  if (typeof truth === 'string' && isNumericString(truth)) {
    if (truth === 'inf') return actual === null ? [] : [{ path, actual, expected: 'inf (null)' }];
    const expected = Number(truth);
    if (typeof actual !== 'number' || !Number.isFinite(actual)) return [{ path, actual, expected: truth }];
    const tolerance = toleranceFor(path);
    const exact = Math.abs(expected) >= 1e-300;
    const error = exact ? Math.abs(actual - expected) / Math.abs(expected) : Math.abs(actual - expected);
    return error <= tolerance ? [] : [{ path, actual, expected: truth, error, tolerance }];
  }
  if (Array.isArray(truth)) {
    if (!Array.isArray(actual) || actual.length !== truth.length) return [{ path, actual, expected: truth }];
    return truth.flatMap((t, k) => compareWithTruth(actual[k], t, `${path}[${k}]`));
  }
  if (typeof truth === 'object' && truth !== null) {
    if (typeof actual !== 'object' || actual === null) return [{ path, actual, expected: truth }];
    const record = actual as Record<string, unknown>;
    return Object.entries(truth).flatMap(([key, t]) => {
      if (!Object.hasOwn(record, key)) return [{ path: path === '' ? key : `${path}.${key}`, actual: 'missing', expected: t }];
      return compareWithTruth(record[key], t, path === '' ? key : `${path}.${key}`);
    });
  }
  return Object.is(actual, truth) || actual === truth ? [] : [{ path, actual, expected: truth }];
}

export function describeMismatches(id: string, mismatches: Mismatch[]): string {
  return mismatches
    .map((m) => {
      const detail = m.error === undefined ? '' : ` (error ${m.error.toExponential(3)} > tolerance ${m.tolerance})`;
      return `${id} ${m.path}: actual ${JSON.stringify(m.actual)}, expected ${JSON.stringify(m.expected)}${detail}`;
    })
    .join('\n');
}

/** Converts the truth of a case to the numbers an API body carries (for schema and equality tests). */
export function truthAsApiValues(truth: unknown): unknown {
  if (typeof truth === 'string') return truth === 'inf' ? null : isNumericString(truth) ? Number(truth) : truth;
  if (Array.isArray(truth)) return truth.map(truthAsApiValues);
  if (typeof truth === 'object' && truth !== null) {
    return Object.fromEntries(Object.entries(truth).map(([k, v]) => [k, truthAsApiValues(v)]));
  }
  return truth;
}
