/**
 * How this MCP server introduces itself in `initialize` (METHODS.md "MCP endpoint"): name,
 * title and package version, and one paragraph of instructions on the data boundary.
 */
import { APPLICATION_VERSION } from '../server/app-version.js';

export const SERVER_NAME = 'contingency-api';
export const SERVER_TITLE = 'Contingency-table statistics (aggregate counts only)';
/** Version of the REST description (service description "Versioning"). */
export const API_VERSION = '1.0.0';

export const SERVER_INFO = { name: SERVER_NAME, title: SERVER_TITLE, version: APPLICATION_VERSION } as const;

export const INSTRUCTIONS =
  'This server computes statistics of aggregate contingency tables and answers questions from a ' +
  'fixed, built-in corpus of public documentation; nothing else crosses its boundary. It accepts ' +
  'only aggregate integer counts (2x2 to 12x12 cells, each 0 to 1e12, grand total at most 1e12, ' +
  'every row and column sum positive): no respondent-level rows, no survey weights or fractional ' +
  'counts, no accounts, workspaces or private projects, and it keeps nothing between calls. The ' +
  'methods are ordinary independent-frequency methods, not survey-design inference. Use ' +
  'analyze_crosstab for every statistic of a table (the same JSON as POST /api/v1/contingency), ' +
  'render_crosstab for a Markdown table and an SVG heatmap of adjusted residuals, search and fetch ' +
  'for definitions, conventions and their relation to R and scipy, and get_headless_capabilities ' +
  'for versions and limits.';
