/**
 * Piscina worker: Fisher's exact test of one 2x2 table (src/engine/fisher), off the event loop.
 * The algorithm lives and is tested in src/; this file only exports it.
 */
import { fisherExactTest } from '../src/engine/fisher/index.js';
import type { Cells2x2, FishersExactResult } from '../src/engine/types.js';

export default function fisherTask(cells: Cells2x2): FishersExactResult {
  return fisherExactTest(cells);
}
