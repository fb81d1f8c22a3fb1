/**
 * Piscina entry of the exact-test pool: lowers this worker thread's scheduling priority, then
 * serves workers/fisher.ts unchanged. On Linux a nice value is per thread, so when the cores
 * are oversubscribed (FISHER_THREADS busy workers plus the event loop) the kernel runs the
 * event loop first and a flood of exact tests does not delay the other requests.
 */
import os from 'node:os';
import { workerData } from 'node:worker_threads';
import fisherTask from '../../workers/fisher.js';

const nice = (workerData as { nice?: unknown } | null)?.nice;
if (typeof nice === 'number' && nice > 0) {
  try {
    os.setPriority(Math.min(19, os.getPriority() + nice));
  } catch {
    // Not permitted here (or not supported): run at normal priority.
  }
}

export default fisherTask;
