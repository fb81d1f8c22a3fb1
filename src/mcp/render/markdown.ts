/**
 * The Markdown table of render_crosstab (METHODS.md "MCP endpoint"): counts with row
 * percentages and expected counts under independence, with row and column totals.
 */
import type { Table, TableStatistics } from '../../engine/types.js';
import { escapeMarkdownCell, formatExpected, formatPercent } from './text.js';

export interface CrosstabLabels {
  rows: readonly string[];
  cols: readonly string[];
}

export function crosstabMarkdown(table: Table, stats: TableStatistics, labels: CrosstabLabels): string {
  const { row: rowTotals, col: colTotals } = stats.totals;
  const n = rowTotals.reduce((s, x) => s + x, 0);
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;

  const header = line(['', ...labels.cols.map(escapeMarkdownCell), 'Total']);
  const align = line([':---', ...labels.cols.map(() => '---:'), '---:']);
  const body = table.map((row, i) =>
    line([
      escapeMarkdownCell(labels.rows[i]!),
      ...row.map((count, j) => `${count} (${formatPercent(count, rowTotals[i]!)}; E = ${formatExpected(stats.expected.counts[i]![j]!)})`),
      `${rowTotals[i]} (100.0%)`,
    ]),
  );
  const totals = line(['Total', ...colTotals.map((b) => `${b} (${formatPercent(b, n)})`), `${n} (100.0%)`]);

  return [
    `Counts of a ${table.length} x ${colTotals.length} table (N = ${n}).`,
    '',
    header,
    align,
    ...body,
    totals,
    '',
    'Each cell: count (row percentage; E = expected count under independence, row total x column total / N). The Total row gives each column total as a share of N.',
  ].join('\n');
}
