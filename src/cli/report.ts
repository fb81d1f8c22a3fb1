/**
 * The terminal report of `contingency-api analyze`: one `/api/v1/contingency` response laid out
 * for a statistician — the table with labels and margins, expected counts, the tests of
 * independence, the exact test and odds ratios (or why they are unavailable), the association
 * measures, and the adjusted residuals (METHODS.md "Statistics", "Residuals").
 * It reads only the response body, so the report shows exactly the digits the API returns.
 */
import type { DirectionalMeasure, Residuals, UnavailableReason } from '../engine/types.js';
import type { ContingencyResponse } from '../api/analyze.js';
import { lowExpectedCountWarning } from '../engine/expected-counts.js';
import { FISHER_SUPPORT_LIMIT, fisherSupport } from '../engine/fisher/index.js';
import { woolfOddsRatio } from '../engine/woolf-odds-ratio.js';
import { formatBounded, formatInterval, formatNumber, formatPValue } from './format.js';
import { renderTable } from './text-table.js';

/**
 * The contingency response the report reads; `warning` and `note` (not in that response) are
 * taken from the engine when absent.
 */
export type ContingencyBody = ContingencyResponse & { warning?: string | null; note?: string | null };

export interface ReportLabels {
  rows?: readonly string[] | undefined;
  cols?: readonly string[] | undefined;
}

/** |adjusted residual| above this marks a cell departing from independence at the 5% level. */
export const RESIDUAL_MARK = 1.96;

function defaultLabels(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
}

function section(title: string, lines: readonly string[]): string[] {
  return [title, ...lines, ''];
}

function observedSection(body: ContingencyBody, rows: readonly string[], cols: readonly string[]): string[] {
  const header = ['', ...cols, 'Total'];
  const data = body.input.table.map((row, i) => [rows[i] ?? '', ...row.map(String), String(body.totals.row[i])]);
  const totals = ['Total', ...body.totals.col.map(String), String(body.input.n)];
  return section('Observed counts', renderTable([header, ...data, totals]));
}

function expectedSection(body: ContingencyBody, rows: readonly string[], cols: readonly string[]): string[] {
  const { counts, min, cellsBelow5 } = body.expected;
  const cells = body.input.rows * body.input.cols;
  const data = counts.map((row, i) => [rows[i] ?? '', ...row.map((e) => formatNumber(e))]);
  return section('Expected counts under independence', [
    ...renderTable([['', ...cols], ...data]),
    `  Smallest expected count ${formatNumber(min)}; ${cellsBelow5} of ${cells} cells below 5.`,
  ]);
}

function testsSection(body: ContingencyBody): string[] {
  const row = (name: string, statistic: number, df: number, p: number): string[] => [
    name,
    formatNumber(statistic),
    String(df),
    formatPValue(p),
  ];
  const rows = [
    ['Test', 'Statistic', 'df', 'p-value'],
    row('Pearson chi-square', body.chiSquare.chiSquare, body.chiSquare.degreesOfFreedom, body.chiSquare.pValue),
    body.chiSquareYates === null
      ? ['Chi-square, Yates continuity correction', 'n/a', '', '']
      : row(
          'Chi-square, Yates continuity correction',
          body.chiSquareYates.chiSquare,
          body.chiSquareYates.degreesOfFreedom,
          body.chiSquareYates.pValue,
        ),
    row('G-test (likelihood ratio)', body.gTest.gStatistic, body.gTest.degreesOfFreedom, body.gTest.pValue),
  ];
  const notes = body.chiSquareYates === null ? ['  The Yates correction applies to 2 x 2 tables only.'] : [];
  return section('Tests of independence', [...renderTable(rows), ...notes]);
}

/** Size of the fixed-margin support of a 2x2 table (METHODS.md "2x2 tables"). */
function supportSize(table: readonly (readonly number[])[]): number {
  const [[a, b], [c, d]] = table as [[number, number], [number, number]];
  return fisherSupport([a, b, c, d]).size;
}

/** A sentence explaining why the exact test was not computed. */
export function explainUnavailable(reason: UnavailableReason, body: ContingencyBody): string {
  switch (reason) {
    case 'not_2x2':
      return `Fisher's exact test and the odds ratios are defined for 2 x 2 tables; this table is ${body.input.rows} x ${body.input.cols}. Read the chi-square and G-test p-values instead.`;
    case 'workload_limit':
      return `the fixed-margin support has ${supportSize(body.input.table)} tables, more than the ${FISHER_SUPPORT_LIMIT} the exact test enumerates. Use the chi-square and G-test p-values, which are accurate at this sample size.`;
    case 'disabled_by_caller':
      return 'skipped on request (--no-exact or "exact": false).';
    case 'invalid_counts':
      return 'the counts are not valid for the exact test.';
    case 'unsafe_integer_counts':
      return 'the counts are too large to enumerate exactly.';
    case 'non_positive_margins':
      return 'a row or column sum is zero.';
  }
}

/** The API's note on the Woolf interval of a 2x2 table with a zero cell (null otherwise). */
function woolfNote(table: readonly (readonly number[])[]): string | null {
  if (table.length !== 2 || table[0]!.length !== 2) return null;
  const [[a, b], [c, d]] = table as [[number, number], [number, number]];
  return woolfOddsRatio([a, b, c, d]).note;
}

function exactSection(body: ContingencyBody): string[] {
  const fisher = body.fishersExact;
  const reason = body.fishersExactUnavailableReason;
  if (fisher === null && reason === 'not_2x2') {
    return section('Exact test and odds ratios', [`  Not computed: ${explainUnavailable(reason, body)}`]);
  }
  const lines: string[] = [];
  const odds: string[][] = [['Odds ratio', 'Estimate', '95% CI', 'Interval']];
  if (fisher !== null) {
    lines.push(...renderTable([['Fisher-Irwin exact test, two-sided', 'p-value', formatPValue(fisher.pValue)]]));
    odds.push([
      'Conditional MLE',
      formatBounded(fisher.oddsRatio, fisher.oddsRatioState),
      formatInterval(fisher.oddsRatioCI, fisher.oddsRatioCIStates),
      'exact conditional (Fisher)',
    ]);
  } else if (reason !== null) {
    lines.push(`  Fisher's exact test not computed: ${explainUnavailable(reason, body)}`);
  }
  const woolf = body.oddsRatio;
  if (woolf !== undefined && woolf !== null) {
    odds.push(['Sample (ad/bc)', formatBounded(woolf.value, woolf.valueState), formatInterval(woolf.ci95, woolf.ci95States), 'Woolf logit']);
  }
  if (odds.length > 1) lines.push('', ...renderTable(odds, { left: [0, 3] }));
  const note = body.note !== undefined ? body.note : woolfNote(body.input.table);
  if (typeof note === 'string') lines.push(`  Note: ${note}`);
  return section('Exact test and odds ratios (2 x 2)', lines);
}

function associationSection(body: ContingencyBody): string[] {
  const single = renderTable([
    ['Measure', 'Value', ''],
    ["Cramér's V", formatNumber(body.cramersV.value), `${body.cramersV.label} (Cohen's thresholds scaled by min(r, c) - 1)`],
    ['Phi (signed)', body.phi === null ? 'n/a' : formatNumber(body.phi), body.phi === null ? '2 x 2 tables only' : ''],
    ['Contingency coefficient C', formatNumber(body.contingencyCoefficient), ''],
    ['Goodman-Kruskal gamma', formatNumber(body.gamma), ''],
    ["Kendall's tau-b", formatNumber(body.kendallTau.tauB), ''],
    ["Stuart's tau-c", formatNumber(body.kendallTau.tauC), ''],
  ], { left: [0, 2] });
  const directional = (name: string, m: DirectionalMeasure): string[] => [
    name,
    formatNumber(m.symmetric),
    formatNumber(m.rowDependent),
    formatNumber(m.colDependent),
  ];
  const u = body.theilsU;
  const asymmetric = renderTable([
    ['Directional measure', 'Symmetric', 'Rows dependent', 'Columns dependent'],
    directional('Goodman-Kruskal lambda', body.lambda),
    directional("Somers' d", body.somersD),
    directional("Theil's U (uncertainty coefficient)", { symmetric: u.symmetric, rowDependent: u.rowGivenCol, colDependent: u.colGivenRow }),
  ]);
  return section('Association', [...single, '', ...asymmetric]);
}

function residualsSection(residuals: Residuals, rows: readonly string[], cols: readonly string[]): string[] {
  const cell = (r: number): string => `${formatNumber(r)}${Math.abs(r) > RESIDUAL_MARK ? '*' : ''}`;
  const data = residuals.adjusted.map((row, i) => [rows[i] ?? '', ...row.map(cell)]);
  return section(
    `Adjusted standardized residuals (* marks |r| > ${RESIDUAL_MARK}: 5% level, no multiplicity correction)`,
    renderTable([['', ...cols], ...data]),
  );
}

/** The whole report as text, ending with a newline. */
export function formatReport(body: ContingencyBody, labels: ReportLabels = {}): string {
  const rows = labels.rows ?? defaultLabels('R', body.input.rows);
  const cols = labels.cols ?? defaultLabels('C', body.input.cols);
  const lines = [
    `Contingency table: ${body.input.rows} x ${body.input.cols}, N = ${body.input.n}`,
    '',
    ...observedSection(body, rows, cols),
    ...expectedSection(body, rows, cols),
    ...testsSection(body),
    ...exactSection(body),
    ...associationSection(body),
    ...(body.residuals === undefined ? [] : residualsSection(body.residuals, rows, cols)),
  ];
  const is2x2 = body.input.rows === 2 && body.input.cols === 2;
  const warning = body.warning !== undefined ? body.warning : lowExpectedCountWarning(body.expected, is2x2);
  if (typeof warning === 'string') lines.push(`Warning: ${warning}`, '');
  lines.push(`Definitions and conventions: ${body.docs}`);
  return lines.join('\n') + '\n';
}
