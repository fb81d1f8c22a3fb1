/**
 * The exact-test worker pool: FISHER_THREADS piscina threads running dist/workers/fisher.js
 * (METHODS.md "2x2 tables": up to 100000 tables per request, too slow for the event loop).
 * Admission is bounded: at most `threads + queue` tasks are in flight; beyond that a request is
 * refused at once with 503 `service_overloaded` instead of waiting without bound.
 */
import { Piscina } from 'piscina';
import type { FisherRunner } from '../api/analyze.js';
import { ApiError } from '../api/errors.js';
import type { Cells2x2, FishersExactResult } from '../engine/types.js';

/** Seconds a client is asked to wait after a 503 `service_overloaded`. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;

/** dist/workers/fisher.js behind a wrapper that lowers the worker threads' priority. */
export const WORKER_FILE = new URL('./fisher-worker.js', import.meta.url);

/** Nice increment of the worker threads relative to the event loop (Linux: per thread). */
export const WORKER_NICE = 10;

export interface FisherPoolOptions {
  threads: number;
  /** Tasks that may wait for a free thread. */
  queue: number;
  /** Worker module; defaults to WORKER_FILE. */
  filename?: URL;
  /** Priority decrease of the worker threads (default WORKER_NICE; 0 = same as the event loop). */
  nice?: number;
}

export interface FisherPool {
  readonly run: FisherRunner;
  readonly threads: number;
  readonly queue: number;
  /** Tasks running or waiting right now. */
  inFlight(): number;
  destroy(): Promise<void>;
}

export function overloadedError(): ApiError {
  return new ApiError(
    'service_overloaded',
    'The exact-test workers are saturated and the request queue is full.',
    `Retry after ${OVERLOAD_RETRY_AFTER_SECONDS} s; large-support 2x2 tables are the expensive ones (odds-ratio and contingency accept "exact": false / exact=false to skip the exact test).`,
  );
}

/** Piscina's own queue-limit rejections (a safety net behind our admission count). */
function isQueueFull(error: unknown): boolean {
  return error instanceof Error && /task queue is at limit|no task queue available/i.test(error.message);
}

export function createFisherPool(options: FisherPoolOptions): FisherPool {
  const { threads, queue } = options;
  const pool = new Piscina<Cells2x2, FishersExactResult>({
    filename: (options.filename ?? WORKER_FILE).href,
    minThreads: threads,
    maxThreads: threads,
    maxQueue: threads + queue,
    idleTimeout: 60_000,
    workerData: { nice: options.nice ?? WORKER_NICE },
  });
  const capacity = threads + queue;
  let inFlight = 0;

  const run: FisherRunner = async (cells) => {
    if (inFlight >= capacity) throw overloadedError();
    inFlight += 1;
    try {
      return await pool.run(cells);
    } catch (error) {
      throw isQueueFull(error) ? overloadedError() : error;
    } finally {
      inFlight -= 1;
    }
  };

  return { run, threads, queue, inFlight: () => inFlight, destroy: () => pool.destroy() };
}
