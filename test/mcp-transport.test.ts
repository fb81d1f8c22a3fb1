/**
 * The Streamable HTTP rules of /api/headless-mcp (METHODS.md "MCP endpoint"), with raw HTTP
 * against the real server: 200/202 for requests/notifications, 400 -32700 / -32600 for parse
 * errors, arrays, `id: null` and unsupported MCP-Protocol-Version, 405 with Allow, 415, 413,
 * OPTIONS 204 with CORS, the separate 60/min limiter with RateLimit-* and 429 + Retry-After,
 * Access-Control-Allow-Origin on every response, and never `"id": null`.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../src/server/server.js';
import { postEndlessChunkedBody, postJson, send, startTestServer, type Reply } from './helpers/server.js';

const PATH = '/api/headless-mcp';
const PING = { jsonrpc: '2.0', id: 1, method: 'ping' };

/** Every response body seen in this file, checked at the end for `"id": null`. */
const seenBodies: string[] = [];

function remember(reply: Reply): Reply {
  seenBodies.push(reply.text);
  assert.equal(reply.headers['access-control-allow-origin'], '*', `Access-Control-Allow-Origin on ${reply.status}`);
  return reply;
}

function post(server: RunningServer, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return postJson(server, PATH, body, headers).then(remember);
}

/** Asserts a JSON-RPC error body without an id. */
function assertRpcError(reply: Reply, status: number, code: number): Record<string, any> {
  assert.equal(reply.status, status, reply.text);
  assert.match(String(reply.headers['content-type']), /^application\/json/);
  const body = reply.json();
  assert.equal(body.jsonrpc, '2.0');
  assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(!Object.hasOwn(body, 'id'), 'no id member when the id is unknown');
  assert.ok(!Object.hasOwn(body, 'result'));
  return body;
}

describe('MCP endpoint transport rules', () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '0' });
  });
  after(() => server.close());

  it('a request gets 200 application/json with the JSON-RPC response', async () => {
    const reply = await post(server, PING);
    assert.equal(reply.status, 200);
    assert.match(String(reply.headers['content-type']), /^application\/json/);
    assert.deepEqual(reply.json(), { jsonrpc: '2.0', id: 1, result: {} });
    assert.equal(reply.headers['mcp-session-id'], undefined, 'stateless: no session');
  });

  it('initialize works with and without an MCP-Protocol-Version header', async () => {
    const params = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } };
    for (const headers of [{}, { 'MCP-Protocol-Version': '2025-11-25' }, { 'MCP-Protocol-Version': '2025-03-26' }] as Record<string, string>[]) {
      const reply = await post(server, { jsonrpc: '2.0', id: 'init', method: 'initialize', params }, headers);
      assert.equal(reply.status, 200);
      assert.equal(reply.json().result.protocolVersion, '2025-06-18');
      assert.equal(reply.json().id, 'init');
    }
  });

  it('a notification or a response gets 202 with an empty body', async () => {
    for (const message of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 5, result: {} },
      { jsonrpc: '2.0', id: 6, error: { code: -1, message: 'no' } },
    ]) {
      const reply = await post(server, message);
      assert.equal(reply.status, 202, JSON.stringify(message));
      assert.equal(reply.text, '');
    }
  });

  it('a body that is not JSON is 400 with -32700', async () => {
    for (const body of ['{"jsonrpc": "2.0", "id": 1,', 'ping', '', '\u0000\u0001']) {
      assertRpcError(await post(server, body), 400, -32700);
    }
  });

  it('a body that is not UTF-8 is 400 with -32700', async () => {
    const reply = remember(await send(server, PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }));
    assertRpcError(reply, 400, -32700);
  });

  it('an array (batch) body is 400 with -32600', async () => {
    assertRpcError(await post(server, [PING]), 400, -32600);
    assertRpcError(await post(server, []), 400, -32600);
  });

  it('"id": null is 400 with -32600 and the answer has no id at all', async () => {
    const reply = await post(server, { jsonrpc: '2.0', id: null, method: 'ping' });
    assertRpcError(reply, 400, -32600);
    assert.doesNotMatch(reply.text, /"id"/);
  });

  it('JSON that is not a JSON-RPC message is 400 with -32600', async () => {
    for (const body of [42, 'text', null, { hello: 'world' }, { jsonrpc: '2.0' }, { jsonrpc: '1.0', method: 'ping' }, { jsonrpc: '2.0', id: {}, method: 'ping' }]) {
      assertRpcError(await post(server, JSON.stringify(body)), 400, -32600);
    }
  });

  it('protocol errors of a well-formed request are HTTP 200 with the request id', async () => {
    const unknownMethod = await post(server, { jsonrpc: '2.0', id: 'm', method: 'resources/list' });
    assert.equal(unknownMethod.status, 200);
    assert.deepEqual(unknownMethod.json().error.code, -32601);
    assert.equal(unknownMethod.json().id, 'm');
    const unknownTool = await post(server, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'nope', arguments: {} } });
    assert.equal(unknownTool.status, 200);
    assert.equal(unknownTool.json().error.code, -32602);
    const toolError = await post(server, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'analyze_crosstab', arguments: { table: [[0, 0], [1, 2]] } } });
    assert.equal(toolError.status, 200);
    assert.equal(toolError.json().result.isError, true);
    assert.equal(toolError.json().result.structuredContent.code, 'empty_margins');
  });

  it('an unsupported MCP-Protocol-Version header is 400 with -32600', async () => {
    for (const version of ['2024-11-05', '2099-01-01', 'not-a-version']) {
      const body = assertRpcError(await post(server, PING, { 'MCP-Protocol-Version': version }), 400, -32600);
      assert.match(body.error.message, /2025-11-25/);
    }
  });

  it('a Content-Type other than JSON is 415', async () => {
    for (const headers of [{ 'Content-Type': 'text/plain' }, { 'Content-Type': 'application/jsonx' }, {}] as Record<string, string>[]) {
      const reply = remember(await send(server, PATH, { method: 'POST', headers, body: JSON.stringify(PING) }));
      const body = assertRpcError(reply, 415, -32000);
      assert.equal(body.error.data.code, 'unsupported_media_type');
    }
    const withCharset = await post(server, PING, { 'Content-Type': 'application/json; charset=utf-8' });
    assert.equal(withCharset.status, 200);
  });

  it('a declared body over 16384 bytes is 413 before it is read, and the connection closes', async () => {
    const socket = connect(server.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 16385\r\n\r\n`);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'close');
    const text = Buffer.concat(chunks).toString('utf8');
    assert.match(text, /^HTTP\/1\.1 413 /);
    assert.match(text, /\r\nconnection: close\r\n/i);
    assert.match(text, /\r\naccess-control-allow-origin: \*\r\n/i);
    const bodyText = text.slice(text.indexOf('\r\n\r\n') + 4);
    seenBodies.push(bodyText);
    const body = JSON.parse(bodyText);
    assert.equal(body.error.code, -32000);
    assert.equal(body.error.data.code, 'body_too_large');
    assert.ok(!Object.hasOwn(body, 'id'));
  });

  it('a chunked body is cut off once it passes 16384 bytes with one 413', async () => {
    const reply = await postEndlessChunkedBody(server.port, PATH, '{"jsonrpc":"2.0","id":1,"method":"ping"}');
    assert.equal(reply.status, 413);
    assert.equal(reply.connection, 'close');
    seenBodies.push(reply.body);
    assert.equal(JSON.parse(reply.body).error.data.code, 'body_too_large');
  });

  it('a body of exactly 16384 bytes is accepted', async () => {
    const json = JSON.stringify(PING);
    const reply = await post(server, json + ' '.repeat(16384 - json.length));
    assert.equal(reply.status, 200);
  });

  it('GET, DELETE and other methods are 405 with Allow: POST, OPTIONS', async () => {
    for (const method of ['GET', 'DELETE', 'PUT', 'PATCH']) {
      const reply = remember(await send(server, PATH, { method, headers: { Accept: 'text/event-stream' } }));
      assert.equal(reply.status, 405, method);
      assert.equal(reply.headers['allow'], 'POST, OPTIONS');
      const body = assertRpcError(reply, 405, -32000);
      assert.equal(body.error.data.code, 'method_not_allowed');
    }
    const head = await send(server, PATH, { method: 'HEAD' });
    assert.equal(head.status, 405);
    assert.equal(head.headers['allow'], 'POST, OPTIONS');
    assert.equal(head.text, '');
  });

  it('OPTIONS is 204 with the CORS preflight headers', async () => {
    const reply = await send(server, PATH, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, mcp-protocol-version' },
    });
    assert.equal(reply.status, 204);
    assert.equal(reply.text, '');
    assert.equal(reply.headers['access-control-allow-origin'], '*');
    assert.equal(reply.headers['access-control-allow-methods'], 'POST, OPTIONS');
    assert.equal(reply.headers['access-control-allow-headers'], 'Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id');
  });

  it('with RATE_LIMIT_PER_MINUTE=0 the MCP limiter is off too: no RateLimit headers', async () => {
    const reply = await post(server, PING);
    assert.equal(reply.headers['ratelimit-limit'], undefined);
  });

  it('garbage never produces a 500', async () => {
    const bodies = ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"analyze_crosstab","arguments":{"table":[[1e308,1],[1,1]]}}}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"render_crosstab","arguments":{"table":[[1,2],[3,4]],"rowLabels":["\\ud800","x"]}}}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch","arguments":{"id":{"toString":1}}}}',
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":null}',
      '{"__proto__":{"jsonrpc":"2.0"},"id":1,"method":"ping"}',
      '{"jsonrpc":"2.0","id":1e400,"method":"ping"}',
      '"\\ud800"'];
    for (const body of bodies) {
      const reply = await post(server, body);
      assert.ok(reply.status === 200 || reply.status === 400, `${reply.status} for ${body}`);
    }
  });
});

describe('MCP endpoint rate limit (60 per minute per client IP, its own window)', () => {
  let server: RunningServer;
  let clock = 1_000_000;
  before(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '30' }, { now: () => clock });
  });
  after(() => server.close());

  it('60 requests pass with RateLimit headers; the 61st is 429 with Retry-After; the window frees up', async () => {
    const start = clock;
    for (let k = 1; k <= 60; k += 1) {
      const reply = await post(server, { ...PING, id: k });
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['ratelimit-limit'], '60');
      assert.equal(reply.headers['ratelimit-remaining'], String(60 - k));
      assert.equal(reply.headers['ratelimit-reset'], String(60 - (clock - start) / 1000), 'seconds until the first hit leaves the window');
      if (k % 20 === 0) clock += 1000;
    }
    const limited = await post(server, { ...PING, id: 61 });
    const body = assertRpcError(limited, 429, -32000);
    assert.equal(body.error.data.code, 'rate_limit_exceeded');
    assert.equal(typeof body.error.data.hint, 'string');
    assert.equal(limited.headers['ratelimit-limit'], '60');
    assert.equal(limited.headers['ratelimit-remaining'], '0');
    assert.equal(limited.headers['retry-after'], limited.headers['ratelimit-reset']);
    assert.equal(limited.headers['retry-after'], '57', 'the oldest hit (3 s ago) leaves the window in 57 s');

    const rest = await send(server, '/api/v1/chi-square?d=1,2;3,4');
    assert.equal(rest.status, 200, 'the REST limiter is separate');
    assert.equal(rest.headers['ratelimit-limit'], '30');

    clock += 57_000;
    const again = await post(server, { ...PING, id: 62 });
    assert.equal(again.status, 200);
    assert.equal(again.headers['ratelimit-remaining'], '19', 'the 20 oldest hits left the window: 40 remain, plus this one');
  });

  it('no response of this file carried "id": null', () => {
    assert.ok(seenBodies.length > 40);
    for (const text of seenBodies) assert.doesNotMatch(text, /"id"\s*:\s*null/);
  });
});
