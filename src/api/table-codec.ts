/**
 * The table codec: one validation for both encodings of a table (METHODS.md "Table codec and
 * errors") — the GET query (`d=12,5;3,9`, `rowLabels`, `colLabels`, `exact`) and the POST JSON
 * body (`{"table": [[12,5],[3,9]], "rowLabels"?, "colLabels"?, "exact"?}`).
 *
 * Each encoding is parsed into raw cells, then one pipeline checks, in the order of the table's
 * life: parse, shape, dimensions, counts, margins. The first failure is an ApiError with one of
 * the six 400 codes, a message naming the row, column or cell, and a hint.
 */
import { ApiError } from './errors.js';

export const MAX_DIMENSION = 12;
export const MIN_DIMENSION = 2;
export const MAX_COUNT = 1e12;
export const MAX_LABEL_LENGTH = 200;

export interface TableRequest {
  table: number[][];
  /** False when the caller asked to skip the exact test (`exact=false`). */
  exact: boolean;
}

/** A raw cell: a number (JSON) or a parse failure with what was received. */
type RawCell = { ok: true; value: number } | { ok: false; shown: string };

interface RawRequest {
  rows: RawCell[][];
  rowLabels: string[] | undefined;
  colLabels: string[] | undefined;
}

const CELL_TOKEN = /^-?[0-9]+(\.[0-9]+)?$/;
const TABLE_HINT_GET = 'Send d as rows separated by ";" and cells by ",", e.g. d=12,5;3,9.';
const TABLE_HINT_POST = 'Send {"table": [[12, 5], [3, 9]]}: an array of 2 to 12 rows, each an array of 2 to 12 integer counts.';
const COUNTS_HINT = 'Cells must be whole counts from 0 to 1000000000000, with a grand total of at most 1000000000000.';

const cellName = (i: number, j: number): string => `row ${i + 1}, column ${j + 1}`;

function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Runs the checks after parsing: shape, dimensions, counts, margins. */
function validate(raw: RawRequest, tableHint: string): number[][] {
  const { rows } = raw;
  // Shape: rectangular, at most 12 x 12, cells are numbers, labels match.
  if (rows.length > MAX_DIMENSION) {
    throw new ApiError('invalid_table', `The table has ${rows.length} rows; at most ${MAX_DIMENSION} are allowed.`, tableHint);
  }
  const width = rows[0]?.length ?? 0;
  rows.forEach((row, i) => {
    if (row.length !== width) {
      throw new ApiError(
        'invalid_table',
        `Row ${i + 1} has ${row.length} cells but row 1 has ${width}: the table must be rectangular.`,
        tableHint,
      );
    }
  });
  if (width > MAX_DIMENSION) {
    throw new ApiError('invalid_table', `The table has ${width} columns; at most ${MAX_DIMENSION} are allowed.`, tableHint);
  }
  rows.forEach((row, i) =>
    row.forEach((cell, j) => {
      if (!cell.ok) {
        throw new ApiError('invalid_table', `The cell at ${cellName(i, j)} is ${cell.shown}, which is not a number.`, tableHint);
      }
    }),
  );
  checkLabels(raw.rowLabels, 'rowLabels', 'rows', rows.length);
  checkLabels(raw.colLabels, 'colLabels', 'columns', width);
  // Dimensions.
  if (rows.length < MIN_DIMENSION || width < MIN_DIMENSION) {
    throw new ApiError(
      'insufficient_dimensions',
      `The table is ${rows.length} x ${width}; at least 2 rows and 2 columns are needed.`,
      'Send a table with 2 to 12 rows and 2 to 12 columns.',
    );
  }
  // Counts.
  const table = rows.map((row) => row.map((cell) => (cell as { value: number }).value));
  let total = 0;
  table.forEach((row, i) =>
    row.forEach((value, j) => {
      const problem = !Number.isFinite(value)
        ? 'is not finite'
        : value < 0
          ? 'is negative'
          : !Number.isInteger(value)
            ? 'is not a whole number'
            : value > MAX_COUNT
              ? 'is above 1000000000000'
              : null;
      if (problem !== null) {
        throw new ApiError('invalid_counts', `The count at ${cellName(i, j)} (${value}) ${problem}.`, COUNTS_HINT);
      }
      total += value;
    }),
  );
  if (total > MAX_COUNT) {
    throw new ApiError('invalid_counts', `The grand total ${total} is above 1000000000000.`, COUNTS_HINT);
  }
  // Margins.
  const marginsHint = 'Remove rows and columns whose counts are all zero; every row and column needs a positive total.';
  table.forEach((row, i) => {
    if (row.every((v) => v === 0)) throw new ApiError('empty_margins', `Row ${i + 1} sums to 0.`, marginsHint);
  });
  for (let j = 0; j < width; j += 1) {
    if (table.every((row) => row[j] === 0)) throw new ApiError('empty_margins', `Column ${j + 1} sums to 0.`, marginsHint);
  }
  // Normalise -0 to 0 so that the echo is plain.
  return table.map((row) => row.map((v) => v + 0));
}

function checkLabels(labels: string[] | undefined, name: string, what: string, expected: number): void {
  if (labels === undefined) return;
  if (labels.length !== expected) {
    throw new ApiError(
      'invalid_table',
      `${name} has ${labels.length} labels but the table has ${expected} ${what}.`,
      `Give exactly one label per ${what === 'rows' ? 'row' : 'column'}, or leave ${name} out.`,
    );
  }
  labels.forEach((label, k) => {
    if (label.length > MAX_LABEL_LENGTH) {
      throw new ApiError(
        'invalid_table',
        `${name}[${k}] is ${label.length} characters long; at most ${MAX_LABEL_LENGTH} are allowed.`,
        'Use shorter labels.',
      );
    }
  });
}

// ---------------------------------------------------------------- GET query

function singleParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) {
    throw new ApiError('invalid_query', `The query parameter ${name} is given ${values.length} times.`, `Give ${name} once.`);
  }
  return values[0];
}

function queryLabels(params: URLSearchParams, name: string): string[] | undefined {
  const values = params.getAll(name);
  if (values.length === 0) return undefined;
  return values.flatMap((v) => v.split(',')).map((label) => label.trim());
}

function parseQueryCell(token: string): RawCell {
  const trimmed = token.trim();
  if (!CELL_TOKEN.test(trimmed)) return { ok: false, shown: show(trimmed) };
  return { ok: true, value: Number(trimmed) };
}

/** Decodes and validates the GET form. `d` is required and single. */
export function decodeQueryTable(params: URLSearchParams): TableRequest {
  const d = singleParam(params, 'd');
  if (d === undefined || d.trim() === '') {
    throw new ApiError(
      'invalid_query',
      d === undefined ? 'The query parameter d is missing.' : 'The query parameter d is empty.',
      TABLE_HINT_GET,
    );
  }
  const exactParam = singleParam(params, 'exact');
  if (exactParam !== undefined && exactParam !== 'true' && exactParam !== 'false') {
    throw new ApiError('invalid_query', `exact=${show(exactParam)} is neither true nor false.`, 'Use exact=false to skip the exact test, or leave it out.');
  }
  const rows = d.split(';').map((row) => row.split(',').map(parseQueryCell));
  const table = validate({ rows, rowLabels: queryLabels(params, 'rowLabels'), colLabels: queryLabels(params, 'colLabels') }, TABLE_HINT_GET);
  return { table, exact: exactParam !== 'false' };
}

// ---------------------------------------------------------------- POST body

function bodyLabels(value: unknown, name: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((label) => typeof label === 'string')) {
    throw new ApiError('invalid_table', `${name} must be an array of strings.`, `Send ${name} as ["first", "second", ...], one per ${name === 'rowLabels' ? 'row' : 'column'}.`);
  }
  return value as string[];
}

/** Validates an already-parsed request object (`{table, rowLabels?, colLabels?, exact?}`). */
export function decodeJsonTable(value: unknown): TableRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('invalid_json', 'The request body must be a JSON object.', TABLE_HINT_POST);
  }
  const body = value as Record<string, unknown>;
  const own = (key: string): unknown => (Object.hasOwn(body, key) ? body[key] : undefined);
  const exact = own('exact');
  if (exact !== undefined && typeof exact !== 'boolean') {
    throw new ApiError('invalid_json', `"exact" is ${show(exact)}; it must be true or false.`, 'Send "exact": false to skip the exact test, or leave it out.');
  }
  const table = own('table');
  if (table === undefined) {
    throw new ApiError('invalid_table', 'The request body has no "table".', TABLE_HINT_POST);
  }
  if (!Array.isArray(table) || !table.every((row) => Array.isArray(row))) {
    throw new ApiError('invalid_table', '"table" must be an array of arrays (rows of counts).', TABLE_HINT_POST);
  }
  const rows = (table as unknown[][]).map((row) =>
    row.map((cell): RawCell => (typeof cell === 'number' ? { ok: true, value: cell } : { ok: false, shown: show(cell) })),
  );
  const checked = validate(
    { rows, rowLabels: bodyLabels(own('rowLabels'), 'rowLabels'), colLabels: bodyLabels(own('colLabels'), 'colLabels') },
    TABLE_HINT_POST,
  );
  return { table: checked, exact: exact !== false };
}

/** Parses and validates a raw POST body. Empty, unparseable and non-object bodies are invalid_json. */
export function decodeJsonBody(text: string): TableRequest {
  if (text.trim() === '') {
    throw new ApiError('invalid_json', 'The request body is empty.', TABLE_HINT_POST);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message}` : '';
    throw new ApiError('invalid_json', `The request body is not valid JSON${reason}.`, TABLE_HINT_POST);
  }
  return decodeJsonTable(value);
}
