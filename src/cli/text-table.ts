/**
 * Plain-text tables with aligned columns for the terminal report: the first column (labels) is
 * left-aligned; in every other column numbers line up on their decimal point and text is
 * right-aligned.
 */

/** Width of a string in terminal columns (the report uses only single-width characters). */
function width(text: string): number {
  return [...text].length;
}

/** A cell that starts like a number (`12`, `-0.5`, `< 5e-324`, `∞`) is aligned on its decimal point. */
const NUMERIC = /^(-|< )?([0-9]|∞)/;

interface Split {
  whole: string;
  fraction: string;
}

function split(cell: string): Split {
  const point = cell.indexOf('.');
  return point === -1 ? { whole: cell, fraction: '' } : { whole: cell.slice(0, point), fraction: cell.slice(point) };
}

/** Formats one column: every cell padded to the same width. */
function alignColumn(cells: readonly string[], alignLeft: boolean): string[] {
  if (alignLeft) {
    const size = Math.max(0, ...cells.map(width));
    return cells.map((cell) => cell + ' '.repeat(size - width(cell)));
  }
  const numbers = cells.filter((cell) => NUMERIC.test(cell)).map(split);
  const wholeSize = Math.max(0, ...numbers.map((n) => width(n.whole)));
  const fractionSize = Math.max(0, ...numbers.map((n) => width(n.fraction)));
  const aligned = cells.map((cell) => {
    if (!NUMERIC.test(cell)) return cell;
    const { whole, fraction } = split(cell);
    return ' '.repeat(wholeSize - width(whole)) + whole + fraction + ' '.repeat(fractionSize - width(fraction));
  });
  const size = Math.max(0, ...aligned.map(width));
  return aligned.map((cell) => ' '.repeat(size - width(cell)) + cell);
}

export interface TableLayout {
  /** Columns of text to align left (default: the first only). */
  left?: readonly number[];
  indent?: number;
  gap?: number;
}

/**
 * Renders rows (the first is usually a header) as lines indented by `indent` spaces, columns
 * separated by `gap` spaces. Short rows are padded with empty cells.
 */
export function renderTable(rows: readonly (readonly string[])[], layout: TableLayout = {}): string[] {
  const { left = [0], indent = 2, gap = 3 } = layout;
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const aligned = Array.from({ length: columns }, (_, j) => alignColumn(rows.map((row) => row[j] ?? ''), left.includes(j)));
  return rows.map((_, i) => (' '.repeat(indent) + aligned.map((column) => column[i]).join(' '.repeat(gap))).trimEnd());
}
