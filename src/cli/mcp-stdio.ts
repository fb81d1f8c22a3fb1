/**
 * `contingency-api mcp`: the five MCP tools of /api/headless-mcp over stdio (METHODS.md "MCP
 * endpoint"): newline-delimited JSON-RPC on stdin/stdout, logs only on stderr, exit 0 when
 * stdin closes. Links point at PUBLIC_BASE_URL (default http://HOST:PORT, i.e.
 * http://127.0.0.1:8080).
 *
 * The exact test runs in-process, not in a worker pool: a stdio server has exactly one client
 * that waits for each answer anyway, one exact test is bounded (at most 100000 support tables,
 * milliseconds), and a pool would only add thread start-up time and memory to every session.
 */
import process from 'node:process';
import type { FisherRunner } from '../api/analyze.js';
import { fisherExactTest } from '../engine/fisher/index.js';
import { createMcpServer } from '../mcp/protocol.js';
import { MCP_REQUESTS_PER_MINUTE } from '../mcp/service-facts.js';
import { serveStdio } from '../mcp/stdio-transport.js';
import { baseUrlFor, ConfigError, loadConfig } from '../server/config.js';

export const summary = 'serve the MCP tools over stdio (newline-delimited JSON-RPC)';

export const help = `Usage: contingency-api mcp

Serves the five tools of the public aggregate MCP endpoint (search, fetch,
get_headless_capabilities, analyze_crosstab, render_crosstab) over stdio:
one JSON-RPC message per line on stdin, one response per line on stdout.
Logs go to stderr only. Exits 0 when stdin closes.

Example client configuration:
  {"command": "contingency-api", "args": ["mcp"]}

Environment:
  PUBLIC_BASE_URL   base URL of the documentation links (default http://HOST:PORT,
                    i.e. http://127.0.0.1:8080)`;

const log = (line: string): void => {
  process.stderr.write(`contingency-api mcp: ${line}\n`);
};

const runFisherInProcess: FisherRunner = async (cells) => fisherExactTest(cells);

export async function run(args: readonly string[]): Promise<number> {
  if (args.length > 0) {
    log(`unknown argument "${args[0]}" (see contingency-api mcp --help)`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log(error.message);
    return 1;
  }
  const baseUrl = config.publicBaseUrl ?? baseUrlFor(config.host, config.port);
  const server = createMcpServer({
    context: {
      docsUrl: `${baseUrl}/docs`,
      baseUrl,
      runFisher: runFisherInProcess,
      rateLimits: { restPerMinute: config.rateLimitPerMinute, mcpHttpPerMinute: config.rateLimitPerMinute === 0 ? 0 : MCP_REQUESTS_PER_MINUTE },
    },
    onInternalError: (error) => log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
  await serveStdio({ input: process.stdin, output: process.stdout, server, log });
  return 0;
}
