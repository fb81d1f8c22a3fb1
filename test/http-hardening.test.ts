/**
 * Requests that must neither crash nor hang the process: malformed percent-encoding, headers
 * over the limit (431), garbage that is not HTTP (400), clients too slow to send their headers
 * or body (408), and the structured request log (route pattern, never the query string).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../src/server/server.js';
import { CASE_1017_FISHER, getTable, send, startTestServer } from './helpers/server.js';


/** Writes raw bytes on a fresh connection and collects everything until the server closes it. */
async function raw(server: RunningServer, ...writes: string[]): Promise<string> {
  const socket = connect(server.port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  for (const data of writes) socket.write(data);
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('utf8');
}

function jsonBody(response: string): any {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
}

describe('malformed and hostile requests', () => {
  let server: RunningServer;
  const lines: string[] = [];
  before(async () => {
    server = await startTestServer(
      { HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600', LOG_LEVEL: 'info' },
      { logSink: (line) => lines.push(line) },
    );
  });
  after(() => server.close());

  it('bad percent-encoding in the query: 400 invalid_query', async () => {
    for (const query of ['d=%zz', 'd=1,2;3,4%2', 'd=%E0%A4%A']) {
      const reply = await send(server, `/api/v1/contingency?${query}`);
      assert.equal(reply.status, 400, query);
      assert.equal(reply.json().code, 'invalid_query', query);
    }
  });

  it('headers over 16 KiB: 431 JSON and the connection is closed', async () => {
    const response = await raw(server, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assert.match(response, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    assert.match(response, /\r\nConnection: close\r\n/);
    assert.match(response, /\r\nAccess-Control-Allow-Origin: \*\r\n/);
    assert.equal(jsonBody(response).code, 'header_fields_too_large');
  });

  it('a query string that makes the request line too long: 431', async () => {
    const reply = await send(server, `/api/v1/chi-square?d=${'1,'.repeat(9000)}1;1,1`);
    assert.equal(reply.status, 431);
  });

  it('bytes that are not HTTP: 400 JSON and the connection is closed', async () => {
    const response = await raw(server, 'HELLO THERE\r\n\r\n');
    assert.match(response, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.equal(jsonBody(response).code, 'malformed_request');
  });

  it('a client that never finishes its headers gets 408 and is disconnected', async () => {
    const response = await raw(server, 'GET /api/health HTTP/1.1\r\nHost: x\r\n');
    assert.match(response, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.equal(jsonBody(response).code, 'request_timeout');
  });

  it('a client that never finishes its body gets 408 and is disconnected', async () => {
    const response = await raw(
      server,
      'POST /api/v1/chi-square HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      '{"table": [[1, 2],',
    );
    assert.match(response, /^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('still serves normally afterwards', async () => {
    const reply = await getTable(server, '/api/v1/chi-square', [[18, 4], [6, 12]]);
    assert.equal(reply.status, 200);
  });

  it('logs one JSON line per request with the route pattern and never the query string', async () => {
    lines.length = 0;
    await send(server, '/api/v1/odds-ratio?d=987654,123;45,67&rowLabels=secret,label');
    await send(server, '/api/nowhere/987654');
    await new Promise((resolve) => setImmediate(resolve));
    const entries = lines.map((line) => JSON.parse(line));
    const requests = entries.filter((e) => e.msg === 'request');
    assert.equal(requests.length, 2);
    const [analysis, unknown] = requests;
    assert.deepEqual(Object.keys(analysis).sort(), ['durationMs', 'level', 'method', 'msg', 'route', 'status', 'time']);
    assert.equal(analysis.level, 'info');
    assert.equal(analysis.method, 'GET');
    assert.equal(analysis.route, '/api/v1/odds-ratio');
    assert.equal(analysis.status, 200);
    assert.equal(typeof analysis.durationMs, 'number');
    assert.match(analysis.time, /^\d{4}-\d\d-\d\dT/);
    assert.equal(unknown.route, null);
    assert.equal(unknown.status, 404);
    const all = lines.join('\n');
    for (const secret of ['987654', 'secret', 'd=', 'nowhere']) assert.equal(all.includes(secret), false, secret);
  });
});

describe('LOG_LEVEL', () => {
  it('warn suppresses request lines; info prints the start-up line with the URL', async () => {
    const quiet: string[] = [];
    // A stub exact test keeps this test about logging, whatever the engine's state.
    const warnServer = await startTestServer({ LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' }, { logSink: (l) => quiet.push(l), runFisher: async () => CASE_1017_FISHER });
    await send(warnServer, '/api/health');
    await warnServer.close();
    assert.deepEqual(quiet, []);

    const loud: string[] = [];
    const infoServer = await startTestServer({ LOG_LEVEL: 'info' }, { logSink: (l) => loud.push(l) });
    await infoServer.close();
    const listening = loud.map((l) => JSON.parse(l)).find((e) => e.msg === 'listening');
    assert.ok(listening);
    assert.equal(listening.url, infoServer.url);
    assert.equal(listening.level, 'info');
  });
});
