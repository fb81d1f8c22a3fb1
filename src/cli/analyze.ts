/**
 * `contingency-api analyze TABLE`: every statistic of `/api/v1/contingency` for one table,
 * computed in-process by the same engine and the same analysis function as the service
 * (src/api/analyze.ts), printed as a terminal report or, with `--json`, as the response body.
 *
 * Exit codes: 0 done; 1 the table was rejected (the REST API would answer 400) or the
 * calculation failed (500); 2 the command line itself is wrong (option, argument, unreadable
 * file, invalid environment).
 */
import process from 'node:process';
import { parseArgs } from 'node:util';
import { analyze } from '../api/analyze.js';
import { ApiError } from '../api/errors.js';
import { fisherExactTest } from '../engine/fisher/index.js';
import { baseUrlFor, ConfigError, loadConfig } from '../server/config.js';
import { formatReport, type ContingencyBody } from './report.js';
import { readTableArgument, UsageError } from './table-input.js';

export const summary = 'print every statistic of one table (a report, or the JSON response with --json)';

export const help = `Usage: contingency-api analyze [options] TABLE

Computes everything /api/v1/contingency returns for one table, in this process (no server),
and prints a report: the table with margins, expected counts, the chi-square, Yates and G
tests, Fisher's exact test and odds ratios (2 x 2), association measures and adjusted
residuals.

TABLE is one of
  "12,5;7,9"              rows separated by ";", cells by "," (the GET d syntax)
  '[[12,5],[7,9]]'        JSON: a matrix, or a request body {"table": [[12,5],[7,9]], ...}
  counts.csv              a CSV file of counts (or JSON, when it starts with [ or {)
  -                       the same, read from standard input
Put -- before a table that starts with "-".

CSV files: one table row per line, counts separated by commas. The first line is a header of
column labels when it starts with an empty cell or any of its other cells is not a number; the
first column holds row labels when the header starts with an empty cell or any row of counts
starts with a non-number. Quote a label that looks like a number ("2024"). Blank lines and
lines starting with # are skipped. Example:
  ,improved,not improved
  treatment,12,5
  control,7,9

Options
  --json                print the /api/v1/contingency response body (JSON) instead of the report
  --no-exact            skip Fisher's exact test (exact=false)
  --row-labels a,b      row labels for the report (override labels from the input)
  --col-labels x,y      column labels for the report
  -h, --help            show this help

The "docs" address in the output follows PUBLIC_BASE_URL (or HOST and PORT), as in the service.

Exit status: 0 success; 1 the table was rejected (the error code and a hint are printed to
stderr, and with --json the error body to stdout); 2 wrong usage.`;

export interface CommandOutput {
  code: number;
  stdout: string;
  stderr: string;
}

export interface AnalyzeIo {
  /** Reads all of standard input; defaults to process.stdin. */
  readStdin?: () => Promise<string>;
  /** Environment for PUBLIC_BASE_URL, HOST and PORT; defaults to process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

const USAGE_HINT = 'Run `contingency-api analyze --help` for the accepted forms and options.';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function splitLabels(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((label) => label.trim());
}

/** The `docs` URL exactly as the service computes it: `{PUBLIC_BASE_URL or http://HOST:PORT}/docs`. */
export function docsUrlFor(env: Readonly<Record<string, string | undefined>>): string {
  const config = loadConfig(env);
  return `${config.publicBaseUrl ?? baseUrlFor(config.host, config.port)}/docs`;
}

function errorText(message: string, code: string, hint: string): string {
  return `error: ${message}\ncode: ${code}\nhint: ${hint}\n`;
}

function usageFailure(message: string, hint = USAGE_HINT): CommandOutput {
  return { code: 2, stdout: '', stderr: errorText(message, 'usage', hint) };
}

/** A rejected table or failed calculation: the REST error body, as text on stderr (and JSON on stdout with --json). */
function apiFailure(body: Record<string, unknown>, json: boolean): CommandOutput {
  return {
    code: 1,
    stdout: json ? `${JSON.stringify(body, null, 2)}\n` : '',
    stderr: errorText(String(body['error']), String(body['code']), String(body['hint'])),
  };
}

/** Runs the command and returns what it would print, without touching the process streams. */
export async function execute(args: readonly string[], io: AnalyzeIo = {}): Promise<CommandOutput> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean', default: false },
        'no-exact': { type: 'boolean', default: false },
        'row-labels': { type: 'string' },
        'col-labels': { type: 'string' },
      },
    });
  } catch (error) {
    return usageFailure(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    return usageFailure(positionals.length === 0 ? 'No table given.' : `Expected one table, got ${positionals.length} arguments.`);
  }
  const json = values.json === true;
  let docsUrl: string;
  try {
    docsUrl = docsUrlFor(io.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigError) return usageFailure(error.message, 'Fix or unset the named environment variables.');
    throw error;
  }
  try {
    const input = await readTableArgument(positionals[0]!, {
      exact: values['no-exact'] !== true,
      rowLabels: splitLabels(values['row-labels']),
      colLabels: splitLabels(values['col-labels']),
      readStdin: io.readStdin ?? (() => readAll(process.stdin)),
    });
    const { status, body } = await analyze('contingency', input.request, {
      runFisher: async (cells) => fisherExactTest(cells),
      docsUrl,
    });
    if (status !== 200) return apiFailure(body, json);
    const stdout = json
      ? `${JSON.stringify(body, null, 2)}\n`
      : formatReport(body as unknown as ContingencyBody, { rows: input.rowLabels, cols: input.colLabels });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    if (error instanceof ApiError) return apiFailure(error.toBody(), json);
    if (error instanceof UsageError) return usageFailure(error.message, error.hint);
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && 'path' in error) {
      return usageFailure(`Cannot read ${String(error.path)}: ${error.code}.`, 'Check the path and its permissions.');
    }
    throw error;
  }
}

export async function run(args: readonly string[]): Promise<number> {
  const output = await execute(args);
  process.stdout.write(output.stdout);
  process.stderr.write(output.stderr);
  return output.code;
}
