/**
 * Facts about the service that both the evidence corpus and get_headless_capabilities state:
 * limits, REST endpoints, tool names (service description "Limits", "Endpoints"; METHODS.md
 * "MCP endpoint"). Values come from the modules that enforce them where those export them.
 */
import { MAX_COUNT, MAX_DIMENSION, MIN_DIMENSION } from '../api/table-codec.js';
import { FISHER_SUPPORT_LIMIT } from '../engine/fisher/support.js';
import { BODY_LIMIT_BYTES } from '../server/body.js';

export const MCP_PATH = '/api/headless-mcp';
/** Requests per minute and client IP on the MCP endpoint (its own sliding window). */
export const MCP_REQUESTS_PER_MINUTE = 60;
export const RATE_LIMIT_WINDOW_SECONDS = 60;
/** Contract default of RATE_LIMIT_PER_MINUTE for the REST analysis routes. */
export const REST_REQUESTS_PER_MINUTE_DEFAULT = 30;

export const TABLE_LIMITS = {
  minRows: MIN_DIMENSION,
  maxRows: MAX_DIMENSION,
  minCols: MIN_DIMENSION,
  maxCols: MAX_DIMENSION,
  maxCell: MAX_COUNT,
  maxGrandTotal: MAX_COUNT,
  fisherMaxSupport: FISHER_SUPPORT_LIMIT,
  maxBodyBytes: BODY_LIMIT_BYTES,
} as const;

export const TOOL_NAMES = ['search', 'fetch', 'get_headless_capabilities', 'analyze_crosstab', 'render_crosstab'] as const;

export interface EndpointFact {
  method: string;
  path: string;
  purpose: string;
}

const ANALYSES = [
  ['contingency', 'all statistics of the table (ContingencyResponse)'],
  ['chi-square', 'Pearson chi-square, Yates, G-test, Cramér\'s V and the low-expected-count warning'],
  ['fishers-exact', 'two-sided Fisher-Irwin exact test for 2x2 tables (422 above 100000 support tables)'],
  ['odds-ratio', 'sample odds ratio with the Woolf 95% interval and the Fisher p-value for 2x2 tables'],
] as const;

export const REST_ENDPOINTS: readonly EndpointFact[] = [
  ...ANALYSES.flatMap(([op, purpose]): EndpointFact[] => [
    { method: 'GET', path: `/api/v1/${op}`, purpose: `${purpose}; table in the query parameter d` },
    { method: 'POST', path: `/api/v1/${op}`, purpose: `${purpose}; JSON TableRequest body` },
    { method: 'OPTIONS', path: `/api/v1/${op}`, purpose: 'CORS preflight (204)' },
  ]),
  { method: 'GET', path: '/api/health', purpose: 'runtime and known-answer statistics self-check (HealthReport; 503 when degraded)' },
  { method: 'HEAD', path: '/api/health', purpose: 'same status as GET, no body' },
  { method: 'GET', path: '/api/openapi.json', purpose: 'OpenAPI 3.1.0 description of the REST interface' },
  { method: 'GET', path: '/docs', purpose: 'developer reference page' },
  { method: 'POST', path: MCP_PATH, purpose: 'this public aggregate MCP endpoint (Streamable HTTP, stateless, JSON responses)' },
];
