/**
 * The SVG heatmap of render_crosstab (METHODS.md "MCP endpoint"; "Residuals"): one cell per
 * table cell coloured by Haberman's adjusted residual on a diverging colour-blind-safe scale,
 * the residual and the count printed in the cell, and a legend. Self-contained (no CSS, no
 * scripts, no external references) and accessible: role="img" labelled by a <title> and a
 * <desc> that summarises the cells beyond +/-1.96 in words; each cell has its own <title>.
 * Every label is XML-escaped.
 */
import type { Table, TableStatistics } from '../../engine/types.js';
import { classOf, SCALE } from './diverging-scale.js';
import type { CrosstabLabels } from './markdown.js';
import { escapeXml, formatExpected, formatResidual, truncate } from './text.js';

const FONT_FAMILY = 'system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif';
const PAD = 16;
const TITLE_HEIGHT = 28;
const HEADER_HEIGHT = 24;
const CELL_HEIGHT = 44;
/** Rough advance width of one character at 12px, for layout without font metrics. */
const CHAR_WIDTH = 7;
const SIGNIFICANT = 1.96;
/** Cells listed by name in <desc>; beyond that a count is given. */
const DESC_LISTED = 12;

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** Short, stable id suffix so several heatmaps can share one HTML page. */
function idSuffix(text: string): string {
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k += 1) {
    hash ^= text.charCodeAt(k);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

interface CellInfo {
  i: number;
  j: number;
  residual: number;
}

function describe(table: Table, stats: TableStatistics, labels: CrosstabLabels): string {
  const r = table.length;
  const c = table[0]!.length;
  const cells: CellInfo[] = stats.residuals.adjusted.flatMap((row, i) => row.map((residual, j) => ({ i, j, residual })));
  const name = (cell: CellInfo): string => `${labels.rows[cell.i]} by ${labels.cols[cell.j]} (${formatResidual(cell.residual)})`;
  const beyond = cells.filter((cell) => Math.abs(cell.residual) > SIGNIFICANT).sort((x, y) => Math.abs(y.residual) - Math.abs(x.residual));
  const n = stats.totals.row.reduce((s, x) => s + x, 0);

  const parts = [
    `Heatmap of Haberman adjusted standardized residuals of a ${r} by ${c} table of counts (N = ${n}). ` +
      'Blue cells hold more observations than expected under independence, red cells fewer; each cell shows its residual and its count. ' +
      'An absolute residual above 1.96 departs from independence at the 5% level before any multiplicity correction.',
  ];
  if (beyond.length === 0) {
    parts.push(`None of the ${cells.length} cells is beyond 1.96 in absolute value.`);
  } else {
    const listed = beyond.slice(0, DESC_LISTED).map(name).join('; ');
    const more = beyond.length > DESC_LISTED ? `; and ${beyond.length - DESC_LISTED} more` : '';
    parts.push(`${beyond.length} of ${cells.length} cells are beyond 1.96 in absolute value, largest first: ${listed}${more}.`);
  }
  const max = cells.reduce((a, b) => (b.residual > a.residual ? b : a));
  const min = cells.reduce((a, b) => (b.residual < a.residual ? b : a));
  parts.push(`Largest residual: ${name(max)}. Smallest residual: ${name(min)}.`);
  return parts.join(' ');
}

export function residualHeatmapSvg(table: Table, stats: TableStatistics, labels: CrosstabLabels): string {
  const r = table.length;
  const c = table[0]!.length;
  const adjusted = stats.residuals.adjusted;
  const id = `crosstab-${idSuffix(JSON.stringify([table, labels.rows, labels.cols]))}`;

  const longestRowLabel = Math.max(...labels.rows.map((l) => Array.from(l).length));
  const longestColLabel = Math.max(...labels.cols.map((l) => Array.from(l).length));
  const longestCount = Math.max(...table.flat().map((x) => `n = ${x}`.length));
  const rowLabelWidth = clamp(longestRowLabel * CHAR_WIDTH + 12, 48, 180);
  const cellWidth = clamp(Math.max(longestColLabel * CHAR_WIDTH, longestCount * 6.5, 7 * CHAR_WIDTH) + 16, 64, 160);
  const gridX = PAD + rowLabelWidth;
  const gridY = PAD + TITLE_HEIGHT + HEADER_HEIGHT;
  const gridWidth = c * cellWidth;
  const gridHeight = r * CELL_HEIGHT;

  const swatchWidth = 80;
  const legendY = gridY + gridHeight + 28;
  const legendWidth = SCALE.length * swatchWidth;
  const width = Math.ceil(Math.max(gridX + gridWidth, PAD + legendWidth) + PAD);
  const height = legendY + 20 + 18 + 26 + PAD;
  const rowChars = Math.floor((rowLabelWidth - 12) / CHAR_WIDTH);
  const colChars = Math.floor((cellWidth - 8) / CHAR_WIDTH);

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" font-family="${FONT_FAMILY}">`,
    `<title id="${id}-title">Adjusted residuals of a ${r} by ${c} contingency table</title>`,
    `<desc id="${id}-desc">${escapeXml(describe(table, stats, labels))}</desc>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${PAD}" y="${PAD + 16}" font-size="15" font-weight="bold" fill="#000000">Adjusted residuals (Haberman)</text>`,
  );

  out.push('<g>');
  labels.cols.forEach((label, j) => {
    const x = gridX + j * cellWidth + cellWidth / 2;
    out.push(
      `<text x="${x}" y="${gridY - 8}" text-anchor="middle" font-size="12" font-weight="bold" fill="#000000"><title>${escapeXml(label)}</title>${escapeXml(truncate(label, colChars))}</text>`,
    );
  });
  labels.rows.forEach((label, i) => {
    const y = gridY + i * CELL_HEIGHT + CELL_HEIGHT / 2 + 4;
    out.push(
      `<text x="${gridX - 8}" y="${y}" text-anchor="end" font-size="12" font-weight="bold" fill="#000000"><title>${escapeXml(label)}</title>${escapeXml(truncate(label, rowChars))}</text>`,
    );
  });
  out.push('</g>');

  out.push('<g>');
  table.forEach((row, i) =>
    row.forEach((count, j) => {
      const residual = adjusted[i]![j]!;
      const style = SCALE[classOf(residual)]!;
      const x = gridX + j * cellWidth;
      const y = gridY + i * CELL_HEIGHT;
      const cx = x + cellWidth / 2;
      const tooltip = `${labels.rows[i]} by ${labels.cols[j]}: count ${count}, expected ${formatExpected(stats.expected.counts[i]![j]!)}, adjusted residual ${formatResidual(residual)}`;
      out.push(
        `<g><title>${escapeXml(tooltip)}</title>` +
          `<rect x="${x}" y="${y}" width="${cellWidth}" height="${CELL_HEIGHT}" fill="${style.fill}" stroke="#ffffff" stroke-width="1"/>` +
          `<text x="${cx}" y="${y + 20}" text-anchor="middle" font-size="13" font-weight="bold" fill="${style.text}">${formatResidual(residual)}</text>` +
          `<text x="${cx}" y="${y + 36}" text-anchor="middle" font-size="11" fill="${style.text}">n = ${count}</text></g>`,
      );
    }),
  );
  out.push('</g>');

  out.push('<g>');
  out.push(`<text x="${PAD}" y="${legendY - 8}" font-size="12" fill="#000000">Adjusted residual</text>`);
  SCALE.forEach((cls, k) => {
    const x = PAD + k * swatchWidth;
    out.push(
      `<rect x="${x}" y="${legendY}" width="${swatchWidth}" height="20" fill="${cls.fill}" stroke="#767676" stroke-width="0.5"/>`,
      `<text x="${x + swatchWidth / 2}" y="${legendY + 34}" text-anchor="middle" font-size="11" fill="#000000">${escapeXml(cls.label)}</text>`,
    );
  });
  out.push(
    `<text x="${PAD}" y="${legendY + 58}" font-size="11" fill="#000000">Blue: more than expected under independence; red: fewer. |residual| &gt; 1.96: 5% level.</text>`,
  );
  out.push('</g>', '</svg>');
  return out.join('\n');
}
