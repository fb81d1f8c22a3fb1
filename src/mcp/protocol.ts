/**
 * The transport-independent MCP server: one parsed JSON-RPC message in, what to answer out
 * (METHODS.md "MCP endpoint"). Methods: initialize, ping, tools/list, tools/call; every
 * notification (notifications/initialized among them) is accepted and needs no answer.
 * Stateless: no method depends on an earlier one, so each HTTP POST stands alone.
 *
 * Errors: a message that is not JSON-RPC is `rejected` (HTTP 400, -32600); unknown methods
 * -32601 and bad params or unknown tools -32602 are ordinary replies (HTTP 200). A tool that
 * throws anything but an ApiError is a bug: the reply is -32603 without details.
 */
import {
  classifyMessage,
  errorResponse,
  RPC_ERROR,
  successResponse,
  type JsonRpcFailure,
  type JsonRpcId,
  type JsonRpcResponse,
} from './jsonrpc.js';
import { INSTRUCTIONS, SERVER_INFO } from './server-info.js';
import { describeTool, type ToolContext, type ToolDefinition } from './tool.js';
import { TOOLS } from './tools/index.js';
import { negotiateProtocolVersion } from './versions.js';

export type MessageOutcome =
  /** A request was answered (HTTP 200), with a result or a protocol error. */
  | { kind: 'reply'; response: JsonRpcResponse }
  /** A notification or a response: nothing to answer (HTTP 202). */
  | { kind: 'accepted' }
  /** Not a JSON-RPC message (HTTP 400). */
  | { kind: 'rejected'; response: JsonRpcFailure };

export interface McpServerOptions {
  context: ToolContext;
  tools?: readonly ToolDefinition[];
  /** Called with unexpected exceptions of a tool (the client only sees -32603). */
  onInternalError?: (error: unknown) => void;
}

export interface McpServer {
  handleMessage(value: unknown): Promise<MessageOutcome>;
}

type Params = Readonly<Record<string, unknown>>;

class InvalidParams extends Error {}

function paramsObject(params: unknown): Params {
  if (params === undefined) return {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new InvalidParams('params must be an object.');
  return params as Params;
}

export function createMcpServer(options: McpServerOptions): McpServer {
  const tools = options.tools ?? TOOLS;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listing = tools.map(describeTool);

  const methods: Record<string, (params: Params) => Promise<unknown>> = {
    async initialize(params) {
      const requested = params['protocolVersion'];
      if (typeof requested !== 'string') throw new InvalidParams('initialize needs params.protocolVersion (a string).');
      return {
        protocolVersion: negotiateProtocolVersion(requested),
        capabilities: { tools: { listChanged: false } },
        serverInfo: { ...SERVER_INFO },
        instructions: INSTRUCTIONS,
      };
    },
    async ping() {
      return {};
    },
    async 'tools/list'(params) {
      if (params['cursor'] !== undefined) throw new InvalidParams('Unknown cursor: the tool list has a single page.');
      return { tools: listing };
    },
    async 'tools/call'(params) {
      const name = params['name'];
      if (typeof name !== 'string') throw new InvalidParams('tools/call needs params.name (a string).');
      const tool = byName.get(name);
      if (tool === undefined) throw new InvalidParams(`Unknown tool: ${JSON.stringify(name.slice(0, 100))}. Available: ${[...byName.keys()].join(', ')}.`);
      const args = params['arguments'] === undefined ? {} : params['arguments'];
      if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new InvalidParams('params.arguments must be an object.');
      return tool.run(args as Params, options.context);
    },
  };

  async function answer(id: JsonRpcId, method: string, rawParams: unknown): Promise<JsonRpcResponse> {
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (handler === undefined) return errorResponse(id, RPC_ERROR.methodNotFound, `Method not found: ${method.slice(0, 100)}`);
    try {
      return successResponse(id, await handler(paramsObject(rawParams)));
    } catch (error) {
      if (error instanceof InvalidParams) return errorResponse(id, RPC_ERROR.invalidParams, error.message);
      options.onInternalError?.(error);
      return errorResponse(id, RPC_ERROR.internalError, 'Internal error');
    }
  }

  return {
    async handleMessage(value) {
      const message = classifyMessage(value);
      switch (message.kind) {
        case 'request':
          return { kind: 'reply', response: await answer(message.id, message.method, message.params) };
        case 'notification':
        case 'response':
          return { kind: 'accepted' };
        case 'invalid':
          return { kind: 'rejected', response: errorResponse(message.id, RPC_ERROR.invalidRequest, `Invalid Request: ${message.reason}`) };
      }
    },
  };
}
