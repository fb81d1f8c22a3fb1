/**
 * Benchmark timing: the median per-call time of a function over repeated batches, after a
 * warm-up, with every result consumed so the JIT cannot drop the work (stdlib / mitata style).
 */
import { performance } from 'node:perf_hooks';

export interface Timing {
  /** Median over batches of the mean time of one call, in microseconds. */
  medianMicros: number;
  calls: number;
}

let sink = 0;

/** Folds a result into a global sink so that its computation is observable. */
export function consume(value: unknown): void {
  sink += typeof value === 'number' ? value : value === null ? 1 : 2;
}

export function sinkValue(): number {
  return sink;
}

/**
 * Times `run` in batches sized so one batch takes about `batchMillis`, for `batches` batches,
 * after `warmupMillis` of warm-up.
 */
export function timeCalls(run: () => unknown, options: { batches?: number; batchMillis?: number; warmupMillis?: number } = {}): Timing {
  const batches = options.batches ?? 25;
  const batchMillis = options.batchMillis ?? 20;
  const warmupEnd = performance.now() + (options.warmupMillis ?? 200);
  let perBatch = 1;
  while (performance.now() < warmupEnd) {
    const start = performance.now();
    for (let k = 0; k < perBatch; k += 1) consume(run());
    const elapsed = performance.now() - start;
    if (elapsed < batchMillis / 2) perBatch *= 2;
  }
  const samples: number[] = [];
  for (let b = 0; b < batches; b += 1) {
    const start = performance.now();
    for (let k = 0; k < perBatch; k += 1) consume(run());
    samples.push(((performance.now() - start) * 1000) / perBatch);
  }
  samples.sort((x, y) => x - y);
  return { medianMicros: samples[Math.floor(samples.length / 2)]!, calls: batches * perBatch };
}

export function formatMicros(micros: number): string {
  return micros >= 1000 ? `${(micros / 1000).toFixed(2)} ms` : `${micros.toFixed(micros < 10 ? 2 : 1)} µs`;
}

/** True when the module whose URL is given is the script node was started with. */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && new URL(moduleUrl).pathname === entry;
}
