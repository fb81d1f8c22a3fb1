/**
 * Tool `get_headless_capabilities` {} -> what this service is and what it accepts: name and
 * versions, MCP protocol versions, the data boundary, limits, tool names, REST endpoints and
 * the statistics offered (METHODS.md "MCP endpoint"; service description "Limits", "Versioning").
 */
import { APPLICATION_VERSION } from '../../server/app-version.js';
import { documentUrl } from '../corpus.js';
import { STATISTIC_DOCUMENTS } from '../corpus/statistics.js';
import { API_VERSION, SERVER_NAME, SERVER_TITLE } from '../server-info.js';
import { MCP_PATH, RATE_LIMIT_WINDOW_SECONDS, REST_ENDPOINTS, TABLE_LIMITS, TOOL_NAMES } from '../service-facts.js';
import { outputSchema, toolSuccess, type JsonSchema, type ToolDefinition } from '../tool.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../versions.js';

const string = { type: 'string' } as const;
const boolean = { type: 'boolean' } as const;
const integer = { type: 'integer', minimum: 0 } as const;
const strings = { type: 'array', items: string } as const;

function object(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties) };
}

const DATA_BOUNDARY = {
  summary:
    'Aggregate integer counts only (2x2 to 12x12 tables with positive margins) and a fixed, built-in corpus of public evidence. ' +
    'No respondent-level rows, no survey weights or fractional counts, no accounts, workspaces or private projects; nothing is stored between requests. ' +
    'Ordinary independent-frequency methods, not survey-design inference.',
  aggregateCountsOnly: true,
  respondentRows: false,
  weights: false,
  privateProjects: false,
  accounts: false,
  storesData: false,
} as const;

export const getHeadlessCapabilitiesTool: ToolDefinition = {
  name: 'get_headless_capabilities',
  title: 'Describe this service',
  description:
    'Describe this service: name and versions (application, REST API, MCP protocol versions), the data boundary (aggregate integer counts only: no respondent rows, no private projects, no weights), ' +
    'limits (table size, counts, body size, rate limits, exact-test workload), the MCP tool names, the REST endpoints and the statistics offered with links to their documentation. Takes no arguments.',
  inputSchema: { type: 'object', properties: {} },
  outputSchema: outputSchema({
    properties: {
      service: string,
      title: string,
      versions: object({ application: string, api: string, openapi: string, restPrefix: string, healthSchema: integer, mcpProtocol: strings }),
      dataBoundary: object({
        summary: string,
        aggregateCountsOnly: boolean,
        respondentRows: boolean,
        weights: boolean,
        privateProjects: boolean,
        accounts: boolean,
        storesData: boolean,
      }),
      limits: object({
        minRows: integer,
        maxRows: integer,
        minCols: integer,
        maxCols: integer,
        maxCell: integer,
        maxGrandTotal: integer,
        maxBodyBytes: integer,
        fisherMaxSupport: integer,
        rateLimitWindowSeconds: integer,
        restRequestsPerMinute: { type: 'integer', minimum: 0, description: '0 means the REST limiter is off on this deployment.' },
        mcpRequestsPerMinute: { type: 'integer', minimum: 0, description: '0 means the MCP limiter is off on this deployment.' },
      }),
      tools: strings,
      endpoints: { type: 'array', items: object({ method: string, path: string, url: string, purpose: string }) },
      statistics: { type: 'array', items: object({ id: string, title: string, fields: strings, url: string }) },
      docs: string,
      mcpEndpoint: string,
    },
    required: ['service', 'title', 'versions', 'dataBoundary', 'limits', 'tools', 'endpoints', 'statistics', 'docs', 'mcpEndpoint'],
  }),
  async run(_args, context) {
    return toolSuccess({
      service: SERVER_NAME,
      title: SERVER_TITLE,
      versions: {
        application: APPLICATION_VERSION,
        api: API_VERSION,
        openapi: '3.1.0',
        restPrefix: '/api/v1',
        healthSchema: 3,
        mcpProtocol: [...SUPPORTED_PROTOCOL_VERSIONS],
      },
      dataBoundary: { ...DATA_BOUNDARY },
      limits: {
        ...TABLE_LIMITS,
        rateLimitWindowSeconds: RATE_LIMIT_WINDOW_SECONDS,
        restRequestsPerMinute: context.rateLimits.restPerMinute,
        mcpRequestsPerMinute: context.rateLimits.mcpHttpPerMinute,
      },
      tools: [...TOOL_NAMES],
      endpoints: REST_ENDPOINTS.map((e) => ({ ...e, url: `${context.baseUrl}${e.path}` })),
      statistics: STATISTIC_DOCUMENTS.map((doc) => ({ id: doc.id, title: doc.title, fields: [...doc.fields], url: documentUrl(doc, context.docsUrl) })),
      docs: context.docsUrl,
      mcpEndpoint: `${context.baseUrl}${MCP_PATH}`,
    });
  },
};
