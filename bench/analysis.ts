/**
 * Benchmark `analysis`: the whole contingency analysis (every statistic except the exact test,
 * which 12x12 tables do not have) of 12x12 tables with N near 1e6 and near 1e12, as the
 * engine call and as the full `analyze('contingency')` response body, against a textbook
 * double-precision implementation of the same statistics measured in the same run.
 */
import { analyze } from '../src/api/analyze.js';
import { analyzeTable } from '../src/engine/analysis.js';
import { consume, formatMicros, isEntryPoint, timeCalls } from './timing.js';

/** A deterministic 12x12 table with cells spread around `scale` (a mild association). */
export function table12x12(scale: number): number[][] {
  let state = 12345;
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: 12 }, (_, i) =>
    Array.from({ length: 12 }, (_, j) => Math.round(scale * (0.5 + next()) * (1 + 0.02 * (i - j)))),
  );
}

/** The textbook formulas in plain doubles (inaccurate near independence; the speed baseline). */
function textbookAnalysis(table: number[][]): number {
  const rows = table.length;
  const cols = table[0]!.length;
  const a = table.map((r) => r.reduce((s, x) => s + x, 0));
  const b = Array.from({ length: cols }, (_, j) => table.reduce((s, r) => s + r[j]!, 0));
  const n = a.reduce((s, x) => s + x, 0);
  let x2 = 0;
  let g = 0;
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < cols; j += 1) {
      const e = (a[i]! * b[j]!) / n;
      const o = table[i]![j]!;
      x2 += ((o - e) * (o - e)) / e;
      if (o > 0) g += o * Math.log(o / e);
    }
  }
  let p = 0;
  let q = 0;
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < cols; j += 1) {
      for (let k = i + 1; k < rows; k += 1) {
        for (let l = 0; l < cols; l += 1) {
          if (l > j) p += table[i]![j]! * table[k]![l]!;
          else if (l < j) q += table[i]![j]! * table[k]![l]!;
        }
      }
    }
  }
  return x2 + 2 * g + (p - q) / (p + q);
}

export async function runAnalysisBench(): Promise<string> {
  const lines = [
    '### analysis: 12x12 contingency analysis',
    '',
    '| variant | engine (`analyzeTable`) | full response (`analyze`) | textbook doubles (baseline) | engine / baseline |',
    '|---|---|---|---|---|',
  ];
  const deps = { runFisher: () => Promise.reject(new Error('no exact test for 12x12')), docsUrl: 'http://127.0.0.1:8080/docs' };
  for (const [name, scale] of [['analysis:12x12:N~1e6', 6944], ['analysis:12x12:N~1e12', 6.9e9]] as const) {
    const table = table12x12(scale);
    const n = table.flat().reduce((s, x) => s + x, 0);
    process.stderr.write(`${name} (N = ${n})\n`);
    const engine = timeCalls(() => analyzeTable(table).chiSquare.chiSquare);
    const baseline = timeCalls(() => textbookAnalysis(table));
    // The async path: time a batch of awaited calls.
    const request = { table, exact: true };
    const full = await timeAsync(async () => (await analyze('contingency', request, deps)).status);
    lines.push(
      `| \`${name}\` (N = ${n.toExponential(3)}) | ${formatMicros(engine.medianMicros)} | ${formatMicros(full)} | ${formatMicros(baseline.medianMicros)} | ${(engine.medianMicros / baseline.medianMicros).toFixed(2)} |`,
    );
  }
  lines.push('', 'Target: the whole 12x12 analysis under 100 µs (R `chisq.test` + `vcd::assocstats` take about 0.7 ms for fewer statistics).');
  return lines.join('\n');
}

async function timeAsync(run: () => Promise<unknown>): Promise<number> {
  for (let k = 0; k < 2000; k += 1) consume(await run());
  const samples: number[] = [];
  for (let batch = 0; batch < 25; batch += 1) {
    const start = performance.now();
    for (let k = 0; k < 200; k += 1) consume(await run());
    samples.push(((performance.now() - start) * 1000) / 200);
  }
  samples.sort((x, y) => x - y);
  return samples[12]!;
}

if (isEntryPoint(import.meta.url)) {
  runAnalysisBench().then((text) => process.stdout.write(text + '\n'));
}
