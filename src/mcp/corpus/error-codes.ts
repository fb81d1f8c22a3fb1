/**
 * One corpus document per error code: every code of src/api/errors.ts (with its HTTP status)
 * and the MCP-only tool codes, plus an overview (service description "Errors"; METHODS.md
 * "Table codec and errors"). The Record types make a new code without a description a type
 * error here.
 */
import { ERROR_STATUS, type ErrorCode } from '../../api/errors.js';
import { MCP_TOOL_ERROR_CODES, type McpToolErrorCode } from '../tool.js';
import type { CorpusDocument } from './document.js';

interface CodeFacts {
  when: string;
  fix: string;
}

const REST_CODES: Record<ErrorCode, CodeFacts> = {
  invalid_query: {
    when: 'a GET analysis request without the query parameter d, with d given more than once, with an empty d, with malformed percent-encoding, or with exact other than true or false',
    fix: 'send d once, rows separated by ";" and cells by ",", e.g. d=12,5;3,9 (or POST the table as JSON)',
  },
  invalid_json: {
    when: 'a POST body that is missing, empty, not UTF-8, not parseable JSON or not a JSON object, a Content-Type other than application/json on a REST POST, or "exact" that is not a boolean',
    fix: 'send Content-Type: application/json and a body like {"table": [[12, 5], [3, 9]]}',
  },
  invalid_table: {
    when: '"table" missing or not an array of arrays; ragged rows; more than 12 rows or columns; a cell that is not a number (a GET token other than a plain decimal: empty, hex, exponent, NaN, Infinity, words); rowLabels or colLabels that are not strings, have the wrong count, or exceed 200 characters',
    fix: 'send 2 to 12 rows of 2 to 12 numbers each, all rows the same length, and labels (optional) one per row or column',
  },
  invalid_counts: {
    when: 'a cell that is negative, fractional, non-finite or above 1000000000000, or a grand total above 1000000000000 (weighted or fractional cells are rejected, not rounded)',
    fix: 'send whole counts from 0 to 1000000000000 with a grand total of at most 1000000000000',
  },
  insufficient_dimensions: {
    when: 'a table with fewer than 2 rows or fewer than 2 columns',
    fix: 'send a table with 2 to 12 rows and 2 to 12 columns',
  },
  empty_margins: {
    when: 'a row or column whose counts sum to 0',
    fix: 'remove rows and columns whose counts are all zero; every row and column needs a positive total',
  },
  endpoint_not_found: {
    when: 'an unknown path under /api (a HEAD request gets the same status without a body); the body also has "documentation"',
    fix: 'use one of the endpoints listed in the developer reference',
  },
  method_not_allowed: {
    when: 'a known path requested with a method it does not support; the Allow header lists the methods that work',
    fix: 'use one of the methods in the Allow header',
  },
  body_too_large: {
    when: 'a POST body larger than 16384 bytes, checked while the body is read (REST and the MCP endpoint)',
    fix: 'send at most 16384 bytes; a 12x12 table fits easily',
  },
  unsupported_media_type: {
    when: 'a POST to the MCP endpoint whose Content-Type is not application/json',
    fix: 'send Content-Type: application/json',
  },
  fisher_workload_limit: {
    when: 'on /api/v1/fishers-exact only: the fixed-margin support of the 2x2 table has more than 100000 tables; the body also carries the FisherResponse with fishersExact null and unavailableReason workload_limit',
    fix: 'use /api/v1/chi-square or /api/v1/contingency (which answer 200 with reason workload_limit), or a table with a smaller first row or column total',
  },
  rate_limit_exceeded: {
    when: 'more requests from one client IP than the limit allows in a 60-second sliding window (30 per minute on the REST analysis routes by default, 60 per minute on the MCP endpoint); Retry-After says when a slot frees up',
    fix: 'wait Retry-After seconds; for high-volume use self-host the service or contact the operator first',
  },
  calculation_failed: {
    when: 'a calculation produced a non-finite number, or the service failed unexpectedly; no partial result is returned',
    fix: 'this is a fault of the service, not of the request: report the table to the operator',
  },
  service_overloaded: {
    when: 'the exact-test worker pool and its waiting queue are full, so the request is refused at once instead of waiting without bound; Retry-After is set',
    fix: 'retry after a short wait, or send "exact": false to skip the exact test',
  },
};

const MCP_CODES: Record<McpToolErrorCode, CodeFacts> = {
  invalid_arguments: {
    when: `MCP tools only: ${MCP_TOOL_ERROR_CODES.invalid_arguments}`,
    fix: 'call the tool with the arguments of its inputSchema (tools/list)',
  },
  unknown_document: {
    when: `MCP tools only: ${MCP_TOOL_ERROR_CODES.unknown_document}`,
    fix: 'use an id returned by the search tool',
  },
};

function codeDocument(code: string, status: string, facts: CodeFacts): CorpusDocument {
  return {
    id: `error-${code.replaceAll('_', '-')}`,
    title: `Error code ${code} (${status})`,
    kind: 'error-code',
    anchor: 'errors',
    fields: ['error', 'code', 'hint'],
    references: [],
    keywords: [code, ...code.split('_'), 'error', 'code'],
    text:
      `Code ${code}, ${status}. When: ${facts.when}. What to do: ${facts.fix}. ` +
      'Every error body is a JSON object with error (a sentence naming the offending row, column or cell where there is one), code and hint (what to send instead). ' +
      'On the MCP endpoint, tool input errors are tool results with isError true whose text and structuredContent carry the same error, code and hint as the REST response would.',
  };
}

const restDocuments = (Object.keys(REST_CODES) as ErrorCode[]).map((code) =>
  codeDocument(code, `HTTP ${ERROR_STATUS[code]}`, REST_CODES[code]),
);
const mcpDocuments = (Object.keys(MCP_CODES) as McpToolErrorCode[]).map((code) =>
  codeDocument(code, 'MCP tool result with isError true', MCP_CODES[code]),
);

const overview: CorpusDocument = {
  id: 'errors',
  title: 'Errors: status codes and error codes',
  kind: 'service',
  anchor: 'errors',
  fields: ['error', 'code', 'hint'],
  references: [],
  keywords: ['error', 'errors', 'status', 'code', 'codes', 'hint', '400', '404', '405', '413', '415', '422', '429', '500', '503', 'isError'],
  text:
    'Error bodies are JSON objects with error (an explanatory sentence), code and hint. Codes and statuses: ' +
    (Object.keys(REST_CODES) as ErrorCode[]).map((code) => `${code} (${ERROR_STATUS[code]})`).join(', ') +
    '. Table problems are checked in the order of the table\'s life: parse, shape, dimensions, counts, margins, and the first failure is reported. ' +
    'Non-2x2 tables are not an error: the exact and odds-ratio results are null with a reason (not_2x2) in a 200. ' +
    'Check unavailable reasons and notes before interpreting results. ' +
    'MCP: transport failures of /api/headless-mcp are HTTP errors with a JSON-RPC error body (parse error -32700 with 400; invalid request, array body, id null or unsupported MCP-Protocol-Version -32600 with 400; 405, 413, 415 and 429 with -32000). ' +
    'Unknown methods (-32601) and bad parameters or unknown tools (-32602) are JSON-RPC errors with HTTP 200. Tool input errors are results with isError true carrying the REST code and hint; the MCP-only codes are ' +
    (Object.keys(MCP_CODES) as McpToolErrorCode[]).join(' and ') +
    '.',
};

export const ERROR_DOCUMENTS: readonly CorpusDocument[] = [overview, ...restDocuments, ...mcpDocuments];
