/**
 * What a tool is, and the shape of its results (METHODS.md "MCP endpoint", tools): every result
 * carries `structuredContent` and exactly one text item holding the same JSON; an input error is
 * a result with `isError: true` whose structured content is the REST error body
 * `{error, code, hint}`.
 *
 * MCP clients (the official SDK among them) validate any `structuredContent` against the
 * tool's `outputSchema`, error results included, so every output schema accepts both the
 * success object and the error body: one `properties` map covering both, and an `anyOf` of
 * the two `required` lists. Schemas use only keywords shared by JSON Schema draft-07 and
 * 2020-12 (no `$ref`/`$defs`, no tuple `items`, no `prefixItems`).
 */
import { ApiError } from '../api/errors.js';
import type { FisherRunner } from '../api/analyze.js';

export type JsonSchema = Readonly<Record<string, unknown>>;

/** A schema whose root is an object, as MCP requires of input and output schemas. */
export interface ObjectSchema extends JsonSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
}

/** What a tool may use; built once per transport. */
export interface ToolContext {
  /** `{docs_url}`: the developer reference page, anchors are appended to it. */
  readonly docsUrl: string;
  /** `{base_url}`, without a trailing slash. */
  readonly baseUrl: string;
  readonly runFisher: FisherRunner;
  /** Requests per minute and client IP; 0 means that limiter is off. */
  readonly rateLimits: { readonly restPerMinute: number; readonly mcpHttpPerMinute: number };
}

/** Body of a tool error: the REST error body, or one of the MCP-only codes below. */
export interface ToolErrorBody {
  error: string;
  code: string;
  hint: string;
}

/** Codes that exist only for MCP tools (the REST codes come from src/api/errors.ts). */
export const MCP_TOOL_ERROR_CODES = {
  invalid_arguments: 'The tool arguments do not match its input schema (a required argument is missing or has the wrong type).',
  unknown_document: 'fetch was given an id that is not in the built-in corpus.',
} as const;

export type McpToolErrorCode = keyof typeof MCP_TOOL_ERROR_CODES;

export interface ToolResult {
  content: [{ type: 'text'; text: string }];
  structuredContent: Record<string, unknown>;
  isError?: true;
}

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: ObjectSchema;
  readonly outputSchema: ObjectSchema;
  run(args: Readonly<Record<string, unknown>>, context: ToolContext): Promise<ToolResult>;
}

/** Every tool here only reads its arguments and the built-in corpus. */
export const TOOL_ANNOTATIONS = {
  readOnlyHint: true,
  idempotentHint: true,
  destructiveHint: false,
  openWorldHint: false,
} as const;

/** The `tools/list` entry of a tool (title repeated in annotations for 2025-03-26 clients). */
export function describeTool(tool: ToolDefinition): Record<string, unknown> {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: { title: tool.title, ...TOOL_ANNOTATIONS },
  };
}

export function toolSuccess(structured: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

export function toolError(body: ToolErrorBody & Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body, isError: true };
}

export function toolErrorFromApiError(error: ApiError): ToolResult {
  return toolError(error.toBody());
}

export function invalidArguments(message: string, hint: string): ToolResult {
  return toolError({ error: message, code: 'invalid_arguments', hint });
}

const ERROR_BODY_PROPERTIES = {
  error: { type: 'string', description: 'What went wrong (error results only).' },
  code: { type: 'string', description: 'Machine-readable error code, as in the REST API (error results only).' },
  hint: { type: 'string', description: 'What to send instead (error results only).' },
} as const;

/** An output schema accepting the success object described here or a tool error body. */
export function outputSchema(success: { properties: Record<string, JsonSchema>; required: readonly string[] }): ObjectSchema {
  return {
    type: 'object',
    properties: { ...success.properties, ...ERROR_BODY_PROPERTIES },
    anyOf: [{ required: [...success.required] }, { required: ['error', 'code', 'hint'] }],
  };
}

/** Runs a tool body, turning an ApiError into an error result; other exceptions propagate. */
export async function catchApiError(body: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof ApiError) return toolErrorFromApiError(error);
    throw error;
  }
}
