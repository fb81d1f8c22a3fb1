/**
 * The OpenAPI 3.1.0 description of the service, served at /api/openapi.json (service description
 * "Endpoints", "Errors", "Limits", "Versioning"). Paths, parameters, headers and responses are
 * built here; the body schemas live in `schemas.ts` and the worked examples in `examples.ts`.
 */
import type { ErrorCode } from '../api/errors.js';
import { codesWithStatus, ERROR_WHEN } from './error-docs.js';
import {
  chiSquareExample,
  contingencyExample,
  exampleInput,
  fisherExample,
  oddsRatioExample,
  WORKED_EXAMPLES,
  WORKLOAD_LIMIT_TABLE,
  type WorkedExample,
} from './examples.js';
import { ref, schemas, type Schema, type SchemaName } from './schemas.js';

export const OPENAPI_VERSION = '3.1.0';
export const API_VERSION = '1.0.0';

type Json = Record<string, unknown>;

interface AnalysisRoute {
  readonly path: string;
  /** Operation id stem: get<Name>, post<Name>, options<Name>. */
  readonly name: string;
  readonly summary: string;
  readonly description: string;
  readonly responseSchema: SchemaName;
  readonly body: (example: WorkedExample, docsUrl: string) => Json;
  /** Whether `exact=false` applies (METHODS.md: /contingency and /odds-ratio). */
  readonly exactFlag: boolean;
  /** Whether 422 `fisher_workload_limit` is a response (/fishers-exact only). */
  readonly workloadError: boolean;
}

const ANALYSIS_ROUTES: readonly AnalysisRoute[] = [
  {
    path: '/api/v1/contingency',
    name: 'Contingency',
    summary: 'All statistics of a table',
    description:
      "Pearson chi-square, Yates-corrected chi-square (2×2), G-test, Fisher's exact test (2×2), sample odds ratio with " +
      "Woolf interval (2×2), Cramér's V, phi (2×2), contingency coefficient, Goodman–Kruskal lambda and gamma, Kendall's " +
      "tau-b, Stuart's tau-c, Somers' d, Theil's U, expected counts, totals and residuals. For tables larger than 2×2 the " +
      'exact test and the odds ratio are null with reason `not_2x2`; that is a 200, not an error.',
    responseSchema: 'ContingencyResponse',
    body: contingencyExample,
    exactFlag: true,
    workloadError: false,
  },
  {
    path: '/api/v1/chi-square',
    name: 'ChiSquare',
    summary: 'Chi-square test of independence',
    description:
      "Pearson chi-square test of independence, Yates' continuity correction (2×2 only, else null), G-test, Cramér's V " +
      'and a warning when expected counts are below 5.',
    responseSchema: 'ChiSquareResponse',
    body: chiSquareExample,
    exactFlag: false,
    workloadError: false,
  },
  {
    path: '/api/v1/fishers-exact',
    name: 'FishersExact',
    summary: "Fisher's exact test (2×2)",
    description:
      'Two-sided Fisher–Irwin exact test with the conditional maximum-likelihood odds ratio and its exact 95% interval. ' +
      'Tables larger than 2×2 get a 200 with `fishersExact` null and `unavailableReason` `not_2x2`. A 2×2 table whose ' +
      'fixed-margin support exceeds 100000 tables gets a 422 carrying the same body with reason `workload_limit`.',
    responseSchema: 'FisherResponse',
    body: fisherExample,
    exactFlag: false,
    workloadError: true,
  },
  {
    path: '/api/v1/odds-ratio',
    name: 'OddsRatio',
    summary: 'Sample odds ratio with Woolf interval (2×2)',
    description:
      "Sample odds ratio ad/bc with its 95% Woolf logit interval, and the two-sided Fisher–Irwin p-value. With a zero cell " +
      'the interval is [0, +infinity) (encoded `[0, null]` with states) and `note` says why. Tables larger than 2×2 get ' +
      'null results with reason `not_2x2` (HTTP 200).',
    responseSchema: 'OddsRatioResponse',
    body: oddsRatioExample,
    exactFlag: true,
    workloadError: false,
  },
];

const EXAMPLES = Object.values(WORKED_EXAMPLES) as readonly WorkedExample[];

/** The GET `d` encoding of a table: commas between cells, semicolons between rows. */
export function encodeTableQuery(table: readonly (readonly number[])[]): string {
  return table.map((row) => row.join(',')).join(';');
}

// ---------------------------------------------------------------------------------------------
// Headers

const HEADERS: Record<string, Json> = {
  'RateLimit-Limit': {
    description: 'Requests allowed per client IP in the 60-second sliding window (30 on the public service).',
    required: true,
    schema: { type: 'integer', minimum: 1 },
    example: 30,
  },
  'RateLimit-Remaining': {
    description: 'Requests still allowed in the window after this one.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
    example: 29,
  },
  'RateLimit-Reset': {
    description:
      'Seconds (rounded up) until the oldest counted request leaves the window and a slot frees. Not an epoch timestamp and not a full-quota reset.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
    example: 60,
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying; on 429 equal to `RateLimit-Reset`.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
    example: 17,
  },
  'Access-Control-Allow-Origin': {
    description: 'CORS is open to any origin.',
    required: true,
    schema: { type: 'string', const: '*' },
  },
  'Access-Control-Allow-Methods': {
    description: 'Methods allowed by the CORS preflight.',
    required: true,
    schema: { type: 'string', const: 'GET, POST, OPTIONS' },
  },
  'Access-Control-Allow-Headers': {
    description: 'Request headers allowed by the CORS preflight.',
    required: true,
    schema: { type: 'string', const: 'Content-Type' },
  },
  'Cache-Control-No-Store': {
    description: 'Health reports are never cached: `no-store, max-age=0`.',
    required: true,
    schema: { type: 'string', const: 'no-store, max-age=0' },
  },
  Allow: {
    description: 'The methods the path accepts.',
    required: true,
    schema: { type: 'string' },
    example: 'GET, POST, OPTIONS',
  },
};

function headerRef(name: keyof typeof HEADERS): Json {
  return { $ref: `#/components/headers/${name}` };
}

const CORS = { 'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin') };

/** Headers of every analysis response (service description "Rate-limit rules"). */
const ANALYSIS_HEADERS = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
  ...CORS,
};

const RETRY_HEADERS = { ...ANALYSIS_HEADERS, 'Retry-After': headerRef('Retry-After') };

// ---------------------------------------------------------------------------------------------
// Error responses

function errorBody(code: ErrorCode, error: string, hint: string): Json {
  return { error, code, hint };
}

/** The Error schema narrowed to the codes that go out with one status. */
function errorSchema(codes: readonly ErrorCode[]): Schema {
  return { allOf: [ref('Error'), { type: 'object', properties: { code: { enum: codes } } }] };
}

function describeCodes(codes: readonly ErrorCode[]): string {
  return codes.map((code) => `- \`${code}\`: ${ERROR_WHEN[code]}`).join('\n');
}

function errorResponse(
  summary: string,
  codes: readonly ErrorCode[],
  headers: Json,
  examples: Record<string, { summary: string; value: Json }>,
): Json {
  return {
    description: `${summary}\n\n${describeCodes(codes)}`,
    headers,
    content: { 'application/json': { schema: errorSchema(codes), examples } },
  };
}

const QUERY_400_CODES = codesWithStatus(400).filter((code) => code !== 'invalid_json');
const BODY_400_CODES = codesWithStatus(400).filter((code) => code !== 'invalid_query');

const RESPONSES: Record<string, Json> = {
  InvalidQuery: errorResponse('The query does not hold a valid table.', QUERY_400_CODES, ANALYSIS_HEADERS, {
    missingTable: {
      summary: 'No `d` parameter',
      value: errorBody(
        'invalid_query',
        'The query parameter d is missing.',
        'Send the table as d=12,5;3,9: commas between cells, semicolons between rows.',
      ),
    },
    notANumber: {
      summary: 'A cell that is not a number (`d=12,x;3,9`)',
      value: errorBody('invalid_table', 'Row 1, column 2: "x" is not a number.', 'Send plain decimal counts such as 12.'),
    },
    fractional: {
      summary: 'A fractional count (`d=12.5,5;3,9`)',
      value: errorBody(
        'invalid_counts',
        'Row 1, column 1: 12.5 is not a whole number.',
        'Send integer counts 0 to 1000000000000; weighted or fractional cells are not accepted.',
      ),
    },
    emptyRow: {
      summary: 'A row of zeros (`d=0,0;3,9`)',
      value: errorBody('empty_margins', 'Row 1 sums to 0.', 'Remove empty rows and columns: every row and column sum must be positive.'),
    },
  }),
  InvalidBody: errorResponse('The body does not hold a valid table.', BODY_400_CODES, ANALYSIS_HEADERS, {
    notJson: {
      summary: 'A body that is not JSON',
      value: errorBody(
        'invalid_json',
        'The request body is not valid JSON.',
        'Send {"table": [[12, 5], [3, 9]]} with Content-Type: application/json.',
      ),
    },
    ragged: {
      summary: 'Rows of different lengths',
      value: errorBody('invalid_table', 'Row 2 has 3 cells but row 1 has 2.', 'Send a rectangular table: every row the same length.'),
    },
    oneColumn: {
      summary: 'A single column',
      value: errorBody(
        'insufficient_dimensions',
        'The table has 1 column; at least 2 are needed.',
        'Send at least 2 rows and 2 columns.',
      ),
    },
  }),
  PayloadTooLarge: errorResponse('The body is too large.', ['body_too_large'], ANALYSIS_HEADERS, {
    tooLarge: {
      summary: 'A body over 16384 bytes',
      value: errorBody(
        'body_too_large',
        'The request body is larger than 16384 bytes.',
        'Send at most 16384 bytes: a 12x12 table of counts fits easily without padding.',
      ),
    },
  }),
  RateLimited: errorResponse('Too many requests.', ['rate_limit_exceeded'], RETRY_HEADERS, {
    limited: {
      summary: 'The 31st request within 60 seconds',
      value: errorBody(
        'rate_limit_exceeded',
        'Too many requests: at most 30 analysis requests per client IP in any 60 seconds.',
        'Retry after 17 s (Retry-After). For high-volume use, self-host the service or contact the operator.',
      ),
    },
  }),
  CalculationFailed: errorResponse('The calculation failed.', ['calculation_failed'], ANALYSIS_HEADERS, {
    failed: {
      summary: 'A non-finite result',
      value: errorBody(
        'calculation_failed',
        'The calculation produced a non-finite number, so no result is returned.',
        'This should not happen for a valid table; please report the table to the operator.',
      ),
    },
  }),
  Overloaded: errorResponse('The service is overloaded.', ['service_overloaded'], RETRY_HEADERS, {
    overloaded: {
      summary: 'The exact-test queue is full',
      value: errorBody('service_overloaded', 'The service is busy: the exact-test queue is full.', 'Retry after the number of seconds in Retry-After.'),
    },
  }),
  NotFound: {
    description: `Unknown path under /api. A HEAD request gets the same status without a body.\n\n${describeCodes(['endpoint_not_found'])}`,
    headers: CORS,
    content: {
      'application/json': {
        schema: ref('NotFoundError'),
        example: {
          error: 'No endpoint at /api/v1/chisquare.',
          code: 'endpoint_not_found',
          hint: 'The analysis endpoints are /api/v1/contingency, /api/v1/chi-square, /api/v1/fishers-exact and /api/v1/odds-ratio.',
          documentation: 'https://example.org/docs',
        },
      },
    },
  },
  MethodNotAllowed: errorResponse('The path does not accept this method.', ['method_not_allowed'], { ...CORS, Allow: headerRef('Allow') }, {
    put: {
      summary: 'PUT on an analysis path',
      value: errorBody('method_not_allowed', 'PUT is not allowed on /api/v1/contingency.', 'Use GET, POST or OPTIONS.'),
    },
  }),
};

function responseRef(name: keyof typeof RESPONSES): Json {
  return { $ref: `#/components/responses/${name}` };
}

// ---------------------------------------------------------------------------------------------
// Analysis operations

function successResponse(route: AnalysisRoute, docsUrl: string): Json {
  const examples: Record<string, Json> = {};
  for (const example of EXAMPLES) {
    examples[example.key] = { summary: `${example.summary}: ${JSON.stringify(example.table)}`, value: route.body(example, docsUrl) };
  }
  return {
    description: `A ${route.responseSchema}.`,
    headers: ANALYSIS_HEADERS,
    content: { 'application/json': { schema: ref(route.responseSchema), examples } },
  };
}

function workloadResponse(docsUrl: string): Json {
  const body = {
    input: exampleInput(WORKLOAD_LIMIT_TABLE),
    docs: docsUrl,
    fishersExact: null,
    unavailableReason: 'workload_limit',
    note: "Fisher's exact test was not computed: the table's fixed-margin support exceeds 100000 tables.",
    error: "Fisher's exact test was not computed: the table's fixed-margin support exceeds 100000 tables.",
    code: 'fisher_workload_limit',
    hint: 'Use /api/v1/chi-square for this table.',
  };
  return {
    description: `The exact test is over its workload limit.\n\n${describeCodes(['fisher_workload_limit'])}`,
    headers: ANALYSIS_HEADERS,
    content: { 'application/json': { schema: ref('FisherWorkloadError'), example: body } },
  };
}

function analysisResponses(route: AnalysisRoute, docsUrl: string, badRequest: keyof typeof RESPONSES): Json {
  return {
    '200': successResponse(route, docsUrl),
    '400': responseRef(badRequest),
    '413': responseRef('PayloadTooLarge'),
    ...(route.workloadError ? { '422': workloadResponse(docsUrl) } : {}),
    '429': responseRef('RateLimited'),
    '500': responseRef('CalculationFailed'),
    '503': responseRef('Overloaded'),
  };
}

const labelsParameter = (name: 'rowLabels' | 'colLabels', of: string, example: string[]): Json => ({
  name,
  in: 'query',
  required: false,
  description:
    `Labels of the ${of}s: one comma-separated list, or the parameter repeated once per label. ` +
    'Validated for count (wrong count: `invalid_table`), never echoed, never change a statistic.',
  schema: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 12 },
  style: 'form',
  explode: true,
  example,
});

function queryParameters(route: AnalysisRoute): Json[] {
  const d: Json = {
    name: 'd',
    in: 'query',
    required: true,
    description:
      'The table: commas separate cells, semicolons separate rows (`12,5;3,9` is [[12, 5], [3, 9]]). Whitespace around a ' +
      'cell is allowed. Given once. The query string may be logged along the way; POST keeps counts out of URLs.',
    schema: { type: 'string', minLength: 1 },
    examples: Object.fromEntries(
      EXAMPLES.map((example) => [example.key, { summary: example.summary, value: encodeTableQuery(example.table) }]),
    ),
  };
  const parameters = [d, labelsParameter('rowLabels', 'row', ['Treated', 'Control']), labelsParameter('colLabels', 'column', ['Improved', 'Not improved'])];
  if (route.exactFlag) {
    parameters.push({
      name: 'exact',
      in: 'query',
      required: false,
      description: "`false` skips Fisher's exact test: its result is null with reason `disabled_by_caller`.",
      schema: { type: 'boolean', default: true },
      example: false,
    });
  }
  return parameters;
}

function requestBody(route: AnalysisRoute): Json {
  const examples: Record<string, Json> = {};
  for (const example of EXAMPLES) examples[example.key] = { summary: example.summary, value: { table: example.table } };
  examples['withLabels'] = {
    summary: 'With labels (not echoed; statistics unchanged)',
    value: { table: WORKED_EXAMPLES.twoByTwo.table, rowLabels: ['Treated', 'Control'], colLabels: ['Improved', 'Not improved'] },
  };
  if (route.exactFlag) {
    examples['withoutExactTest'] = { summary: 'Skip the exact test', value: { table: WORKED_EXAMPLES.twoByTwo.table, exact: false } };
  }
  return {
    required: true,
    description: 'A TableRequest of at most 16384 bytes, sent with Content-Type: application/json.',
    content: { 'application/json': { schema: ref('TableRequest'), examples } },
  };
}

function preflight(route: { name: string; path: string }, allowHeaders: Json): Json {
  return {
    operationId: `options${route.name}`,
    summary: 'CORS preflight',
    description: `Answers a browser's CORS preflight for ${route.path} with 204 and an empty body.`,
    tags: [route.path === '/api/headless-mcp' ? 'mcp' : 'analysis'],
    responses: {
      '204': { description: 'Preflight accepted; empty body.', headers: { ...CORS, ...allowHeaders } },
    },
  };
}

function analysisPathItem(route: AnalysisRoute, docsUrl: string): Json {
  return {
    get: {
      operationId: `get${route.name}`,
      summary: `${route.summary} (query form)`,
      description: `${route.description}\n\nThe table goes in the query parameter \`d\`.`,
      tags: ['analysis'],
      parameters: queryParameters(route),
      responses: analysisResponses(route, docsUrl, 'InvalidQuery'),
    },
    post: {
      operationId: `post${route.name}`,
      summary: `${route.summary} (JSON form)`,
      description: `${route.description}\n\nThe table goes in a JSON TableRequest body.`,
      tags: ['analysis'],
      requestBody: requestBody(route),
      responses: analysisResponses(route, docsUrl, 'InvalidBody'),
    },
    options: preflight(route, {
      'Access-Control-Allow-Methods': headerRef('Access-Control-Allow-Methods'),
      'Access-Control-Allow-Headers': headerRef('Access-Control-Allow-Headers'),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Service operations

const HEALTH_EXAMPLE = {
  schemaVersion: 3,
  service: 'contingency-api',
  status: 'operational',
  checkedAt: '2025-01-15T09:30:00.000Z',
  build: {
    deploymentId: null,
    deploymentUrl: null,
    sourceRevision: null,
    sourceBranch: null,
    applicationVersion: '1.0.0',
    provenance: { confidence: 'metadata_only', limitations: ['Build metadata is reported by the process and not verified.'] },
  },
  trustReadiness: {
    status: 'pending',
    affectsOperationalStatus: false,
    basis: 'checked-in-release-contract',
    contractUpdatedAt: '2025-01-01',
    pendingEvidence: [{ id: 'external-audit', name: 'External audit', detail: 'No independent audit has been recorded.' }],
    limitations: ['Trust readiness describes recorded evidence, not runtime health.'],
  },
  checks: [
    { id: 'application_runtime', name: 'Application runtime', status: 'operational', detail: 'The process is serving requests.' },
    {
      id: 'statistics_engine',
      name: 'Statistics engine',
      status: 'operational',
      detail: 'The known-answer table matched its stored reference values through the worker pool.',
    },
  ],
};

function healthResponse(status: 'operational' | 'degraded', withBody: boolean): Json {
  const description =
    status === 'operational'
      ? 'Runtime and statistics self-check operational.'
      : 'The runtime or the known-answer statistics self-check is degraded.';
  const headers = { 'Cache-Control': headerRef('Cache-Control-No-Store'), ...CORS };
  if (!withBody) return { description: `${description} No body.`, headers };
  const degradedExample = {
    ...HEALTH_EXAMPLE,
    status: 'degraded',
    checks: [
      HEALTH_EXAMPLE.checks[0],
      { ...HEALTH_EXAMPLE.checks[1], status: 'degraded', detail: 'The known-answer table did not match its reference values.' },
    ],
  };
  return {
    description,
    headers,
    content: {
      'application/json': {
        schema: { allOf: [ref('HealthReport'), { type: 'object', properties: { status: { const: status } } }] },
        example: status === 'operational' ? HEALTH_EXAMPLE : degradedExample,
      },
    },
  };
}

function servicePaths(baseUrl: string): Record<string, Json> {
  return {
    '/api/health': {
      get: {
        operationId: 'getHealth',
        summary: 'Runtime and statistics self-check',
        description:
          'Reports runtime health and runs a known-answer test: a fixed table goes through the same code paths as the API ' +
          '(the worker pool included) and is compared with stored reference values. Trust-readiness pending evidence does ' +
          'not make runtime health degraded.',
        tags: ['service'],
        responses: { '200': healthResponse('operational', true), '503': healthResponse('degraded', true) },
      },
      head: {
        operationId: 'headHealth',
        summary: 'Health status only',
        description: 'Same status as GET /api/health, with no body.',
        tags: ['service'],
        responses: { '200': healthResponse('operational', false), '503': healthResponse('degraded', false) },
      },
    },
    '/api/openapi.json': {
      head: {
        operationId: 'headOpenApiDocument',
        summary: 'OpenAPI document headers',
        description: 'Same status and headers as GET /api/openapi.json, with no body.',
        tags: ['service'],
        responses: { '200': { description: 'The document exists; no body.', headers: CORS } },
      },
      get: {
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI document',
        description: 'The OpenAPI 3.1.0 description of the REST interface (this document).',
        tags: ['service'],
        responses: {
          '200': {
            description: 'The OpenAPI document.',
            headers: CORS,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['openapi', 'info', 'paths'],
                  properties: { openapi: { const: OPENAPI_VERSION }, info: { type: 'object' }, paths: { type: 'object' } },
                },
                example: { openapi: OPENAPI_VERSION, info: { title: 'contingency-api', version: API_VERSION }, paths: {} },
              },
            },
          },
        },
      },
    },
    '/docs': {
      head: {
        operationId: 'headReferencePage',
        summary: 'Developer reference headers',
        description: 'Same status and headers as GET /docs, with no body.',
        tags: ['service'],
        responses: { '200': { description: 'The reference page exists; no body.' } },
      },
      get: {
        operationId: 'getReferencePage',
        summary: 'Developer reference',
        description:
          'The developer reference as one HTML page: endpoints, table encoding, every field with its definition and ' +
          'reference, conventions compared with R and scipy, limits, errors, accuracy, health and the MCP endpoint. ' +
          'Sections have anchors, e.g. `/docs#stat-fisher`.',
        tags: ['service'],
        responses: {
          '200': {
            description: 'The reference page.',
            content: {
              'text/html': { schema: { type: 'string' }, example: '<!doctype html><html lang="en">…</html>' },
            },
          },
        },
      },
    },
    '/api/headless-mcp': {
      post: {
        operationId: 'postHeadlessMcp',
        summary: 'Public aggregate MCP endpoint (informational)',
        description:
          'Model Context Protocol over Streamable HTTP, stateless, JSON responses only (no SSE, no sessions). One JSON-RPC ' +
          'message per POST: a request gets 200 with the JSON-RPC response; a notification or response gets 202 with no ' +
          'body. Tools: `search`, `fetch`, `get_headless_capabilities`, `analyze_crosstab`, `render_crosstab`. Aggregate ' +
          'integer counts only: no respondent rows, no private projects. Body at most 16384 bytes; 60 requests per minute ' +
          'per client IP, counted separately from the REST limit. This is a separate protocol: the schemas here are loose; ' +
          `see ${baseUrl}/docs#mcp and the MCP specification.`,
        tags: ['mcp'],
        parameters: [
          {
            name: 'MCP-Protocol-Version',
            in: 'header',
            required: false,
            description: 'Negotiated protocol version; absent means 2025-03-26. Unsupported values get 400.',
            schema: { type: 'string', enum: ['2025-11-25', '2025-06-18', '2025-03-26'] },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('JsonRpcMessage'),
              examples: {
                ping: { summary: 'ping', value: { jsonrpc: '2.0', id: 1, method: 'ping' } },
                analyze: {
                  summary: 'Call analyze_crosstab',
                  value: {
                    jsonrpc: '2.0',
                    id: 2,
                    method: 'tools/call',
                    params: { name: 'analyze_crosstab', arguments: { table: WORKED_EXAMPLES.twoByTwo.table } },
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The JSON-RPC response to a request (protocol errors such as an unknown method are 200 too).',
            headers: ANALYSIS_HEADERS,
            content: {
              'application/json': { schema: ref('JsonRpcMessage'), example: { jsonrpc: '2.0', id: 1, result: {} } },
            },
          },
          '202': { description: 'A notification or response was accepted; no body.', headers: ANALYSIS_HEADERS },
          ...Object.fromEntries(
            (
              [
                ['400', 'Not JSON (-32700), not a JSON-RPC message (-32600), or an unsupported MCP-Protocol-Version.'],
                ['413', 'Body larger than 16384 bytes.'],
                ['415', 'Content-Type is not application/json.'],
                ['429', 'More than 60 requests per minute from this client IP; adds Retry-After.'],
              ] as const
            ).map(([status, description]) => [
              status,
              {
                description: `${description} JSON-RPC error without \`id\`.`,
                headers: status === '429' ? RETRY_HEADERS : ANALYSIS_HEADERS,
                content: {
                  'application/json': {
                    schema: ref('JsonRpcErrorResponse'),
                    example: { jsonrpc: '2.0', error: { code: status === '400' ? -32700 : -32000, message: description } },
                  },
                },
              },
            ]),
          ),
        },
      },
      options: preflight(
        { name: 'HeadlessMcp', path: '/api/headless-mcp' },
        { 'Access-Control-Allow-Headers': { description: 'Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id', schema: { type: 'string' } } },
      ),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The document

const INFO_DESCRIPTION = [
  'A free, accountless JSON interface that computes statistics of aggregate contingency tables: rectangular tables of',
  'non-negative integer counts, 2×2 up to 12×12. No key, token or signup; CORS is open to any origin. Aggregate counts only:',
  'no respondent-level rows, no weights (fractional cells are rejected), no private projects. The methods are ordinary',
  'independent-frequency methods, not survey-design inference.',
  '',
  'Every analysis endpoint takes the table either as the GET query parameter `d` (`12,5;3,9`) or as a POST JSON body',
  '`{"table": [[12, 5], [3, 9]]}`. Responses echo the validated table as `input` and give the reference address as `docs`.',
  'Additive response fields may appear: tolerate unknown fields.',
  '',
  'Unknown paths under /api return 404 with a NotFoundError body (`code` `endpoint_not_found`); a known path with a method',
  'it does not accept returns 405 `method_not_allowed` with `Allow`. Rate limit: 30 requests per client IP in a 60-second',
  'sliding window, shared across the four analysis routes; every analysis response carries RateLimit-* headers.',
  'Use is free, including commercial use; contact the operator before using the service as a high-volume backend.',
].join('\n');

/**
 * The OpenAPI 3.1.0 document for a deployment whose base address is `baseUrl`
 * (`{base_url}`, e.g. `https://stats.example.org`; `{docs_url}` is `{baseUrl}/docs`).
 * A fresh object on every call: callers may change it without touching the shared schemas.
 */
export function openApiDocument(baseUrl: string): Record<string, unknown> {
  const docsUrl = `${baseUrl}/docs`;
  const paths: Record<string, Json> = {};
  for (const route of ANALYSIS_ROUTES) paths[route.path] = analysisPathItem(route, docsUrl);
  Object.assign(paths, servicePaths(baseUrl));
  return structuredClone({
    openapi: OPENAPI_VERSION,
    info: {
      title: 'contingency-api: aggregate contingency-table statistics',
      summary: 'Chi-square, G-test, Fisher exact, odds ratio and association measures for 2×2 to 12×12 count tables.',
      description: INFO_DESCRIPTION,
      version: API_VERSION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: baseUrl }],
    externalDocs: { description: 'Developer reference', url: docsUrl },
    security: [],
    tags: [
      { name: 'analysis', description: 'Statistics of a contingency table (rate limited).' },
      { name: 'service', description: 'Health, this document and the reference page.' },
      { name: 'mcp', description: 'The public aggregate MCP endpoint (informational; a separate protocol).' },
    ],
    paths,
    components: {
      schemas: { ...schemas },
      responses: RESPONSES,
      headers: HEADERS,
    },
  });
}
