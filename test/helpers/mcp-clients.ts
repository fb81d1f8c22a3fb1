/**
 * MCP test clients built on the official SDK (a dev dependency; the server itself never uses
 * it): one over Streamable HTTP to a running server's /api/headless-mcp, one over stdio to a
 * spawned `node dist/src/cli/main.js mcp`. `analyzeViaMcp` returns what analyze_crosstab
 * answered, so any test can compare it with the REST body or the CLI output.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fileURLToPath } from 'node:url';

/** dist/src/cli/main.js, from dist/test/helpers/. */
export const CLI_PATH = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

function newClient(): Client {
  return new Client({ name: 'contingency-api-tests', version: '1.0.0' });
}

/** Connects (initialize + notifications/initialized) to `${baseUrl}/api/headless-mcp`. */
export async function connectHttpClient(baseUrl: string): Promise<Client> {
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(new URL('/api/headless-mcp', baseUrl)));
  return client;
}

/** Spawns the stdio server; its links point at `publicBaseUrl`. stderr is collected in `stderr`. */
export async function connectStdioClient(publicBaseUrl: string): Promise<{ client: Client; stderr: () => string }> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  env['PUBLIC_BASE_URL'] = publicBaseUrl;
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'mcp'], env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = newClient();
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

export interface ToolAnswer {
  isError: boolean;
  /** The single text item. */
  text: string;
  structured: Record<string, unknown>;
}

/** Calls a tool and checks the result has exactly one text item and structured content. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text?: string }[];
    structuredContent?: Record<string, unknown>;
    isError?: boolean;
  };
  if (result.content.length !== 1 || result.content[0]!.type !== 'text' || typeof result.content[0]!.text !== 'string') {
    throw new Error(`${name}: expected exactly one text content item, got ${JSON.stringify(result.content)}`);
  }
  if (result.structuredContent === undefined) throw new Error(`${name}: no structuredContent`);
  return { isError: result.isError === true, text: result.content[0]!.text, structured: result.structuredContent };
}

/** analyze_crosstab of `table` (optionally with more arguments). */
export function analyzeViaMcp(client: Client, table: number[][], extra: Record<string, unknown> = {}): Promise<ToolAnswer> {
  return callTool(client, 'analyze_crosstab', { table, ...extra });
}
