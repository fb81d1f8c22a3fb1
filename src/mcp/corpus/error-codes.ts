/**
 * One corpus document per error code: every code of src/api/errors.ts (with its HTTP status)
 * and the MCP-only tool codes, plus an overview (service description "Errors"; METHODS.md
 * "Table codec and errors"). The Record types make a new code without a description a type
 * error here.
 */
import { ERROR_DESCRIPTIONS } from '../../api/error-descriptions.js';
import { ERROR_STATUS, type ErrorCode } from '../../api/errors.js';
import { MCP_TOOL_ERROR_CODES, type McpToolErrorCode } from '../tool.js';
import type { CorpusDocument } from './document.js';

interface CodeFacts {
  when: string;
  fix: string;
}

/** The REST codes read in plain text (the shared descriptions mark code with backticks). */
const REST_CODES: Record<ErrorCode, CodeFacts> = Object.fromEntries(
  Object.entries(ERROR_DESCRIPTIONS).map(([code, { when, fix }]) => [code, { when: when.replaceAll('`', ''), fix }]),
) as Record<ErrorCode, CodeFacts>;

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
