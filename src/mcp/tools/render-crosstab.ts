/**
 * Tool `render_crosstab` {table, rowLabels?, colLabels?} -> {markdown, svg}: a Markdown table of
 * counts with row percentages and expected counts, and an accessible SVG heatmap of adjusted
 * residuals (METHODS.md "MCP endpoint"). The table goes through the REST codec, so input
 * errors carry the REST codes; labels default to R1.., C1...
 */
import { decodeJsonTable } from '../../api/table-codec.js';
import { analyzeTable } from '../../engine/analysis.js';
import { TABLE_ARGUMENT_PROPERTIES } from '../contingency-schema.js';
import { crosstabMarkdown } from '../render/markdown.js';
import { residualHeatmapSvg } from '../render/svg-heatmap.js';
import { labelsOrDefault } from '../render/text.js';
import { catchApiError, outputSchema, toolSuccess, type ToolDefinition } from '../tool.js';

/** Labels as given; decodeJsonTable has already checked they are strings of the right count. */
function givenLabels(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.map(String) : undefined;
}

export const renderCrosstabTool: ToolDefinition = {
  name: 'render_crosstab',
  title: 'Render a contingency table',
  description:
    'Render an aggregate contingency table (2x2 to 12x12 integer counts) for people: a Markdown table of counts with row percentages, expected counts and totals, ' +
    'and a self-contained, accessible SVG heatmap of Haberman adjusted residuals (blue above, red below independence on a colour-blind-safe ColorBrewer RdBu scale; ' +
    'residual and count printed in each cell; <title> and <desc> for screen readers). Labels are optional (default R1.., C1..) and escaped.',
  inputSchema: {
    type: 'object',
    properties: { ...TABLE_ARGUMENT_PROPERTIES },
    required: ['table'],
  },
  outputSchema: outputSchema({
    properties: {
      markdown: { type: 'string', description: 'GitHub-flavoured Markdown table.' },
      svg: { type: 'string', description: 'A complete <svg> document (image/svg+xml).' },
    },
    required: ['markdown', 'svg'],
  }),
  run(args) {
    return catchApiError(async () => {
      const { table } = decodeJsonTable(args);
      const stats = analyzeTable(table);
      const labels = {
        rows: labelsOrDefault(givenLabels(args['rowLabels']), table.length, 'R'),
        cols: labelsOrDefault(givenLabels(args['colLabels']), table[0]!.length, 'C'),
      };
      return toolSuccess({ markdown: crosstabMarkdown(table, stats, labels), svg: residualHeatmapSvg(table, stats, labels) });
    });
  },
};
