/**
 * Interoperability with the official MCP SDK client (a dev dependency; the server is
 * hand-written): over Streamable HTTP to the real server's /api/headless-mcp and over stdio to
 * `node dist/src/cli/main.js mcp`. Lists and calls the five tools, checks every structured
 * result against the tool's output schema (the SDK checks too), the error paths, and that
 * analyze_crosstab over HTTP, over stdio and POST /api/v1/contingency return identical JSON for
 * every case of the truth corpus, within the corpus tolerances.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { RunningServer } from '../src/server/server.js';
import { compareWithTruth, describeMismatches, loadCorpus } from './helpers/corpus.js';
import { analyzeViaMcp, callTool, connectHttpClient, connectStdioClient, type ToolAnswer } from './helpers/mcp-clients.js';
import { postJson, startTestServer } from './helpers/server.js';

const TOOL_NAMES = ['search', 'fetch', 'get_headless_capabilities', 'analyze_crosstab', 'render_crosstab'];

describe('the official MCP SDK client', () => {
  let server: RunningServer;
  let http: Client;
  let stdio: Client;
  let stdioStderr: () => string;
  const validators = new Map<string, (value: unknown) => void>();
  /** Protocol-level errors the SDK reported (e.g. a stdout line that is not JSON-RPC). */
  const transportErrors: string[] = [];

  before(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '0' });
    http = await connectHttpClient(server.url);
    ({ client: stdio, stderr: stdioStderr } = await connectStdioClient(server.baseUrl));
    for (const [name, client] of [['http', http], ['stdio', stdio]] as const) {
      client.onerror = (error) => transportErrors.push(`${name}: ${error.message}`);
    }
  });
  after(async () => {
    await http?.close();
    await stdio?.close();
    await server?.close();
  });

  const clients = (): [string, Client][] => [
    ['http', http],
    ['stdio', stdio],
  ];

  function check(name: string, answer: ToolAnswer): ToolAnswer {
    assert.equal(answer.text, JSON.stringify(answer.structured), 'the text item holds the structured JSON');
    validators.get(name)!(answer.structured);
    return answer;
  }

  it('initializes with the newest protocol version and sees the server info and instructions', () => {
    for (const [transport, client] of clients()) {
      const info = client.getServerVersion();
      assert.equal(info?.name, 'contingency-api', transport);
      assert.equal(typeof info?.version, 'string');
      assert.deepEqual(client.getServerCapabilities(), { tools: { listChanged: false } });
      assert.match(client.getInstructions() ?? '', /respondent-level rows/);
    }
    const transport = http.transport as unknown as { protocolVersion?: string };
    assert.equal(transport.protocolVersion, '2025-11-25', 'the SDK asked for its latest version and got it echoed');
  });

  it('lists the five tools with annotations and output schemas', async () => {
    const listings = [];
    for (const [transport, client] of clients()) {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        TOOL_NAMES,
        transport,
      );
      for (const tool of tools) {
        assert.equal(tool.annotations?.readOnlyHint, true);
        assert.equal(tool.annotations?.idempotentHint, true);
        assert.equal(tool.annotations?.destructiveHint, false);
        assert.equal(tool.annotations?.openWorldHint, false);
        assert.equal(typeof tool.title, 'string');
        assert.equal(tool.outputSchema?.type, 'object');
        if (transport === 'http') {
          const ajv = new Ajv2020({ allowUnionTypes: true, allErrors: true });
          const validate = ajv.compile(tool.outputSchema!);
          validators.set(tool.name, (value) => assert.ok(validate(value), `${tool.name}: ${ajv.errorsText(validate.errors)}`));
        }
      }
      listings.push(tools);
    }
    assert.deepEqual(listings[0], listings[1], 'HTTP and stdio list the same tools');
  });

  it('calls search, fetch and get_headless_capabilities over both transports', async () => {
    for (const [transport, client] of clients()) {
      const found = check('search', await callTool(client, 'search', { query: 'Fisher exact tie tolerance' }));
      assert.equal(found.isError, false);
      const first = (found.structured['results'] as { id: string; url: string }[])[0]!;
      assert.equal(first.id, 'fishers-exact', transport);
      assert.equal(first.url, `${server.docsUrl}#stat-fisher`);

      const doc = check('fetch', await callTool(client, 'fetch', { id: first.id }));
      assert.equal(doc.isError, false);
      assert.equal(doc.structured['url'], first.url);
      assert.match(doc.structured['text'] as string, /1e-7/);

      const caps = check('get_headless_capabilities', await callTool(client, 'get_headless_capabilities', {}));
      assert.equal(caps.isError, false);
      assert.deepEqual(caps.structured['tools'], TOOL_NAMES);
      assert.equal(caps.structured['docs'], server.docsUrl);
      if (transport === 'http') {
        assert.equal((caps.structured['limits'] as Record<string, number>)['mcpRequestsPerMinute'], 0, 'RATE_LIMIT_PER_MINUTE=0 turns the MCP limiter off');
      }
    }
  });

  it('calls render_crosstab over both transports with identical output', async () => {
    const args = { table: [[12, 5], [3, 9]], rowLabels: ['<b>&"x\'', 'control'], colLabels: ['yes', 'no'] };
    const answers = [];
    for (const [, client] of clients()) {
      const answer = check('render_crosstab', await callTool(client, 'render_crosstab', args));
      assert.equal(answer.isError, false);
      assert.match(answer.structured['svg'] as string, /^<svg [^>]*role="img"/);
      assert.ok((answer.structured['svg'] as string).includes('&lt;b&gt;&amp;&quot;x&apos;'));
      answers.push(answer.text);
    }
    assert.equal(answers[0], answers[1]);
  });

  it('tool input errors are isError results with the REST code and hint (accepted by the SDK schema check)', async () => {
    const bad = [{ table: [[1, 2, 3], [4, 5]] }, { table: [[0, 0], [1, 2]] }, { table: [[1]] }, { table: [[1, -1], [2, 3]] }, { rows: [] }];
    for (const args of bad) {
      const rest = await postJson(server, '/api/v1/contingency', args);
      assert.equal(rest.status, 400);
      const { error, code, hint } = rest.json();
      for (const [transport, client] of clients()) {
        for (const tool of ['analyze_crosstab', 'render_crosstab']) {
          const answer = check(tool, await callTool(client, tool, args));
          assert.equal(answer.isError, true, `${transport} ${tool} ${JSON.stringify(args)}`);
          assert.deepEqual(answer.structured, { error, code, hint });
        }
      }
    }
    for (const [, client] of clients()) {
      const missing = check('fetch', await callTool(client, 'fetch', { id: 'no-such-document' }));
      assert.equal(missing.isError, true);
      assert.equal(missing.structured['code'], 'unknown_document');
      const noQuery = check('search', await callTool(client, 'search', {}));
      assert.equal(noQuery.structured['code'], 'invalid_arguments');
    }
  });

  it('an unknown tool is a JSON-RPC error -32602', async () => {
    for (const [, client] of clients()) {
      await assert.rejects(client.callTool({ name: 'drop_tables', arguments: {} }), (error: unknown) => error instanceof McpError && error.code === -32602);
    }
  });

  it('analyze_crosstab over HTTP and stdio equals POST /api/v1/contingency for all 503 truth cases', async () => {
    const cases = loadCorpus();
    assert.equal(cases.length, 503);
    const failures: string[] = [];
    for (const c of cases) {
      const [rest, overHttp, overStdio] = await Promise.all([
        postJson(server, '/api/v1/contingency', { table: c.table }),
        analyzeViaMcp(http, c.table),
        analyzeViaMcp(stdio, c.table),
      ]);
      if (rest.status !== 200 || overHttp.isError || overStdio.isError) {
        failures.push(`${c.id}: REST ${rest.status}, HTTP isError ${overHttp.isError}, stdio isError ${overStdio.isError}`);
        continue;
      }
      if (overHttp.text !== rest.text) failures.push(`${c.id}: MCP over HTTP differs from REST`);
      if (overStdio.text !== rest.text) failures.push(`${c.id}: MCP over stdio differs from REST`);
      validators.get('analyze_crosstab')!(overHttp.structured);
      const { fisherSupport: _support, ...truth } = c.truth; // informational, not an API field
      const mismatches = compareWithTruth(overHttp.structured, truth);
      if (mismatches.length > 0) failures.push(describeMismatches(c.id, mismatches));
    }
    assert.deepEqual(failures, []);
  });

  it('neither transport reported a protocol error, and the stdio server logged no error', () => {
    assert.deepEqual(transportErrors, []);
    assert.doesNotMatch(stdioStderr(), /error/i);
  });
});
