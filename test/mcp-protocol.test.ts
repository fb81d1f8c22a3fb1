/**
 * The transport-independent MCP server (src/mcp/protocol.ts) and its five tools, called
 * in-process: lifecycle and version negotiation, JSON-RPC error codes, the tool listing and
 * schemas (draft-07 and 2020-12), every tool's success and error results, and the corpus.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { analyze } from '../src/api/analyze.js';
import { ApiError, ERROR_STATUS, type ErrorCode } from '../src/api/errors.js';
import { decodeJsonTable } from '../src/api/table-codec.js';
import { fisherExactTest } from '../src/engine/fisher/index.js';
import { CORPUS, DOCS_ANCHORS, findDocument } from '../src/mcp/corpus.js';
import { STATISTIC_DOCUMENTS } from '../src/mcp/corpus/statistics.js';
import { classifyMessage } from '../src/mcp/jsonrpc.js';
import { createMcpServer, type MessageOutcome } from '../src/mcp/protocol.js';
import { buildSearchIndex, tokenize } from '../src/mcp/search-index.js';
import { TOOL_NAMES } from '../src/mcp/service-facts.js';
import { MCP_TOOL_ERROR_CODES, type ToolContext } from '../src/mcp/tool.js';
import { TOOLS } from '../src/mcp/tools/index.js';

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const DOCS = 'https://stats.example.org/docs';
const runFisher = async (cells: Parameters<typeof fisherExactTest>[0]) => fisherExactTest(cells);
const context: ToolContext = {
  docsUrl: DOCS,
  baseUrl: 'https://stats.example.org',
  runFisher,
  rateLimits: { restPerMinute: 30, mcpHttpPerMinute: 60 },
};
const server = createMcpServer({ context });

let nextId = 1;
async function request(method: string, params?: unknown): Promise<Record<string, any>> {
  const message: Record<string, unknown> = { jsonrpc: '2.0', id: nextId++, method };
  if (params !== undefined) message['params'] = params;
  const outcome = await server.handleMessage(message);
  assert.equal(outcome.kind, 'reply');
  return (outcome as Extract<MessageOutcome, { kind: 'reply' }>).response as Record<string, any>;
}

async function callTool(name: string, args: unknown): Promise<{ isError: boolean; structured: Record<string, any>; text: string }> {
  const response = await request('tools/call', { name, arguments: args });
  assert.ok('result' in response, `tools/call ${name} answered ${JSON.stringify(response)}`);
  const result = response['result'];
  assert.equal(result.content.length, 1, 'exactly one content item');
  assert.equal(result.content[0].type, 'text');
  assert.equal(result.content[0].text, JSON.stringify(result.structuredContent), 'the text holds the same JSON as structuredContent');
  return { isError: result.isError === true, structured: result.structuredContent, text: result.content[0].text };
}

// ------------------------------------------------------------------ lifecycle

test('initialize echoes each supported protocol version and answers the newest otherwise', async () => {
  for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
    const response = await request('initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } });
    assert.equal(response['result'].protocolVersion, version);
  }
  for (const version of ['2024-11-05', '2099-01-01', 'banana']) {
    const response = await request('initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } });
    assert.equal(response['result'].protocolVersion, '2025-11-25');
  }
});

test('initialize announces tools only, the server name, title and package version, and the data boundary', async () => {
  const { result } = await request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  assert.deepEqual(result.capabilities, { tools: { listChanged: false } });
  assert.equal(result.serverInfo.name, 'contingency-api');
  assert.equal(result.serverInfo.version, PACKAGE_VERSION);
  assert.equal(typeof result.serverInfo.title, 'string');
  assert.match(result.instructions, /aggregate integer counts/);
  assert.match(result.instructions, /no respondent-level rows/);
  assert.match(result.instructions, /private projects/);
  assert.doesNotMatch(result.instructions, /\n/, 'one paragraph');
});

test('initialize without a protocolVersion is invalid params (-32602)', async () => {
  const response = await request('initialize', { capabilities: {} });
  assert.equal(response['error'].code, -32602);
  assert.equal(response['id'], nextId - 1);
});

test('ping answers an empty result', async () => {
  assert.deepEqual((await request('ping'))['result'], {});
});

test('unknown methods are -32601 with the request id', async () => {
  for (const method of ['resources/list', 'prompts/list', 'logging/setLevel', 'toString', '__proto__', 'constructor']) {
    const response = await request(method);
    assert.equal(response['error'].code, -32601, method);
    assert.equal(response['id'], nextId - 1);
  }
});

test('bad params and unknown tools are -32602', async () => {
  const cases: unknown[] = [
    [1, 2],
    'text',
    { arguments: {} },
    { name: 42 },
    { name: 'no_such_tool', arguments: {} },
    { name: 'search', arguments: ['fisher'] },
    { name: 'search', arguments: null },
  ];
  for (const params of cases) {
    const response = await request('tools/call', params);
    assert.equal(response['error']?.code, -32602, JSON.stringify(params));
  }
  assert.equal((await request('tools/list', { cursor: 'abc' }))['error'].code, -32602);
});

test('notifications and responses are accepted without an answer', async () => {
  for (const message of [
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } },
    { jsonrpc: '2.0', method: 'no/such/notification' },
    { jsonrpc: '2.0', id: 7, result: {} },
    { jsonrpc: '2.0', id: 'x', error: { code: -1, message: 'client error' } },
  ]) {
    assert.deepEqual(await server.handleMessage(message), { kind: 'accepted' }, JSON.stringify(message));
  }
});

test('messages that are not JSON-RPC are rejected with -32600, never with "id": null', async () => {
  const cases: [unknown, unknown][] = [
    [[{ jsonrpc: '2.0', id: 1, method: 'ping' }], undefined],
    [{ jsonrpc: '2.0', id: null, method: 'ping' }, undefined],
    [{ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }, undefined],
    [{ jsonrpc: '2.0', id: true, method: 'ping' }, undefined],
    [{ id: 4, method: 'ping' }, 4],
    [{ jsonrpc: '1.0', id: 'a', method: 'ping' }, 'a'],
    [{ jsonrpc: '2.0', id: 5, method: 17 }, 5],
    [{ jsonrpc: '2.0', id: 6 }, 6],
    [{ jsonrpc: '2.0', result: {} }, undefined],
    [42, undefined],
    ['ping', undefined],
    [null, undefined],
  ];
  for (const [message, id] of cases) {
    const outcome = await server.handleMessage(message);
    assert.equal(outcome.kind, 'rejected', JSON.stringify(message));
    const response = (outcome as Extract<MessageOutcome, { kind: 'rejected' }>).response;
    assert.equal(response.error.code, -32600);
    assert.equal(Object.hasOwn(response, 'id'), id !== undefined, JSON.stringify(message));
    if (id !== undefined) assert.equal(response.id, id);
    assert.doesNotMatch(JSON.stringify(response), /"id":null/);
  }
});

test('classifyMessage tells requests, notifications and responses apart', () => {
  assert.deepEqual(classifyMessage({ jsonrpc: '2.0', id: 0, method: 'ping' }), { kind: 'request', id: 0, method: 'ping', params: undefined });
  assert.deepEqual(classifyMessage({ jsonrpc: '2.0', method: 'x', params: { a: 1 } }), { kind: 'notification', method: 'x', params: { a: 1 } });
  assert.deepEqual(classifyMessage({ jsonrpc: '2.0', id: 'r', result: null }), { kind: 'response' });
});

// ------------------------------------------------------------------ listing and schemas

test('tools/list lists the five tools with titles, annotations and object schemas', async () => {
  const { result } = await request('tools/list');
  assert.deepEqual(
    result.tools.map((t: { name: string }) => t.name),
    [...TOOL_NAMES],
  );
  assert.deepEqual(
    TOOLS.map((t) => t.name),
    [...TOOL_NAMES],
  );
  for (const tool of result.tools) {
    assert.equal(typeof tool.title, 'string', tool.name);
    assert.ok(tool.description.length > 80, `${tool.name} has a real description`);
    assert.deepEqual(tool.annotations, { title: tool.title, readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false });
    assert.equal(tool.inputSchema.type, 'object');
    assert.equal(tool.outputSchema.type, 'object');
  }
});

/** Keywords allowed in the schemas: those with the same meaning in draft-07 and 2020-12. */
const SHARED_KEYWORDS = new Set(['type', 'properties', 'required', 'items', 'enum', 'const', 'minimum', 'maximum', 'minItems', 'maxItems', 'maxLength', 'anyOf', 'description']);

function keywordsOf(schema: unknown, found = new Set<string>()): Set<string> {
  if (typeof schema !== 'object' || schema === null) return found;
  for (const [key, value] of Object.entries(schema)) {
    found.add(key);
    if (key === 'properties') for (const sub of Object.values(value as object)) keywordsOf(sub, found);
    else if (key === 'items') keywordsOf(value, found);
    else if (key === 'anyOf') for (const sub of value as unknown[]) keywordsOf(sub, found);
  }
  return found;
}

// strictRequired is off: the error branch of anyOf names properties declared at the root.
test('schemas use only keywords shared by draft-07 and 2020-12 and compile strictly in both', async () => {
  const { result } = await request('tools/list');
  const ajv07 = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true });
  const ajv20 = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
  for (const tool of result.tools) {
    for (const schema of [tool.inputSchema, tool.outputSchema]) {
      for (const keyword of keywordsOf(schema)) assert.ok(SHARED_KEYWORDS.has(keyword), `${tool.name}: keyword ${keyword}`);
      ajv07.compile(schema);
      ajv20.compile(schema);
    }
  }
});

function outputValidator(name: string): (value: unknown) => boolean {
  const tool = TOOLS.find((t) => t.name === name)!;
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
  const validate = ajv.compile(tool.outputSchema);
  return (value) => {
    const ok = validate(value);
    if (!ok) assert.fail(`${name} output does not match its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 500)}`);
    return ok;
  };
}

test('output schemas reject what they must reject', () => {
  const ajv = new Ajv2020({ allowUnionTypes: true });
  const search = ajv.compile(TOOLS.find((t) => t.name === 'search')!.outputSchema);
  assert.equal(search({ results: [] }), true);
  assert.equal(search({ error: 'e', code: 'c', hint: 'h' }), true);
  assert.equal(search({}), false, 'neither a result nor an error');
  assert.equal(search({ results: [{ id: 'x' }] }), false, 'results need id, title, url');
  const analyzeSchema = ajv.compile(TOOLS.find((t) => t.name === 'analyze_crosstab')!.outputSchema);
  assert.equal(analyzeSchema({ input: {} }), false);
});

// ------------------------------------------------------------------ tools

test('search ranks the matching statistic first, deterministically, with docs URLs', async () => {
  const validate = outputValidator('search');
  const expectations: [string, string][] = [
    ['fisher tie tolerance scipy', 'fishers-exact'],
    ['Yates continuity correction', 'yates-correction'],
    ['Cramér V label', 'cramers-v'],
    ['cramers v', 'cramers-v'],
    ['Haberman adjusted residuals', 'residuals'],
    ['empty_margins', 'error-empty-margins'],
    ['G-test Williams', 'g-test'],
    ['Somers d', 'somers-d'],
    ['rate limit Retry-After', 'rate-limits'],
    ['respondent rows weights', 'data-boundary'],
    ['truth corpus tolerance digits', 'accuracy'],
  ];
  for (const [query, first] of expectations) {
    const { isError, structured } = await callTool('search', { query });
    assert.equal(isError, false);
    validate(structured);
    assert.equal(structured['results'][0].id, first, query);
    const doc = findDocument(first)!;
    assert.equal(structured['results'][0].url, `${DOCS}#${doc.anchor}`);
    assert.deepEqual((await callTool('search', { query })).structured, structured, 'same query, same answer');
  }
  assert.deepEqual((await callTool('search', { query: 'zzzz qqqq' })).structured, { results: [] });
});

test('search with a blank query lists every document in id order', async () => {
  const { structured } = await callTool('search', { query: '   ' });
  const ids = structured['results'].map((r: { id: string }) => r.id);
  assert.equal(ids.length, CORPUS.length);
  assert.deepEqual(ids, [...ids].sort());
});

test('search without a query string is a tool error with code and hint', async () => {
  const validate = outputValidator('search');
  for (const args of [{}, { query: 42 }]) {
    const { isError, structured, text } = await callTool('search', args);
    assert.equal(isError, true);
    assert.equal(structured['code'], 'invalid_arguments');
    assert.match(structured['hint'], /query/);
    assert.match(text, /"code":"invalid_arguments"/);
    validate(structured);
  }
});

test('fetch returns a whole document and unknown ids are tool errors', async () => {
  const validate = outputValidator('fetch');
  const { isError, structured } = await callTool('fetch', { id: 'fishers-exact' });
  assert.equal(isError, false);
  validate(structured);
  assert.equal(structured['id'], 'fishers-exact');
  assert.equal(structured['url'], `${DOCS}#stat-fisher`);
  assert.match(structured['text'], /1 \+ 1e-7/);
  assert.match(structured['text'], /1e-14/);
  assert.equal(structured['metadata'].kind, 'statistic');
  assert.ok(structured['metadata'].fields.includes('fishersExact.pValue'));
  assert.ok(structured['metadata'].references.some((r: string) => r.startsWith('Fisher RA (1935)')));

  for (const args of [{ id: 'nope' }, { id: '__proto__' }, { id: 'toString' }]) {
    const missing = await callTool('fetch', args);
    assert.equal(missing.isError, true);
    assert.equal(missing.structured['code'], 'unknown_document');
    validate(missing.structured);
  }
  const wrongType = await callTool('fetch', { id: 3 });
  assert.equal(wrongType.structured['code'], 'invalid_arguments');
});

test('get_headless_capabilities states versions, boundary, limits, tools, endpoints and statistics', async () => {
  const validate = outputValidator('get_headless_capabilities');
  const { isError, structured } = await callTool('get_headless_capabilities', {});
  assert.equal(isError, false);
  validate(structured);
  assert.equal(structured['service'], 'contingency-api');
  assert.deepEqual(structured['versions'], {
    application: PACKAGE_VERSION,
    api: '1.0.0',
    openapi: '3.1.0',
    restPrefix: '/api/v1',
    healthSchema: 3,
    mcpProtocol: ['2025-11-25', '2025-06-18', '2025-03-26'],
  });
  assert.equal(structured['dataBoundary'].aggregateCountsOnly, true);
  assert.equal(structured['dataBoundary'].respondentRows, false);
  assert.equal(structured['dataBoundary'].privateProjects, false);
  assert.equal(structured['dataBoundary'].weights, false);
  assert.deepEqual(structured['limits'], {
    minRows: 2,
    maxRows: 12,
    minCols: 2,
    maxCols: 12,
    maxCell: 1e12,
    maxGrandTotal: 1e12,
    fisherMaxSupport: 100000,
    maxBodyBytes: 16384,
    rateLimitWindowSeconds: 60,
    restRequestsPerMinute: 30,
    mcpRequestsPerMinute: 60,
  });
  assert.deepEqual(structured['tools'], [...TOOL_NAMES]);
  assert.ok(structured['endpoints'].some((e: { method: string; url: string }) => e.method === 'POST' && e.url === 'https://stats.example.org/api/v1/contingency'));
  assert.equal(structured['mcpEndpoint'], 'https://stats.example.org/api/headless-mcp');
  assert.equal(structured['statistics'].length, STATISTIC_DOCUMENTS.length);
  assert.equal(structured['docs'], DOCS);
});

test('analyze_crosstab returns exactly the analyze("contingency") body', async () => {
  const validate = outputValidator('analyze_crosstab');
  const cases: Record<string, unknown>[] = [
    { table: [[12, 5], [3, 9]] },
    { table: [[12, 5], [3, 9]], exact: false },
    { table: [[0, 5], [3, 9]], rowLabels: ['a', 'b'], colLabels: ['c', 'd'] },
    { table: [[1, 2, 3], [4, 5, 6], [7, 8, 10]] },
  ];
  for (const args of cases) {
    const expected = await analyze('contingency', decodeJsonTable(args), { runFisher, docsUrl: DOCS });
    const { isError, structured, text } = await callTool('analyze_crosstab', args);
    assert.equal(isError, false);
    validate(structured);
    assert.equal(text, JSON.stringify(expected.body));
  }
  const skipped = await callTool('analyze_crosstab', { table: [[12, 5], [3, 9]], exact: false });
  assert.equal(skipped.structured['fishersExactUnavailableReason'], 'disabled_by_caller');
  const larger = await callTool('analyze_crosstab', { table: [[1, 2, 3], [4, 5, 6]] });
  assert.equal(larger.structured['fishersExact'], null);
  assert.equal(larger.structured['fishersExactUnavailableReason'], 'not_2x2');
});

test('analyze_crosstab and render_crosstab input errors carry the REST code and hint', async () => {
  const bad: [unknown, ErrorCode][] = [
    [{}, 'invalid_table'],
    [{ table: 'x' }, 'invalid_table'],
    [{ table: [[1, 2, 3], [4, 5]] }, 'invalid_table'],
    [{ table: [[1, 2], [3, 4]], rowLabels: ['only one'] }, 'invalid_table'],
    [{ table: [[1, 2], [3, 4]], rowLabels: [1, 2] }, 'invalid_table'],
    [{ table: [[1, 2]] }, 'insufficient_dimensions'],
    [{ table: [[1, -2], [3, 4]] }, 'invalid_counts'],
    [{ table: [[1.5, 2], [3, 4]] }, 'invalid_counts'],
    [{ table: [[1, 2], [3, 1e13]] }, 'invalid_counts'],
    [{ table: [[0, 0], [3, 4]] }, 'empty_margins'],
    [{ table: [[1, 2], [3, 4]], exact: 'no' }, 'invalid_json'],
  ];
  for (const tool of ['analyze_crosstab', 'render_crosstab']) {
    const validate = outputValidator(tool);
    for (const [args, code] of bad) {
      let restError: ApiError | undefined;
      try {
        decodeJsonTable(args);
      } catch (error) {
        restError = error as ApiError;
      }
      assert.ok(restError instanceof ApiError);
      if (tool === 'render_crosstab' && code === 'invalid_json') continue;
      const { isError, structured } = await callTool(tool, args);
      assert.equal(isError, true, `${tool} ${JSON.stringify(args)}`);
      assert.deepEqual(structured, { error: restError.message, code, hint: restError.hint });
      assert.equal(ERROR_STATUS[code], 400);
      validate(structured);
    }
  }
});

test('analyze_crosstab passes a 500 body on as a tool error', async () => {
  const broken = createMcpServer({
    context: { ...context, runFisher: async () => ({ pValue: NaN, oddsRatio: 1, oddsRatioState: 'finite', oddsRatioCI: [0, 1], oddsRatioCIStates: ['finite', 'finite'] }) },
  });
  const outcome = await broken.handleMessage({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'analyze_crosstab', arguments: { table: [[1, 2], [3, 4]] } } });
  const result = (outcome as Extract<MessageOutcome, { kind: 'reply' }>).response as { result: { isError: boolean; structuredContent: { code: string } } };
  assert.equal(result.result.isError, true);
  assert.equal(result.result.structuredContent.code, 'calculation_failed');
});

test('an ApiError from the exact-test runner (overloaded pool) is a tool error; any other exception is -32603', async () => {
  const overloaded = createMcpServer({
    context: { ...context, runFisher: async () => Promise.reject(new ApiError('service_overloaded', 'busy', 'retry later')) },
  });
  const call = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'analyze_crosstab', arguments: { table: [[1, 2], [3, 4]] } } };
  const a = (await overloaded.handleMessage(call)) as Extract<MessageOutcome, { kind: 'reply' }>;
  assert.equal((a.response as any).result.structuredContent.code, 'service_overloaded');

  const seen: unknown[] = [];
  const failing = createMcpServer({
    context: { ...context, runFisher: async () => Promise.reject(new TypeError('bug')) },
    onInternalError: (error) => seen.push(error),
  });
  const b = (await failing.handleMessage(call)) as Extract<MessageOutcome, { kind: 'reply' }>;
  assert.deepEqual(b.response, { jsonrpc: '2.0', id: 9, error: { code: -32603, message: 'Internal error' } });
  assert.equal(seen.length, 1);
});

// ------------------------------------------------------------------ corpus

test('the corpus: unique ids, known anchors, every statistic anchor and every error code covered', () => {
  const ids = CORPUS.map((d) => d.id);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  const anchors = new Set<string>(DOCS_ANCHORS);
  for (const doc of CORPUS) {
    assert.ok(anchors.has(doc.anchor), `${doc.id} anchor ${doc.anchor}`);
    assert.ok(doc.text.length > 100, `${doc.id} has text`);
  }
  for (const anchor of DOCS_ANCHORS.filter((a) => a.startsWith('stat-'))) {
    assert.ok(STATISTIC_DOCUMENTS.some((d) => d.anchor === anchor), `a statistic document for ${anchor}`);
  }
  for (const code of [...Object.keys(ERROR_STATUS), ...Object.keys(MCP_TOOL_ERROR_CODES)]) {
    const doc = findDocument(`error-${code.replaceAll('_', '-')}`);
    assert.ok(doc !== undefined, `document for ${code}`);
    assert.match(doc.text, new RegExp(`Code ${code},`));
    assert.match(findDocument('errors')!.text + Object.keys(MCP_TOOL_ERROR_CODES).join(' '), new RegExp(code));
  }
  for (const doc of STATISTIC_DOCUMENTS) {
    assert.match(doc.text, /Compared with R and scipy\./, doc.id);
    assert.ok(doc.references.length > 0, doc.id);
  }
});

test('the corpus states the conventions that set this service apart from R and scipy', () => {
  const text = (id: string): string => findDocument(id)!.text;
  assert.match(text('yates-correction'), /chisq\.test\(x\) with its default correct = TRUE/);
  assert.match(text('g-test'), /No Williams correction/);
  assert.match(text('fishers-exact'), /R fisher\.test, whose relative tie tolerance is 1e-7/);
  assert.match(text('fishers-exact'), /scipy\.stats\.fisher_exact returns the sample odds ratio/);
  assert.match(text('cramers-v'), /Cohen/);
  assert.match(text('cramers-v'), /sqrt\(k\)/);
  assert.match(text('accuracy'), /503 tables/);
  assert.match(text('accuracy'), /1e-12/);
  assert.match(text('accuracy'), /1e-9/);
  assert.match(text('accuracy'), /50-significant-digit/);
});

test('tokenize folds case and accents, splits snake_case and drops plurals and stopwords', () => {
  assert.deepEqual(tokenize('Cramér’s V'), ['cramer', 'v']);
  assert.deepEqual(tokenize('What is empty_margins?'), ['empty_margin', 'empty', 'margin']);
  assert.deepEqual(tokenize('Residuals of the table'), ['residual', 'table']);
  const index = buildSearchIndex(CORPUS);
  assert.deepEqual(
    index.search('residual').map((d) => d.id),
    index.search('RESIDUALS').map((d) => d.id),
  );
});
