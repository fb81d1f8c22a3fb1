/**
 * Fisher's exact test core (src/engine/fisher): every 2x2 case of the truth corpus (p-value,
 * conditional MLE, exact interval, states, support, tables summed), named edge cases, and
 * properties against an exact rational oracle (BigInt binomials) on random small tables.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  FISHER_SUPPORT_LIMIT,
  fisherExactTest,
  fisherPValue,
  fisherPValueDetail,
  fisherSupport,
} from '../src/engine/fisher/index.js';
import type { Cells2x2, FishersExactResult } from '../src/engine/types.js';

// ---------------------------------------------------------------------------------------------
// Tolerance rule of test/fixtures/README.md: relative error when |truth| >= 1e-300, absolute
// otherwise; "inf" is null with state positive_infinity.

const P_TOLERANCE = 1e-12;
const OR_TOLERANCE = 1e-9;

function errorAgainst(actual: number | null, truth: string): number {
  if (truth === 'inf') return actual === null ? 0 : Infinity;
  if (actual === null || !Number.isFinite(actual)) return Infinity;
  const expected = Number(truth);
  const difference = Math.abs(actual - expected);
  return Math.abs(expected) >= 1e-300 ? difference / Math.abs(expected) : difference;
}

interface FisherTruth {
  pValue: string;
  oddsRatio: string;
  oddsRatioState: string;
  oddsRatioCI: [string, string];
  oddsRatioCIStates: [string, string];
}

interface CorpusCase {
  id: string;
  family: string;
  table: number[][];
  truth: {
    fishersExact: FisherTruth | null;
    fishersExactUnavailableReason: string | null;
    fisherSupport?: { lo: number; hi: number; size: number; tablesIncluded?: number };
  };
}

/** Every mismatch of `result` with the truth, one line each: case, field, actual, expected, error, tolerance. */
function mismatches(id: string, result: FishersExactResult, truth: FisherTruth): string[] {
  const found: string[] = [];
  const numeric: [string, number | null, string, number][] = [
    ['pValue', result.pValue, truth.pValue, P_TOLERANCE],
    ['oddsRatio', result.oddsRatio, truth.oddsRatio, OR_TOLERANCE],
    ['oddsRatioCI[0]', result.oddsRatioCI[0], truth.oddsRatioCI[0], OR_TOLERANCE],
    ['oddsRatioCI[1]', result.oddsRatioCI[1], truth.oddsRatioCI[1], OR_TOLERANCE],
  ];
  for (const [field, actual, expected, tolerance] of numeric) {
    const error = errorAgainst(actual, expected);
    if (!(error <= tolerance)) {
      found.push(`${id} ${field}: actual ${actual}, expected ${expected}, error ${error.toExponential(3)} > tolerance ${tolerance}`);
    }
  }
  const states: [string, unknown, unknown][] = [
    ['oddsRatioState', result.oddsRatioState, truth.oddsRatioState],
    ['oddsRatioCIStates[0]', result.oddsRatioCIStates[0], truth.oddsRatioCIStates[0]],
    ['oddsRatioCIStates[1]', result.oddsRatioCIStates[1], truth.oddsRatioCIStates[1]],
  ];
  for (const [field, actual, expected] of states) {
    if (actual !== expected) found.push(`${id} ${field}: actual ${String(actual)}, expected ${String(expected)}`);
  }
  return found;
}

const corpus: CorpusCase[] = readFileSync(new URL('../../test/fixtures/contingency-truth.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as CorpusCase);

const twoByTwo = corpus
  .filter((c) => c.table.length === 2 && c.table[0]!.length === 2)
  .map((c) => ({ ...c, cells: [c.table[0]![0]!, c.table[0]![1]!, c.table[1]![0]!, c.table[1]![1]!] as Cells2x2 }));

test('corpus: every 2x2 case with an exact result matches the truth', async (t) => {
  const withResult = twoByTwo.filter((c) => c.truth.fishersExact !== null);
  assert.ok(withResult.length >= 200, `expected at least 200 corpus cases with an exact result, found ${withResult.length}`);
  for (const family of [...new Set(withResult.map((c) => c.family))]) {
    await t.test(family, () => {
      const failures = withResult
        .filter((c) => c.family === family)
        .flatMap((c) => mismatches(c.id, fisherExactTest(c.cells), c.truth.fishersExact!));
      assert.deepEqual(failures, [], failures.join('\n'));
    });
  }
});

test('corpus: support lo/hi/size of every 2x2 case, and the tables summed by the p-value', () => {
  const failures: string[] = [];
  let tablesChecked = 0;
  for (const c of twoByTwo) {
    const expected = c.truth.fisherSupport!;
    const support = fisherSupport(c.cells);
    for (const key of ['lo', 'hi', 'size'] as const) {
      if (support[key] !== expected[key]) failures.push(`${c.id} fisherSupport.${key}: actual ${support[key]}, expected ${expected[key]}`);
    }
    if (expected.tablesIncluded !== undefined) {
      const { tablesIncluded } = fisherPValueDetail(c.cells);
      // NaN only when the p-value underflows to 0 before the count is known.
      if (Number.isNaN(tablesIncluded)) continue;
      tablesChecked += 1;
      if (tablesIncluded !== expected.tablesIncluded) {
        failures.push(`${c.id} tablesIncluded: actual ${tablesIncluded}, expected ${expected.tablesIncluded}`);
      }
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
  assert.ok(tablesChecked >= 200, `tablesIncluded checked on ${tablesChecked} cases`);
});

test('corpus: workload_limit cases have a support above the limit, computed cases do not', () => {
  const limited = twoByTwo.filter((c) => c.truth.fishersExactUnavailableReason === 'workload_limit');
  assert.ok(limited.length >= 10, `found ${limited.length} workload_limit cases`);
  for (const c of limited) {
    assert.ok(fisherSupport(c.cells).size > FISHER_SUPPORT_LIMIT, `${c.id}: support ${fisherSupport(c.cells).size}`);
  }
  for (const c of twoByTwo.filter((x) => x.truth.fishersExact !== null)) {
    assert.ok(fisherSupport(c.cells).size <= FISHER_SUPPORT_LIMIT, `${c.id}: support ${fisherSupport(c.cells).size}`);
  }
});

// ---------------------------------------------------------------------------------------------
// Named cases. Reference values: p-values as exact fractions (Python `fractions`), the MLE and
// interval solved at 50 digits (mpmath) from the noncentral hypergeometric weights.

function assertResult(cells: Cells2x2, truth: FisherTruth): void {
  const failures = mismatches(`[[${cells[0]},${cells[1]}],[${cells[2]},${cells[3]}]]`, fisherExactTest(cells), truth);
  assert.deepEqual(failures, [], failures.join('\n'));
}

const FINITE: [string, string] = ['finite', 'finite'];
const OPEN_ABOVE: [string, string] = ['finite', 'positive_infinity'];

test('[[3,1],[1,3]]: p = 17/35 (tables 1 and 3 tie exactly with symmetric margins)', () => {
  assertResult([3, 1, 1, 3], {
    pValue: '0.4857142857142857142857143',
    oddsRatio: '6.408319658199674322276179',
    oddsRatioState: 'finite',
    oddsRatioCI: ['0.2117355954465785670408333', '626.2435305888140419421919'],
    oddsRatioCIStates: FINITE,
  });
  assert.equal(fisherPValueDetail([3, 1, 1, 3]).tablesIncluded, 4);
  assert.equal(fisherPValue([1, 3, 3, 1]), fisherPValue([3, 1, 1, 3]));
});

// With positive margins, a = lo exactly when a = 0 or d = 0, and a = hi when b = 0 or c = 0.
test('zero cell in each position: a = lo gives 0 and [0, upper]; a = hi gives +infinity and [lower, +infinity)', () => {
  // a = 0 = lo
  assertResult([0, 5, 3, 4], {
    pValue: '0.2045454545454545454545455',
    oddsRatio: '0',
    oddsRatioState: 'finite',
    oddsRatioCI: ['0', '3.181941320216521997664571'],
    oddsRatioCIStates: FINITE,
  });
  // b = 0: a = hi
  assertResult([5, 0, 3, 4], {
    pValue: '0.08080808080808080808080808',
    oddsRatio: 'inf',
    oddsRatioState: 'positive_infinity',
    oddsRatioCI: ['0.5726971046852517238165467', 'inf'],
    oddsRatioCIStates: OPEN_ABOVE,
  });
  // c = 0: a = hi
  assertResult([5, 3, 0, 4], {
    pValue: '0.08080808080808080808080808',
    oddsRatio: 'inf',
    oddsRatioState: 'positive_infinity',
    oddsRatioCI: ['0.5726971046852517238165467', 'inf'],
    oddsRatioCIStates: OPEN_ABOVE,
  });
  // d = 0: a = lo = 5
  assertResult([5, 3, 4, 0], {
    pValue: '0.4909090909090909090909091',
    oddsRatio: '0',
    oddsRatioState: 'finite',
    oddsRatioCI: ['0', '4.913903579231921602497416'],
    oddsRatioCIStates: FINITE,
  });
  assert.deepEqual(fisherSupport([5, 3, 4, 0]), { lo: 5, hi: 8, size: 4 });
});

test('[[2,0],[0,2]] and [[7,2],[1,9]]: smallest tables at and off the support end', () => {
  assertResult([2, 0, 0, 2], {
    pValue: '0.3333333333333333333333333',
    oddsRatio: 'inf',
    oddsRatioState: 'positive_infinity',
    oddsRatioCI: ['0.2194215006231282218549772', 'inf'],
    oddsRatioCIStates: OPEN_ABOVE,
  });
  assertResult([7, 2, 1, 9], {
    pValue: '0.005477494641581328887830436',
    oddsRatio: '24.00010517495797276470699',
    oddsRatioState: 'finite',
    oddsRatioCI: ['1.756146627063172257843896', '1570.456682470441318858311'],
    oddsRatioCIStates: FINITE,
  });
});

test('huge N: [[5,999999995],[7,999999993]] (N = 2e9, support 13)', () => {
  assert.deepEqual(fisherSupport([5, 999999995, 7, 999999993]), { lo: 0, hi: 12, size: 13 });
  assertResult([5, 999999995, 7, 999999993], {
    pValue: '0.7744140618232421846237793',
    oddsRatio: '0.714285712976190469551918',
    oddsRatioState: 'finite',
    oddsRatioCI: ['0.1787618643302398142198663', '2.614418395531395393661282'],
    oddsRatioCIStates: FINITE,
  });
});

test('N = 1e12 with odds ratios near 1e13 and 1e-10 (cell products far beyond 2^53)', () => {
  assertResult([999999999989, 1, 1, 9], {
    pValue: '3.628800000127370880002575e-101',
    oddsRatio: '5534878936617.254616267929',
    oddsRatioState: 'finite',
    oddsRatioCI: ['409976340055.2450168134298', '392242213496556.9881607525'],
    oddsRatioCIStates: FINITE,
  });
  assertResult([3, 20, 999999999000, 977], {
    pValue: '1.376615197269727623311386e-177',
    oddsRatio: '1.466801031168261435145521e-10',
    oddsRatioState: 'finite',
    oddsRatioCI: ['2.78672904008902111707526e-11', '4.957528444541626127327298e-10'],
    oddsRatioCIStates: FINITE,
  });
});

test('support exactly 100000 is computed; 100001 is over the limit', () => {
  // corpus case-1341
  const cells: Cells2x2 = [50003, 49996, 99997, 100004];
  assert.equal(FISHER_SUPPORT_LIMIT, 100000);
  assert.deepEqual(fisherSupport(cells), { lo: 0, hi: 99999, size: 100000 });
  assertResult(cells, {
    pValue: '0.981460468250817532775722',
    oddsRatio: '1.000210022401886650214323',
    oddsRatioState: 'finite',
    oddsRatioCI: ['0.9851101592293952406774397', '1.015541339764081583629099'],
    oddsRatioCIStates: FINITE,
  });
  assert.equal(fisherPValueDetail(cells).tablesIncluded, 99994);
  assert.equal(fisherSupport([50003, 49997, 99997, 100003]).size, 100001);
});

test('observed table at the mode: p is exactly 1', () => {
  assert.equal(fisherPValue([49999, 50001, 49999, 50001]), 1);
  assert.equal(fisherPValue([2, 2, 2, 2]), 1);
  assert.equal(fisherPValue([1, 0, 0, 1]), 1);
});

// ---------------------------------------------------------------------------------------------
// Exact rational oracle for small tables.

function binomial(n: bigint, k: bigint): bigint {
  if (k < 0n || k > n) return 0n;
  const m = k < n - k ? k : n - k;
  let result = 1n;
  for (let i = 1n; i <= m; i += 1n) result = (result * (n - m + i)) / i;
  return result;
}

/** num / den rounded to a double (0 < num <= den), with gradual underflow. */
function ratioToNumber(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const shift = den.toString(2).length - num.toString(2).length + 64;
  let value = Number((num << BigInt(shift)) / den);
  let exponent = -shift;
  while (exponent < -1000) {
    value *= 2 ** -1000;
    exponent += 1000;
  }
  return value * 2 ** exponent;
}

/** Exact hypergeometric weights C(K, x) C(N-K, n-x) over the support. */
function exactWeights([a, b, c, d]: Cells2x2): { lo: number; weights: bigint[] } {
  const { lo, hi } = fisherSupport([a, b, c, d]);
  const K = BigInt(a + b);
  const n = BigInt(a + c);
  const N = BigInt(a + b + c + d);
  const weights: bigint[] = [];
  for (let x = lo; x <= hi; x += 1) weights.push(binomial(K, BigInt(x)) * binomial(N - K, n - BigInt(x)));
  return { lo, weights };
}

function exactPValue(cells: Cells2x2): number {
  const { lo, weights } = exactWeights(cells);
  const observed = weights[cells[0] - lo]!;
  let total = 0n;
  let qualifying = 0n;
  for (const w of weights) {
    total += w;
    if (w * 10_000_000n <= observed * 10_000_001n) qualifying += w;
  }
  return qualifying >= total ? 1 : ratioToNumber(qualifying, total);
}

test('p-value underflow: [[n,0],[0,n]] has p = 2 / C(2n, n) down to subnormals, then 0', () => {
  for (const n of [300, 495, 510]) {
    const expected = ratioToNumber(2n, binomial(BigInt(2 * n), BigInt(n)));
    const actual = fisherPValue([n, 0, 0, n]);
    assert.ok(Math.abs(actual - expected) <= 1e-12 * expected, `n=${n}: actual ${actual}, expected ${expected}`);
  }
  // p about 1e-314: a subnormal, about 30 significant bits
  const subnormal = ratioToNumber(2n, binomial(1050n, 525n));
  assert.ok(subnormal > 0 && subnormal < 2.2e-308);
  assert.ok(Math.abs(fisherPValue([525, 0, 0, 525]) - subnormal) <= 1e-7 * subnormal);
  assert.equal(fisherPValue([600, 0, 0, 600]), 0);
  assert.equal(fisherPValue([50000, 0, 0, 50000]), 0);
  const result = fisherExactTest([600, 0, 0, 600]);
  assert.equal(result.oddsRatio, null);
  assert.ok(Number.isFinite(result.oddsRatioCI[0]) && result.oddsRatioCI[0]! > 1e3);
});

test('very small p with a long walk: [[9413,7360],[181,16592]] (corpus case-1933, p = 5e-3293) is 0', () => {
  assert.equal(fisherPValue([9413, 7360, 181, 16592]), 0);
});

test('near ties: the 1e-7 band decides membership (tables just inside and just outside)', () => {
  // case-1961: a mirror table is 1.24e-8 inside the band (counted)
  assert.equal(fisherPValueDetail([25025, 23205, 97260, 90512]).tablesIncluded, 48163);
  // case-1981: a mirror table is 6.5e-9 outside the band (not counted)
  assert.equal(fisherPValueDetail([22985, 13138, 140038, 79973]).tablesIncluded, 36111);
  // exact ties from symmetric margins
  for (const cells of [[3, 1, 1, 3], [5, 2, 2, 5], [40, 10, 10, 40]] as Cells2x2[]) {
    const expected = exactPValue(cells);
    assert.ok(Math.abs(fisherPValue(cells) - expected) <= 1e-14 * expected, `${cells.join(',')}`);
  }
});

test('outside the domain: NaN, never a throw', () => {
  for (const cells of [
    [-1, 2, 3, 4],
    [1.5, 2, 3, 4],
    [NaN, 2, 3, 4],
    [Infinity, 2, 3, 4],
    [0, 0, 3, 4],
    [0, 3, 0, 4],
    [0, 0, 0, 0],
  ] as Cells2x2[]) {
    const result = fisherExactTest(cells);
    assert.ok(Number.isNaN(result.pValue), `${cells.join(',')}: p ${result.pValue}`);
    assert.ok(Number.isNaN(fisherPValue(cells)));
    assert.ok(Number.isNaN(result.oddsRatio));
  }
});

// ---------------------------------------------------------------------------------------------
// Properties.

const smallCells = fc
  .tuple(fc.nat(40), fc.nat(40), fc.nat(40), fc.nat(40))
  .filter(([a, b, c, d]) => a + b > 0 && c + d > 0 && a + c > 0 && b + d > 0);

test('property: the p-value of small tables equals the exact rational p within 1e-12', () => {
  fc.assert(
    fc.property(smallCells, (cells) => {
      const expected = exactPValue(cells);
      const actual = fisherPValue(cells);
      return Math.abs(actual - expected) <= 1e-12 * expected;
    }),
    { numRuns: 300 },
  );
});

/** E[X], P(X >= a), P(X <= a) under the noncentral distribution, from exact weights (independent of the kernels). */
function oracleNoncentral(cells: Cells2x2, psi: number): { mean: number; upper: number; lower: number } {
  const { lo, weights } = exactWeights(cells);
  const max = weights.reduce((m, w) => (w > m ? w : m), 0n);
  const logs = weights.map((w, k) => Math.log(ratioToNumber(w, max)) + (lo + k) * Math.log(psi));
  const top = Math.max(...logs);
  const terms = logs.map((l) => Math.exp(l - top));
  const total = terms.reduce((s, t) => s + t, 0);
  const a = cells[0];
  let mean = 0;
  let upper = 0;
  let lower = 0;
  terms.forEach((t, k) => {
    mean += (lo + k) * t;
    if (lo + k >= a) upper += t;
    if (lo + k <= a) lower += t;
  });
  return { mean: mean / total, upper: upper / total, lower: lower / total };
}

test('property: the MLE and interval solve their estimating equations (exact weights)', () => {
  fc.assert(
    fc.property(smallCells, (cells) => {
      const result = fisherExactTest(cells);
      const { lo, hi } = fisherSupport(cells);
      const a = cells[0];
      if (a === lo) {
        if (result.oddsRatio !== 0 || result.oddsRatioCI[0] !== 0) return false;
      } else {
        const atLower = oracleNoncentral(cells, result.oddsRatioCI[0]!);
        if (!(Math.abs(atLower.upper - 0.025) <= 1e-11)) return false;
      }
      if (a === hi) {
        if (result.oddsRatio !== null || result.oddsRatioCI[1] !== null || result.oddsRatioState !== 'positive_infinity') return false;
      } else {
        const atUpper = oracleNoncentral(cells, result.oddsRatioCI[1]!);
        if (!(Math.abs(atUpper.lower - 0.025) <= 1e-11)) return false;
      }
      if (a !== lo && a !== hi) {
        const atMle = oracleNoncentral(cells, result.oddsRatio!);
        if (!(Math.abs(atMle.mean - a) <= 1e-9 * Math.max(1, a))) return false;
      }
      return true;
    }),
    { numRuns: 150 },
  );
});

/** Tables with one small margin and N up to 1e12: products of counts far beyond 2^53. */
const hugeCells = fc
  .tuple(fc.nat(30), fc.nat(30), fc.integer({ min: 0, max: 5e11 }), fc.integer({ min: 0, max: 5e11 }))
  .filter(([a, b, c, d]) => a + b > 0 && c + d > 0 && a + c > 0 && b + d > 0);

/** Tables with supports of thousands of tables. */
const largeCells = fc
  .tuple(fc.nat(20000), fc.nat(20000), fc.nat(20000), fc.nat(20000))
  .filter(([a, b, c, d]) => a + b > 0 && c + d > 0 && a + c > 0 && b + d > 0);

function closeRelative(x: number | null, y: number | null, tolerance: number): boolean {
  if (x === null || y === null) return x === y;
  return x === y || Math.abs(x - y) <= tolerance * Math.max(Math.abs(x), Math.abs(y));
}

for (const [name, cells] of [
  ['huge N, small support', hugeCells],
  ['large support', largeCells],
] as const) {
  test(`property (${name}): p in [0, 1], invariant under transposition and row swap; CI holds the MLE`, () => {
    fc.assert(
      fc.property(cells, ([a, b, c, d]) => {
        const result = fisherExactTest([a, b, c, d]);
        if (!(result.pValue >= 0 && result.pValue <= 1)) return false;
        const transposed = fisherExactTest([a, c, b, d]);
        if (!closeRelative(result.pValue, transposed.pValue, 1e-14)) return false;
        const swapped = fisherExactTest([c, d, a, b]);
        if (!closeRelative(result.pValue, swapped.pValue, 1e-12)) return false;
        // Swapping rows inverts the odds ratio and its interval.
        const inverse = (x: number | null): number | null => (x === null ? 0 : x === 0 ? null : 1 / x);
        if (!closeRelative(inverse(result.oddsRatio), swapped.oddsRatio, 1e-10)) return false;
        if (!closeRelative(inverse(result.oddsRatioCI[1]), swapped.oddsRatioCI[0], 1e-10)) return false;
        if (!closeRelative(inverse(result.oddsRatioCI[0]), swapped.oddsRatioCI[1], 1e-10)) return false;
        const [lower, upper] = result.oddsRatioCI;
        const estimate = result.oddsRatio ?? Infinity;
        return lower! <= estimate && estimate <= (upper ?? Infinity) && lower! < (upper ?? Infinity);
      }),
      { numRuns: 100 },
    );
  });
}
