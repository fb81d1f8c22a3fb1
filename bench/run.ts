/**
 * `npm run bench [-- name...]`: runs the named benchmark suites (default: all) and prints their
 * Markdown sections, preceded by the machine and Node version, ready for bench/README.md.
 */
import os from 'node:os';
import { runAnalysisBench } from './analysis.js';
import { runFisherBench } from './fisher.js';
import { runHttpBench } from './http.js';

const suites: Record<string, () => Promise<string>> = {
  fisher: runFisherBench,
  analysis: runAnalysisBench,
  http: runHttpBench,
};

async function main(names: string[]): Promise<void> {
  const selected = names.length === 0 ? Object.keys(suites) : names;
  const unknown = selected.filter((name) => !(name in suites));
  if (unknown.length > 0) {
    process.stderr.write(`unknown suite(s): ${unknown.join(', ')}; choose from ${Object.keys(suites).join(', ')}\n`);
    process.exitCode = 2;
    return;
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  process.stdout.write(`Node ${process.version}, ${os.availableParallelism()} cores (${cpu}), ${os.platform()} ${os.arch()}, ${new Date().toISOString().slice(0, 10)}\n\n`);
  for (const name of selected) {
    process.stdout.write((await suites[name]!()) + '\n\n');
  }
}

await main(process.argv.slice(2));
