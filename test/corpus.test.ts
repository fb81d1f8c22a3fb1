/**
 * Every field of every case of the truth corpus, through the real analysis path
 * (`analyze('contingency')`, with the exact test in-process), within the tolerances of the
 * corpus README. Also the other three operations against the same truth.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze, type AnalysisDeps } from '../src/api/analyze.js';
import { fisherExactTest } from '../src/engine/fisher/index.js';
import { compareWithTruth, describeMismatches, loadCorpus, type CorpusCase } from './helpers/corpus.js';

const deps: AnalysisDeps = { runFisher: async (cells) => fisherExactTest(cells), docsUrl: 'http://127.0.0.1:8080/docs' };
const corpus = loadCorpus();
const families = [...new Set(corpus.map((c) => c.family))];

async function mismatchesOf(c: CorpusCase): Promise<string[]> {
  const request = { table: c.table, exact: true };
  const found: string[] = [];
  const contingency = await analyze('contingency', request, deps);
  assert.equal(contingency.status, 200, `${c.id}: contingency status`);
  const { fisherSupport: _support, ...contingencyTruth } = c.truth; // informational, not an API field
  const mismatches = compareWithTruth(contingency.body, contingencyTruth);
  if (mismatches.length > 0) found.push(describeMismatches(`${c.id} contingency`, mismatches));

  const t = c.truth;
  const chi = await analyze('chi-square', request, deps);
  const chiTruth = {
    chiSquare: t.chiSquare,
    chiSquareYates: t.chiSquareYates,
    gTest: t.gTest,
    cramersV: t.cramersV,
    expected: { min: (t.expected as { min: unknown }).min, cellsBelow5: (t.expected as { cellsBelow5: unknown }).cellsBelow5 },
  };
  const chiMismatches = compareWithTruth(chi.body, chiTruth);
  if (chiMismatches.length > 0) found.push(describeMismatches(`${c.id} chi-square`, chiMismatches));

  const fisher = await analyze('fishers-exact', request, deps);
  const reason = t.fishersExactUnavailableReason;
  const fisherTruth = { fishersExact: t.fishersExact, unavailableReason: reason };
  const fisherMismatches = compareWithTruth(fisher.body, fisherTruth);
  if (fisher.status !== (reason === 'workload_limit' ? 422 : 200)) found.push(`${c.id} fishers-exact: status ${fisher.status}`);
  if (fisherMismatches.length > 0) found.push(describeMismatches(`${c.id} fishers-exact`, fisherMismatches));

  const odds = await analyze('odds-ratio', request, deps);
  const oddsTruth = {
    oddsRatio: t.oddsRatio,
    fishersExactP: t.fishersExact === null ? null : (t.fishersExact as { pValue: unknown }).pValue,
    fishersExactUnavailableReason: reason,
  };
  const oddsMismatches = compareWithTruth(odds.body, oddsTruth);
  if (oddsMismatches.length > 0) found.push(describeMismatches(`${c.id} odds-ratio`, oddsMismatches));
  return found;
}

test('the corpus covers every family of its README', () => {
  assert.equal(corpus.length, 503);
  assert.equal(families.length, 19);
});

for (const family of families) {
  test(`truth corpus: family ${family}, every field within tolerance`, async () => {
    const cases = corpus.filter((c) => c.family === family);
    const failures: string[] = [];
    for (const c of cases) failures.push(...(await mismatchesOf(c)));
    assert.equal(failures.length, 0, `${failures.length} mismatches in ${family}:\n${failures.slice(0, 30).join('\n')}`);
  });
}
