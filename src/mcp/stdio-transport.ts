/**
 * The MCP stdio transport (METHODS.md "MCP endpoint": newline-delimited JSON-RPC on stdin and
 * stdout): one message per line in, one response per line out, in arrival order. Nothing but
 * JSON-RPC is written to the output; diagnostics go to `log` (stderr in the CLI). Resolves
 * once the input has ended and every response has been written.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { errorResponse, parseJson, RPC_ERROR, type JsonRpcResponse } from './jsonrpc.js';
import type { McpServer } from './protocol.js';

export interface StdioTransportOptions {
  input: Readable;
  output: Writable;
  server: McpServer;
  log: (line: string) => void;
}

function write(output: Writable, message: JsonRpcResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    output.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve()));
  });
}

async function answerLine(line: string, server: McpServer): Promise<JsonRpcResponse | null> {
  const parsed = parseJson(line);
  if (!parsed.ok) return errorResponse(undefined, RPC_ERROR.parseError, 'Parse error: the line is not valid JSON.');
  const outcome = await server.handleMessage(parsed.value);
  return outcome.kind === 'accepted' ? null : outcome.response;
}

export async function serveStdio({ input, output, server, log }: StdioTransportOptions): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  let queue: Promise<void> = Promise.resolve();
  for await (const line of lines) {
    if (line.trim() === '') continue;
    queue = queue.then(async () => {
      try {
        const response = await answerLine(line, server);
        if (response !== null) await write(output, response);
      } catch (error) {
        log(`failed to answer a message: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }
  await queue;
}
