/**
 * Tool `analyze_crosstab` {table, rowLabels?, colLabels?, exact?} -> exactly the body of
 * POST /api/v1/contingency for that table (METHODS.md "MCP endpoint"): the same codec, the
 * same `analyze('contingency')`, the same digits. Codec errors and non-200 results become
 * tool errors with the REST code and hint.
 */
import { analyze } from '../../api/analyze.js';
import { decodeJsonTable } from '../../api/table-codec.js';
import { CONTINGENCY_RESPONSE, TABLE_ARGUMENT_PROPERTIES } from '../contingency-schema.js';
import { catchApiError, outputSchema, toolError, toolSuccess, type ToolDefinition, type ToolErrorBody } from '../tool.js';

export const analyzeCrosstabTool: ToolDefinition = {
  name: 'analyze_crosstab',
  title: 'Analyze a contingency table',
  description:
    'Compute every statistic of an aggregate contingency table (2x2 to 12x12 integer counts): Pearson chi-square, Yates (2x2), G-test, Fisher\'s exact test with the conditional odds ratio (2x2), ' +
    'sample odds ratio with Woolf interval (2x2), Cramér\'s V with label, phi, contingency coefficient, lambda, gamma, Kendall\'s tau-b and tau-c, Somers\' d, Theil\'s U, expected counts, ' +
    'margins and Pearson and adjusted residuals. Returns exactly the JSON of POST /api/v1/contingency. Labels are validated but do not change anything; "exact": false skips the exact test. ' +
    'Unbounded values are null with state positive_infinity; for non-2x2 tables the 2x2-only results are null with a reason. Use search/fetch for definitions.',
  inputSchema: {
    type: 'object',
    properties: {
      ...TABLE_ARGUMENT_PROPERTIES,
      exact: { type: 'boolean', description: 'false skips Fisher\'s exact test (reason disabled_by_caller). Default true.' },
    },
    required: ['table'],
  },
  outputSchema: outputSchema(CONTINGENCY_RESPONSE),
  run(args, context) {
    return catchApiError(async () => {
      const request = decodeJsonTable(args);
      const { status, body } = await analyze('contingency', request, { runFisher: context.runFisher, docsUrl: context.docsUrl });
      return status === 200 ? toolSuccess(body) : toolError(body as unknown as ToolErrorBody & Record<string, unknown>);
    });
  },
};
