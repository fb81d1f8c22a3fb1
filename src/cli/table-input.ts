/**
 * Turns the table argument of `contingency-api analyze` into a validated TableRequest plus the
 * labels for the report. Three forms, told apart in this order:
 * - JSON (the argument starts with `[` or `{`): a bare matrix `[[12,5],[7,9]]` or a POST body
 *   `{"table": ..., "rowLabels"?, "colLabels"?, "exact"?}`;
 * - a file path, or `-` for standard input: CSV (see csv-table.ts), or JSON when the text starts
 *   with `[` or `{`;
 * - otherwise the GET `d` syntax `12,5;7,9`.
 * Every form ends in the shared codec (src/api/table-codec.ts), so the CLI accepts and rejects
 * exactly what the REST API does, with the same codes.
 */
import { readFile, stat } from 'node:fs/promises';
import { ApiError } from '../api/errors.js';
import { decodeJsonTable, decodeQueryTable, type TableRequest } from '../api/table-codec.js';
import { parseCsvTable } from './csv-table.js';

export interface LabelledTable {
  request: TableRequest;
  rowLabels?: string[] | undefined;
  colLabels?: string[] | undefined;
}

export interface InputOptions {
  /** False forces exact=false (`--no-exact`). */
  exact: boolean;
  rowLabels?: string[] | undefined;
  colLabels?: string[] | undefined;
  /** Reads all of standard input (injected for tests). */
  readStdin: () => Promise<string>;
}

/** A problem with the command line itself (exit 2), as opposed to a rejected table (exit 1). */
export class UsageError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string) {
    super(message);
    this.name = 'UsageError';
    this.hint = hint;
  }
}

/** Input files are tables of at most 12 x 12 counts: anything this large is not one. */
const MAX_INPUT_BYTES = 1 << 20;

const INPUT_HINT =
  'Give the table as "12,5;7,9", as JSON \'[[12,5],[7,9]]\', as the path of a CSV file of counts, or as - to read standard input.';

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '[' || first === '{';
}

function decodeJsonText(text: string, options: InputOptions): LabelledTable {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message}` : '';
    throw new ApiError('invalid_json', `The table is not valid JSON${reason}.`, 'Write JSON tables as [[12,5],[7,9]] or {"table": [[12,5],[7,9]]}.');
  }
  if (Array.isArray(value)) value = { table: value };
  // Anything but an object is rejected by the codec with its own invalid_json message.
  if (typeof value !== 'object' || value === null) return { request: decodeJsonTable(value) };
  const body: Record<string, unknown> = { ...value };
  if (options.rowLabels !== undefined) body['rowLabels'] = options.rowLabels;
  if (options.colLabels !== undefined) body['colLabels'] = options.colLabels;
  if (!options.exact) body['exact'] = false;
  const request = decodeJsonTable(body);
  // Labels passed the codec's checks, so they are arrays of strings when present.
  return { request, rowLabels: body['rowLabels'] as string[] | undefined, colLabels: body['colLabels'] as string[] | undefined };
}

function decodeCsvText(text: string, options: InputOptions): LabelledTable {
  const csv = parseCsvTable(text);
  const rowLabels = options.rowLabels ?? csv.rowLabels;
  const colLabels = options.colLabels ?? csv.colLabels;
  const request = decodeJsonTable({ table: csv.table, rowLabels, colLabels, exact: options.exact });
  return { request, rowLabels, colLabels };
}

function decodeQueryText(d: string, options: InputOptions): LabelledTable {
  const params = new URLSearchParams({ d });
  if (options.rowLabels !== undefined) params.set('rowLabels', options.rowLabels.join(','));
  if (options.colLabels !== undefined) params.set('colLabels', options.colLabels.join(','));
  if (!options.exact) params.set('exact', 'false');
  return { request: decodeQueryTable(params), rowLabels: options.rowLabels, colLabels: options.colLabels };
}

async function readSource(argument: string, options: InputOptions): Promise<string> {
  if (argument === '-') return options.readStdin();
  const info = await stat(argument);
  if (!info.isFile()) throw new UsageError(`${argument} is not a file.`, INPUT_HINT);
  if (info.size > MAX_INPUT_BYTES) throw new UsageError(`${argument} is ${info.size} bytes; a table file is at most ${MAX_INPUT_BYTES}.`, INPUT_HINT);
  return readFile(argument, 'utf8');
}

async function isFile(argument: string): Promise<boolean> {
  try {
    return (await stat(argument)).isFile();
  } catch {
    return false;
  }
}

/** Reads and validates the table argument. Throws ApiError (bad table) or UsageError. */
export async function readTableArgument(argument: string, options: InputOptions): Promise<LabelledTable> {
  if (looksLikeJson(argument)) return decodeJsonText(argument, options);
  if (argument === '-' || (await isFile(argument))) {
    const text = await readSource(argument, options);
    return looksLikeJson(text) ? decodeJsonText(text, options) : decodeCsvText(text, options);
  }
  if (!/[,;]/.test(argument)) {
    throw new UsageError(`"${argument}" is neither a table nor a readable file.`, INPUT_HINT);
  }
  return decodeQueryText(argument, options);
}
