/**
 * Expected-count summary and the low-expected-count warning of the chi-square approximation
 * (Cochran 1954: the approximation is doubtful when expected counts fall below 5).
 * `E < 5` is decided exactly as `a b < 5N`.
 */
import type { IndependenceModel } from './independence.js';
import type { ExpectedCounts } from './types.js';

export function expectedCounts(model: IndependenceModel): ExpectedCounts {
  let min = Number.POSITIVE_INFINITY;
  let cellsBelow5 = 0;
  const fiveN = 5 * model.total;
  model.rowSums.forEach((a, i) => {
    model.colSums.forEach((b, j) => {
      // a b >= 2^53 rounds to >= 2^53 > 5N, so the rounded comparison is exact.
      if (a * b < fiveN) cellsBelow5 += 1;
      const e = model.expected[i]![j]!;
      if (e < min) min = e;
    });
  });
  return { counts: model.expected, min, cellsBelow5 };
}

function formatCount(x: number): string {
  return Number(x.toPrecision(4)).toString();
}

export function lowExpectedCountWarning(expected: ExpectedCounts, is2x2: boolean): string | null {
  if (expected.cellsBelow5 === 0) return null;
  const cells = expected.counts.length * expected.counts[0]!.length;
  const which = expected.cellsBelow5 === 1 ? 'cell has an expected count' : 'cells have expected counts';
  const advice = is2x2
    ? " Prefer Fisher's exact test (fishersExact) for this table."
    : ' Consider combining sparse categories or collecting more data.';
  return (
    `${expected.cellsBelow5} of ${cells} ${which} below 5 (minimum ${formatCount(expected.min)}); ` +
    `the chi-square approximation may be unreliable.${advice}`
  );
}
