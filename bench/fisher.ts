/**
 * Benchmark `fisher`: the exact test of 2x2 tables (src/engine/fisher), the p-value alone and
 * the whole result (p, conditional MLE, exact interval), against a straightforward full-support
 * enumeration of the same p-value (R fisher.test's scheme: every log-probability of the
 * support, exponentiated relative to the largest, normalized, the qualifying ones summed),
 * measured in the same run. Run alone with `node dist/bench/fisher.js`.
 */
import { fisherExactTest, fisherPValue, fisherSupport } from '../src/engine/fisher/index.js';
import type { Cells2x2 } from '../src/engine/types.js';
import { formatMicros, isEntryPoint, timeCalls, type Timing } from './timing.js';

interface BenchTable {
  cells: Cells2x2;
  /** Distinguishes tables of equal support size in the name. */
  suffix: string;
}

const TABLES: readonly BenchTable[] = [
  { cells: [3, 1, 1, 3], suffix: '' },
  { cells: [120, 80, 75, 130], suffix: '' },
  { cells: [50150, 49850, 49848, 50152], suffix: ':off-mode' },
  { cells: [49999, 50001, 49999, 50001], suffix: ':at-mode' },
  { cells: [5, 999999995, 7, 999999993], suffix: ':N=2e9' },
];

/** Full-support enumeration of the two-sided p-value: the baseline. */
export function enumerationPValue([a, b, c, d]: Cells2x2): number {
  const { lo, size } = fisherSupport([a, b, c, d]);
  const logWeights = new Float64Array(size);
  // log w(x) relative to w(lo), by the ratio recurrence (the cumulative sum of log ratios).
  for (let k = 1; k < size; k += 1) {
    const x = lo + k - 1;
    const ratio = ((a + b - x) * (a + c - x)) / ((x + 1) * (d - a + x + 1));
    logWeights[k] = logWeights[k - 1]! + Math.log(ratio);
  }
  let max = -Infinity;
  for (let k = 0; k < size; k += 1) max = Math.max(max, logWeights[k]!);
  let total = 0;
  for (let k = 0; k < size; k += 1) {
    logWeights[k] = Math.exp(logWeights[k]! - max);
    total += logWeights[k]!;
  }
  const threshold = logWeights[a - lo]! * (1 + 1e-7);
  let qualifying = 0;
  for (let k = 0; k < size; k += 1) if (logWeights[k]! <= threshold) qualifying += logWeights[k]!;
  return Math.min(1, qualifying / total);
}

function tableLabel([a, b, c, d]: Cells2x2): string {
  return `[[${a},${b}],[${c},${d}]]`;
}

interface Row {
  name: string;
  table: string;
  pOnly: Timing;
  whole: Timing;
  baseline: Timing;
  agreement: number;
}

/** Runs the suite and returns its Markdown section (progress goes to stderr). */
export async function runFisherBench(): Promise<string> {
  const rows: Row[] = [];
  for (const { cells, suffix } of TABLES) {
    const { size } = fisherSupport(cells);
    const name = `fisher:2x2:support=${size}${suffix}`;
    const input: Cells2x2 = [...cells] as unknown as Cells2x2;
    process.stderr.write(`${name} ${tableLabel(cells)} ...\n`);
    const pOnly = timeCalls(() => fisherPValue(input));
    const whole = timeCalls(() => {
      const result = fisherExactTest(input);
      return result.pValue + (result.oddsRatio ?? 1) + (result.oddsRatioCI[0] ?? 0) + (result.oddsRatioCI[1] ?? 1);
    });
    const baseline = timeCalls(() => enumerationPValue(input));
    const ours = fisherPValue(input);
    const theirs = enumerationPValue(input);
    rows.push({ name, table: tableLabel(cells), pOnly, whole, baseline, agreement: Math.abs(ours - theirs) / ours });
    await new Promise((resolve) => setImmediate(resolve));
  }
  const lines = [
    '## fisher: exact test of 2x2 tables',
    '',
    'Median time of one call (25 batches of about 20 ms after 200 ms of warm-up, every result',
    'consumed). "p" is `fisherPValue`, "whole" is `fisherExactTest` (p, conditional MLE, exact 95%',
    'interval), "enumeration" is the full-support p-value written in bench/fisher.ts (R\'s scheme),',
    'and the ratio is enumeration / p. |Δp| is the relative difference of the two p-values.',
    '',
    '| name | table | p | whole | enumeration | enumeration / p | \\|Δp\\| |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.table} | ${formatMicros(r.pOnly.medianMicros)} | ${formatMicros(r.whole.medianMicros)} | ` +
        `${formatMicros(r.baseline.medianMicros)} | ${(r.baseline.medianMicros / r.pOnly.medianMicros).toFixed(1)}x | ` +
        `${r.agreement.toExponential(1)} |`,
    ),
  ];
  return lines.join('\n');
}

if (isEntryPoint(import.meta.url)) {
  process.stdout.write((await runFisherBench()) + '\n');
}
