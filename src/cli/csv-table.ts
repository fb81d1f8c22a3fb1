/**
 * Reads a contingency table of counts from CSV text for `contingency-api analyze FILE`.
 *
 * Format (documented in the command's help):
 * - one table row per line, cells separated by commas; blank lines and lines starting with `#`
 *   are skipped; a cell may be double-quoted (`"a, b"`, `""` for a quote inside), on one line;
 * - the first line is a header of column labels when its first cell is empty or any other cell
 *   is not a plain number (a quoted cell is never a number: quote labels such as "2024");
 * - the first column holds row labels when the header's first cell is empty, or when the first
 *   cell of any line of counts is not a plain number; the header's first cell is then the
 *   corner (its text is ignored).
 * Cells become numbers here when they look like the GET `d` syntax's numbers; the shared table
 * codec (src/api/table-codec.ts) then decides what a count is (negative, fractional, too large).
 */
import { ApiError } from '../api/errors.js';

export interface CsvTable {
  /** The counts, one array per table row, labels removed. */
  table: number[][];
  rowLabels?: string[];
  colLabels?: string[];
}

interface Field {
  text: string;
  quoted: boolean;
}

/** A plain decimal number as the GET `d` syntax accepts it (METHODS.md "Table codec"). */
const NUMBER_TOKEN = /^-?[0-9]+(\.[0-9]+)?$/;

const COUNT_HINT = 'Every cell outside the label row and label column must be a count such as 12 (no thousands separators or exponents).';

const CSV_HINT =
  'Write one table row per line with counts separated by commas, for example "12,5" then "7,9"; an optional first line of column labels and an optional first column of row labels.';

function csvError(message: string): ApiError {
  return new ApiError('invalid_table', message, CSV_HINT);
}

function isNumber(field: Field): boolean {
  return !field.quoted && NUMBER_TOKEN.test(field.text);
}

/** Splits one line into fields (RFC 4180 quoting within a line). */
function splitLine(line: string, lineNumber: number): Field[] {
  const fields: Field[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (line[i] === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= line.length) throw csvError(`CSV line ${lineNumber}: a quoted cell is not closed.`);
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            text += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        text += line[i];
        i++;
      }
      while (line[i] === ' ' || line[i] === '\t') i++;
      if (i < line.length && line[i] !== ',') throw csvError(`CSV line ${lineNumber}: text after a closing quote.`);
      fields.push({ text, quoted: true });
    } else {
      const end = line.indexOf(',', i);
      const stop = end === -1 ? line.length : end;
      fields.push({ text: line.slice(i, stop).trim(), quoted: false });
      i = stop;
    }
    if (i >= line.length) return fields;
    i++; // the comma
  }
}

function toCount(field: Field, row: number, column: number): number {
  if (!isNumber(field)) {
    throw new ApiError(
      'invalid_table',
      `The CSV cell at row ${row + 1}, column ${column + 1} of the counts is ${JSON.stringify(field.text)}, which is not a number.`,
      COUNT_HINT,
    );
  }
  return Number(field.text);
}

/** Parses CSV text into counts and optional labels. Throws ApiError `invalid_table`. */
export function parseCsvTable(text: string): CsvTable {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  if (lines.length === 0) throw csvError('The CSV input holds no table rows.');
  const rows = lines.map(({ line, number }) => splitLine(line, number));
  const first = rows[0]!;
  const hasHeader = (first[0]!.text === '' && !first[0]!.quoted) || first.slice(1).some((field) => !isNumber(field));
  const header = hasHeader ? first : undefined;
  const body = hasHeader ? rows.slice(1) : rows;
  if (body.length === 0) throw csvError('The CSV input holds a header line but no rows of counts.');
  const hasRowLabels = (header !== undefined && header[0]!.text === '') || body.some((row) => !isNumber(row[0]!));
  const table: CsvTable = { table: body.map((row, i) => (hasRowLabels ? row.slice(1) : row).map((f, j) => toCount(f, i, j))) };
  if (hasRowLabels) table.rowLabels = body.map((row) => row[0]!.text);
  if (header !== undefined) {
    const labels = (hasRowLabels ? header.slice(1) : header).map((f) => f.text);
    const width = table.table[0]!.length;
    if (labels.length !== width) {
      throw csvError(`The CSV header names ${labels.length} columns but the first row of counts has ${width}.`);
    }
    table.colLabels = labels;
  }
  return table;
}
