/**
 * Named regression tests of the statistics engine for the regimes that break naive code:
 * zero cells in each position, the widest and tallest shapes, counts at the 1e12 bound,
 * near independence at huge N, and p-values at and below the edge of the double range.
 * Values come from the truth corpus or from closed forms derived in the test.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeTable, planFisher } from '../src/engine/analysis.js';
import { chiSquareUpperTail, logGammaHalfInteger, regularizedUpperGamma } from '../src/engine/chi-square-distribution.js';
import { crossDifference } from '../src/engine/exact-arithmetic.js';
import { entropyDeviation } from '../src/engine/g-test.js';
import { compareWithTruth, describeMismatches, loadCorpus } from './helpers/corpus.js';

const corpus = loadCorpus();

function assertClose(actual: number, expected: number, tolerance: number, what: string): void {
  const error = expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
  assert.ok(error <= tolerance, `${what}: actual ${actual}, expected ${expected}, error ${error} > ${tolerance}`);
}

/** Checks every non-exact-test field of analyzeTable for the corpus cases selected. */
function assertCorpusStatistics(select: (table: number[][]) => boolean, minimumCases: number): void {
  const cases = corpus.filter((c) => select(c.table));
  assert.ok(cases.length >= minimumCases, `expected at least ${minimumCases} corpus cases, found ${cases.length}`);
  for (const c of cases) {
    const { fisherSupport: _s, fishersExact: _f, fishersExactUnavailableReason: _r, ...truth } = c.truth;
    const mismatches = compareWithTruth(analyzeTable(c.table), truth);
    assert.equal(mismatches.length, 0, describeMismatches(c.id, mismatches));
  }
}

test('zero cell in each of the four positions of a 2x2 table', () => {
  for (let position = 0; position < 4; position += 1) {
    assertCorpusStatistics((t) => t.length === 2 && t[0]!.length === 2 && t.flat()[position] === 0, 1);
  }
});

test('zero cell: the Woolf odds ratio is 0 or unbounded and its interval is [0, infinity)', () => {
  const low = analyzeTable([[0, 8], [23, 4]]).oddsRatio!;
  assert.deepEqual([low.value, low.valueState, low.ci95, low.ci95States], [0, 'finite', [0, null], ['finite', 'positive_infinity']]);
  const high = analyzeTable([[19, 0], [3, 4]]);
  assert.deepEqual([high.oddsRatio!.value, high.oddsRatio!.valueState], [null, 'positive_infinity']);
  assert.match(high.oddsRatioNote!, /zero cell/);
});

test('2x12 and 12x2 tables', () => {
  assertCorpusStatistics((t) => t.length === 2 && t[0]!.length === 12, 1);
  assertCorpusStatistics((t) => t.length === 12 && t[0]!.length === 2, 1);
});

test('12x12 tables, dense and near independence at huge N', () => {
  assertCorpusStatistics((t) => t.length === 12 && t[0]!.length === 12, 5);
});

test('near independence at N = 1e12 keeps every digit of X2 and G (textbook formulas lose them)', () => {
  // ad - bc = (2.5e11+1)^2 - (2.5e11-1)^2 = 1e12, so X2 = N (ad-bc)^2 / (a1 a2 b1 b2) = 1e36 / (5e11)^4 = 1.6e-11.
  const table = [[250000000001, 249999999999], [249999999999, 250000000001]];
  const stats = analyzeTable(table);
  assert.equal(stats.totals.row[0]! + stats.totals.row[1]!, 1e12);
  assertClose(stats.chiSquare.chiSquare, 1.6e-11, 1e-14, 'X2');
  // G = X2 (1 + O(t^2)) here with t = 4e-12, so G equals X2 to 1e-22.
  assertClose(stats.gTest.gStatistic, 1.6e-11, 1e-14, 'G');
  assert.ok(stats.gTest.gStatistic > 0, 'G is never negative');
  assertClose(stats.phi!, 4e-12, 1e-14, 'phi');
  // Yates: N (|ad - bc| - N/2)^2 / (a1 a2 b1 b2) = 1e12 (5e11)^2 / (5e11)^4 = 4e-12.
  assertClose(stats.chiSquareYates!.chiSquare, 4e-12, 1e-14, 'Yates');
});

test('a grand total of exactly 1e12 at exact independence gives exact zeros', () => {
  const stats = analyzeTable([[250000000000, 250000000000], [250000000000, 250000000000]]);
  assert.equal(stats.chiSquare.chiSquare, 0);
  assert.equal(stats.chiSquare.pValue, 1);
  assert.equal(stats.gTest.gStatistic, 0);
  assert.equal(stats.gamma, 0);
  assert.equal(stats.kendallTau.tauB, 0);
  assert.equal(stats.cramersV.label, 'negligible');
  assert.deepEqual(stats.expected.counts, [[250000000000, 250000000000], [250000000000, 250000000000]]);
});

test('a single cell of almost 1e12 beside unit cells', () => {
  // [[n, 1], [1, 1]], N = n + 3: ad - bc = n - 1, X2 = N (n-1)^2 / ((n+1) 2 (n+1) 2).
  const n = 999999999997;
  const stats = analyzeTable([[n, 1], [1, 1]]);
  const big = BigInt(n);
  const exact = Number(((big + 3n) * (big - 1n) ** 2n * 10n ** 30n) / (4n * (big + 1n) ** 2n)) / 1e30;
  assertClose(stats.chiSquare.chiSquare, exact, 1e-13, 'X2');
  assert.equal(stats.expected.cellsBelow5, 3); // E = 2 (n+1)/N, 2 (n+1)/N and 4/N
  assert.equal(stats.oddsRatio!.value, n);
});

test('p-values near and below the double range: accurate to 1e-300, then 0', () => {
  const extreme = corpus.filter((c) => c.family === 'extreme_association');
  let underflowed = 0;
  let tiny = 0;
  for (const c of extreme) {
    const truth = Number((c.truth.chiSquare as { pValue: string }).pValue);
    const actual = analyzeTable(c.table).chiSquare.pValue;
    if (truth === 0) {
      underflowed += 1;
      assert.ok(actual < 1e-300, `${c.id}: p ${actual} should underflow`);
    } else if (truth >= 1e-300) {
      tiny += truth < 1e-250 ? 1 : 0;
      assertClose(actual, truth, 1e-12, `${c.id} p`);
    }
  }
  assert.ok(underflowed >= 5, 'corpus has p-values far below the double range');
  assert.ok(tiny >= 5, 'corpus has p-values between 1e-300 and 1e-250');
});

test('chi-square upper tail: closed forms for df 1, 2 and 4', () => {
  // df 2: Q(1, x/2) = exp(-x/2). df 4: exp(-x/2) (1 + x/2).
  for (const x of [1e-8, 0.5, 3, 40, 700, 1300]) {
    assertClose(chiSquareUpperTail(x, 2), Math.exp(-x / 2), 2e-15, `df 2 at ${x}`);
    assertClose(chiSquareUpperTail(x, 4), Math.exp(-x / 2) * (1 + x / 2), 1e-14, `df 4 at ${x}`);
  }
  // df 1: 2 (1 - Phi(sqrt x)); at x = 3.841458820694124 (z = 1.959963984540054) p = 0.05.
  assertClose(chiSquareUpperTail(1.959963984540054 ** 2, 1), 0.05, 1e-14, 'df 1 at z_0.975^2');
  assert.equal(chiSquareUpperTail(0, 3), 1);
  assert.equal(chiSquareUpperTail(1e13, 121), 0);
});

test('chi-square kernels return NaN outside their domain instead of throwing', () => {
  assert.ok(Number.isNaN(regularizedUpperGamma(-1, 2)));
  assert.ok(Number.isNaN(regularizedUpperGamma(1, -2)));
  assert.ok(Number.isNaN(regularizedUpperGamma(1, Number.NaN)));
  assert.ok(Number.isNaN(logGammaHalfInteger(0.3)));
  assert.equal(regularizedUpperGamma(2, Number.POSITIVE_INFINITY), 0);
});

test('log-gamma of half-integers is exact to a few ulps', () => {
  assertClose(logGammaHalfInteger(0.5), Math.log(Math.sqrt(Math.PI)), 1e-15, 'lnGamma(1/2)');
  assertClose(logGammaHalfInteger(5), Math.log(24), 1e-15, 'lnGamma(5)');
  assertClose(logGammaHalfInteger(60.5), 186.57891783333784, 1e-14, 'lnGamma(60.5)');
});

test('exact cross differences above 2^53', () => {
  // (1e12)(1e12 - 1) - (1e12 - 1)(1e12) = 0 and (1e12)(1e12) - (1e12 - 1)(1e12 + 1) = 1.
  assert.equal(crossDifference(1e12, 1e12 - 1, 1e12 - 1, 1e12), 0);
  assert.equal(crossDifference(1e12, 1e12, 1e12 - 1, 1e12 + 1), 1);
  assert.equal(crossDifference(999999999989, 999999999961, 999999999937, 999999999971 + 42), Number(999999999989n * 999999999961n - 999999999937n * 1000000000013n));
});

test('the G-test bracket (1+t)ln(1+t) - t is accurate at tiny and moderate t', () => {
  assertClose(entropyDeviation(1e-12), 5e-25, 1e-12, 't = 1e-12');
  assertClose(entropyDeviation(-0.05), 0.95 * Math.log(0.95) + 0.05, 1e-13, 't = -0.05');
  assert.equal(entropyDeviation(-1), 1);
});

test('Cramér V label on an exact threshold is the higher one', () => {
  // [[3,1],[1,3]]: X2 = 2, N = 8, X2/N = 1/4 exactly: "large".
  assert.equal(analyzeTable([[3, 1], [1, 3]]).cramersV.label, 'large');
  const boundary = corpus.filter((c) => c.family === 'cramers_v_boundary');
  assert.ok(boundary.length >= 5);
  for (const c of boundary) {
    assert.equal(analyzeTable(c.table).cramersV.label, (c.truth.cramersV as { label: string }).label, c.id);
  }
});

test('the low-expected-count warning names the count, the minimum and the exact test', () => {
  const warning = analyzeTable([[3, 1], [1, 3]]).warning!;
  assert.equal(warning, "4 of 4 cells have expected counts below 5 (minimum 2); the chi-square approximation may be unreliable. Prefer Fisher's exact test (fishersExact) for this table.");
  assert.equal(analyzeTable([[120, 80], [75, 130]]).warning, null);
  assert.match(analyzeTable([[1, 2, 3], [40, 50, 60]]).warning!, /^3 of 6 cells have expected counts below 5 .*combining/);
});

test('the exact-test plan: not 2x2, disabled by the caller, over the workload limit, or run', () => {
  assert.deepEqual(planFisher([[1, 2, 3], [4, 5, 6]], true), { kind: 'unavailable', reason: 'not_2x2' });
  assert.deepEqual(planFisher([[1, 2], [3, 4]], false), { kind: 'unavailable', reason: 'disabled_by_caller' });
  assert.deepEqual(planFisher([[50003, 49997], [99997, 100003]], true), { kind: 'unavailable', reason: 'workload_limit' });
  assert.deepEqual(planFisher([[50150, 49850], [49848, 50152]], true), { kind: 'run', cells: [50150, 49850, 49848, 50152], supportSize: 99999 });
});

test('perfect association gives measures of exactly 1, never one ulp above', () => {
  // Regression: U, V, phi and tau-b came out as 1.0000000000000002 and failed the published schema.
  for (const c of corpus) {
    const stats = analyzeTable(c.table);
    const bounded = [
      stats.cramersV.value, stats.contingencyCoefficient, stats.theilsU.symmetric, stats.theilsU.rowGivenCol,
      stats.theilsU.colGivenRow, stats.lambda.symmetric, stats.lambda.rowDependent, stats.lambda.colDependent,
    ];
    const signed = [stats.phi ?? 0, stats.gamma, stats.kendallTau.tauB, stats.kendallTau.tauC, stats.somersD.symmetric, stats.somersD.rowDependent, stats.somersD.colDependent];
    assert.ok(bounded.every((x) => x >= 0 && x <= 1), `${c.id}: ${bounded}`);
    assert.ok(signed.every((x) => x >= -1 && x <= 1), `${c.id}: ${signed}`);
  }
  const perfect = analyzeTable([[7, 0], [0, 5]]);
  assert.deepEqual([perfect.cramersV.value, perfect.phi, perfect.kendallTau.tauB], [1, 1, 1]);
  assertClose(perfect.theilsU.symmetric, 1, 1e-15, 'U of a perfect association');
});
