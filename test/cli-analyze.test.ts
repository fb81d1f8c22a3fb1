/**
 * `contingency-api analyze` (issue 4, "Command line"): `--json` is exactly the
 * /api/v1/contingency body for every case of the truth corpus (in-process for all 503 cases and
 * both input syntaxes; the real binary and the real HTTP service for a handful), the report
 * shows the real numbers, CSV files and stdin work, errors print code and hint with exit 1 (bad
 * table) or 2 (usage), and every command answers --help.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { analyze } from '../src/api/analyze.js';
import { decodeJsonTable } from '../src/api/table-codec.js';
import { execute } from '../src/cli/analyze.js';
import { fisherExactTest } from '../src/engine/fisher/index.js';
import { compareWithTruth, describeMismatches, loadCorpus, type CorpusCase } from './helpers/corpus.js';
import { MAIN } from './helpers/ops-service.js';
import { getTable, startTestServer } from './helpers/server.js';

const BASE_URL = 'https://stats.example.org';
const ENV = { PUBLIC_BASE_URL: BASE_URL };
const corpus = loadCorpus();

function byId(id: string): CorpusCase {
  const found = corpus.find((c) => c.id === id);
  assert.ok(found !== undefined, `${id} is in the corpus`);
  return found;
}

const dSyntax = (table: readonly (readonly number[])[]): string => table.map((row) => row.join(',')).join(';');

async function contingencyBody(table: number[][]): Promise<Record<string, unknown>> {
  const { status, body } = await analyze('contingency', decodeJsonTable({ table }), {
    runFisher: async (cells) => fisherExactTest(cells),
    docsUrl: `${BASE_URL}/docs`,
  });
  assert.equal(status, 200);
  return body;
}

/** Runs the real binary. */
function cli(args: readonly string[], options: { input?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(process.execPath, [MAIN, ...args], {
    encoding: 'utf8',
    input: options.input,
    env: { PATH: process.env['PATH'] ?? '', ...ENV, ...options.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('--json is the contingency response for every corpus case, from JSON and from the d syntax, and matches the truth', async () => {
  assert.ok(corpus.length >= 500, `the corpus has ${corpus.length} cases`);
  const failures: string[] = [];
  for (const c of corpus) {
    const expected = await contingencyBody(c.table);
    const fromJson = await execute(['--json', JSON.stringify(c.table)], { env: ENV });
    const fromQuery = await execute(['--json', dSyntax(c.table)], { env: ENV });
    for (const output of [fromJson, fromQuery]) {
      assert.equal(output.code, 0, `${c.id}: ${output.stderr}`);
      assert.equal(output.stderr, '');
      assert.equal(output.stdout, `${JSON.stringify(expected, null, 2)}\n`, `${c.id}: --json prints the body, two-space indented`);
    }
    const { fisherSupport: _support, ...truth } = c.truth; // informational, not an API field
    const mismatches = compareWithTruth(JSON.parse(fromJson.stdout), truth);
    if (mismatches.length > 0) failures.push(describeMismatches(c.id, mismatches));
  }
  assert.equal(failures.length, 0, failures.slice(0, 10).join('\n'));
});

test('the binary and the HTTP service return the same JSON for a handful of cases', async (t) => {
  const server = await startTestServer({ PUBLIC_BASE_URL: BASE_URL });
  t.after(() => server.close());
  const families = ['small_random', '2x2_single_zero', '2x2_support_100001', 'extreme_association', '12x12_dense'];
  for (const family of families) {
    const c = corpus.find((x) => x.family === family);
    assert.ok(c !== undefined, family);
    const run = cli(['analyze', '--json', JSON.stringify(c.table)]);
    assert.equal(run.status, 0, run.stderr);
    const rest = await getTable(server, '/api/v1/contingency', c.table);
    assert.equal(rest.status, 200, rest.text);
    assert.deepEqual(JSON.parse(run.stdout), rest.json(), `${c.id} (${family})`);
  }
});

test('--no-exact and {"exact": false} skip the exact test with reason disabled_by_caller', async () => {
  const viaOption = await execute(['--json', '--no-exact', '12,5;7,9'], { env: ENV });
  const viaBody = await execute(['--json', '{"table": [[12,5],[7,9]], "exact": false}'], { env: ENV });
  for (const output of [viaOption, viaBody]) {
    const body = JSON.parse(output.stdout);
    assert.equal(body.fishersExact, null);
    assert.equal(body.fishersExactUnavailableReason, 'disabled_by_caller');
    assert.notEqual(body.oddsRatio, null, 'the sample odds ratio is still there');
  }
  const report = await execute(['--no-exact', '12,5;7,9'], { env: ENV });
  assert.match(report.stdout, /Fisher's exact test not computed: skipped on request/);
});

test('the report shows the table, margins and the real statistics of a known 2x2 table (case-0845)', async () => {
  const c = byId('case-0845'); // [[3, 1], [5, 1]]
  const { code, stdout } = await execute(['--row-labels', 'treated,control', '--col-labels', 'relapse,none', dSyntax(c.table)], { env: ENV });
  assert.equal(code, 0);
  const expectedLines = [
    /^Contingency table: 2 x 2, N = 10$/,
    /^ {2}treated +3 +1 +4$/,
    /^ {2}control +5 +1 +6$/,
    /^ {2}Total +8 +2 +10$/,
    /^ {2}treated +3\.200 +0\.8000$/,
    /^ {2}Smallest expected count 0\.8000; 4 of 4 cells below 5\.$/,
    /^ {2}Pearson chi-square +0\.1042 +1 +0\.7469$/,
    /^ {2}Chi-square, Yates continuity correction +0 +1 +1$/,
    /^ {2}G-test \(likelihood ratio\) +0\.1026 +1 +0\.7487$/,
    /^ {2}Fisher-Irwin exact test, two-sided +p-value +1$/,
    /^ {2}Conditional MLE +0\.6325 +\[0\.006385, 62\.65\] +exact conditional \(Fisher\)$/,
    /^ {2}Sample \(ad\/bc\) +0\.6000 +\[0\.02651, 13\.58\] +Woolf logit$/,
    /^ {2}Cramér's V +0\.1021 +small /,
    /^ {2}Phi \(signed\) +-0\.1021$/,
    /^ {2}Contingency coefficient C +0\.1015$/,
    /^ {2}Goodman-Kruskal gamma +-0\.2500$/,
    /^ {2}Kendall's tau-b +-0\.1021$/,
    /^ {2}Stuart's tau-c +-0\.08000$/,
    /^ {2}Goodman-Kruskal lambda +0 +0 +0$/,
    /^ {2}Somers' d +-0\.1000 +-0\.1250 +-0\.08333$/,
    /^ {2}Theil's U \(uncertainty coefficient\) +0\.008747 +0\.007625 +0\.01026$/,
    /^ {2}treated +-0\.3227 +0\.3227$/,
    /^Warning: 4 of 4 cells have expected counts below 5/,
    /^Definitions and conventions: https:\/\/stats\.example\.org\/docs$/,
  ];
  const lines = stdout.split('\n');
  for (const pattern of expectedLines) {
    assert.ok(lines.some((line) => pattern.test(line)), `report has a line matching ${pattern}:\n${stdout}`);
  }
});

test('the report of a larger table explains the missing exact test and marks residuals beyond 1.96', async () => {
  const c = byId('case-0001'); // 3 x 9, small_random
  const { code, stdout } = await execute([JSON.stringify(c.table)], { env: ENV });
  assert.equal(code, 0);
  assert.match(stdout, /^Contingency table: 3 x 9, N = 227$/m);
  assert.match(stdout, /Not computed: Fisher's exact test and the odds ratios are defined for 2 x 2 tables; this table is 3 x 9\./);
  assert.match(stdout, /^ {2}Pearson chi-square +136\.8 +16 +3\.083e-21$/m);
  assert.match(stdout, /^ {2}G-test \(likelihood ratio\) +152\.7 +16 +2\.322e-24$/m);
  assert.match(stdout, /^ {2}Cramér's V +0\.5489 +large /m);
  assert.match(stdout, /^ {2}Phi \(signed\) +n\/a +2 x 2 tables only$/m);
  const residualSection = stdout.slice(stdout.indexOf('Adjusted standardized residuals'));
  const adjusted = (c.truth['residuals'] as { adjusted: string[][] }).adjusted.flat().map(Number);
  const marked = residualSection.split('\n').slice(2, 5).join('\n').match(/\*/g)?.length ?? 0;
  assert.equal(marked, adjusted.filter((r) => Math.abs(r) > 1.96).length, residualSection);
  assert.match(stdout, /^Warning: 9 of 27 cells have expected counts below 5/m);
});

test('the report shows unbounded odds ratios as ∞ and the workload limit as a reason', async () => {
  const zero = await execute(['19,0;3,4'], { env: ENV });
  assert.match(zero.stdout, /^ {2}Conditional MLE +∞ +\[\S+, ∞\) +exact conditional/m);
  assert.match(zero.stdout, /^ {2}Sample \(ad\/bc\) +∞ +\[0, ∞\) +Woolf logit$/m);
  assert.match(zero.stdout, /Note: The table has a zero cell/);
  const large = await execute([dSyntax(byId('case-1346').table)], { env: ENV });
  assert.match(large.stdout, /Fisher's exact test not computed: the fixed-margin support has 100001 tables, more than the 100000/);
});

test('CSV files with labels, and stdin, are read; the binary prints the report', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'contingency-cli-'));
  try {
    const file = path.join(dir, 'counts.csv');
    writeFileSync(file, '# trial outcome\n,improved,"not improved"\r\ntreatment, 12, 5\r\ncontrol,7,9\r\n');
    const run = cli(['analyze', file]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^ {2}treatment +12 +5 +17$/m);
    assert.match(run.stdout, /^ {14}improved +not improved +Total$/m);
    assert.match(run.stdout, /^ {2}Pearson chi-square +2\.431 +1 +0\.1190$/m);

    const json = cli(['analyze', '--json', file]);
    assert.deepEqual(JSON.parse(json.stdout).input.table, [
      [12, 5],
      [7, 9],
    ]);
    const piped = cli(['analyze', '--json', '-'], { input: '12,5\n7,9\n' });
    assert.equal(piped.stdout, json.stdout, 'stdin gives the same result as the file');
    const pipedJson = cli(['analyze', '--json', '-'], { input: '{"table": [[12,5],[7,9]]}' });
    assert.equal(pipedJson.stdout, json.stdout, 'JSON on stdin too');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a rejected table prints error, code and hint on stderr and exits 1; with --json the error body goes to stdout', () => {
  const run = cli(['analyze', '12,x;7,9']);
  assert.equal(run.status, 1);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /^error: The cell at row 1, column 2 is "x", which is not a number\.$/m);
  assert.match(run.stderr, /^code: invalid_table$/m);
  assert.match(run.stderr, /^hint: \S.*/m);

  const json = cli(['analyze', '--json', '[[0,0],[7,9]]']);
  assert.equal(json.status, 1);
  const body = JSON.parse(json.stdout);
  assert.equal(body.code, 'empty_margins');
  assert.equal(typeof body.hint, 'string');
  assert.match(json.stderr, /^code: empty_margins$/m);
});

test('every table error code of the codec reaches the command line with exit 1', async () => {
  for (const [argument, code] of [
    ['[[1,2],[3]]', 'invalid_table'],
    ['[[1,2]', 'invalid_json'],
    ['12,-5;7,9', 'invalid_counts'],
    ['12,5.5;7,9', 'invalid_counts'],
    ['12,5', 'insufficient_dimensions'],
    ['0,0;7,9', 'empty_margins'],
    ['{"rows": [[1,2],[3,4]]}', 'invalid_table'],
  ] as const) {
    const output = await execute([argument], { env: ENV });
    assert.equal(output.code, 1, `${argument}: ${output.stderr}`);
    assert.match(output.stderr, new RegExp(`^code: ${code}$`, 'm'), argument);
  }
  const labels = await execute(['--row-labels', 'a,b,c', '12,5;7,9'], { env: ENV });
  assert.equal(labels.code, 1);
  assert.match(labels.stderr, /rowLabels has 3 labels but the table has 2 rows/);
  const csv = await execute(['-'], { env: ENV, readStdin: async () => 'a,b\n1,2\n3,x\n' });
  assert.equal(csv.code, 1);
  assert.match(csv.stderr, /row 2, column 2 .* "x", which is not a number/);
});

test('usage errors exit 2: no table, two tables, unknown option, missing file, bad environment', async () => {
  for (const args of [[], ['12,5;7,9', '1,2;3,4'], ['--frobnicate', '12,5;7,9'], ['no-such-file.csv']]) {
    const output = await execute(args, { env: ENV });
    assert.equal(output.code, 2, `${args.join(' ')}: ${output.stderr}`);
    assert.match(output.stderr, /^error: .+\ncode: usage\nhint: .+/);
  }
  const env = await execute(['12,5;7,9'], { env: { PUBLIC_BASE_URL: 'not a url' } });
  assert.equal(env.code, 2);
  assert.match(env.stderr, /PUBLIC_BASE_URL/);
});

test('every command answers --help with exit 0; the bare command lists them all; an unknown command exits 2', () => {
  for (const command of ['serve', 'mcp', 'analyze', 'systemd-unit']) {
    const run = cli([command, '--help']);
    assert.equal(run.status, 0, `${command} --help: ${run.stderr}`);
    assert.match(run.stdout, new RegExp(`^Usage: contingency-api ${command}\\b`), `${command} --help`);
  }
  const list = cli(['--help']);
  assert.equal(list.status, 0);
  for (const command of ['serve', 'mcp', 'analyze', 'systemd-unit']) assert.match(list.stdout, new RegExp(`^ {2}${command} +\\S`, 'm'));
  const unknown = cli(['frobnicate']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command "frobnicate"/);
  assert.equal(cli([]).status, 2, 'no command is a usage error');
});
