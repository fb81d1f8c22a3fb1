/**
 * The Fisher worker (workers/fisher.ts) in a real piscina pool: results from worker threads
 * equal the in-process results exactly, including the unbounded (null) estimate and limit.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { fisherExactTest } from '../src/engine/fisher/index.js';
import type { Cells2x2, FishersExactResult } from '../src/engine/types.js';

const WORKER = fileURLToPath(new URL('../workers/fisher.js', import.meta.url));

const TABLES: Cells2x2[] = [
  [3, 1, 1, 3],
  [120, 80, 75, 130],
  [5, 0, 3, 4],
  [0, 5, 3, 4],
  [5, 999999995, 7, 999999993],
  [50150, 49850, 49848, 50152],
];

test('piscina pool runs the exact test with the in-process results', async () => {
  const pool = new Piscina({ filename: WORKER, minThreads: 1, maxThreads: 2 });
  try {
    const results = await Promise.all(TABLES.map((cells) => pool.run(cells) as Promise<FishersExactResult>));
    TABLES.forEach((cells, k) => {
      assert.deepEqual(results[k], fisherExactTest(cells), `table ${cells.join(',')}`);
    });
    assert.equal(results[2]!.oddsRatio, null);
    assert.equal(results[2]!.oddsRatioState, 'positive_infinity');
    assert.equal(results[3]!.oddsRatio, 0);
  } finally {
    await pool.destroy();
  }
});
