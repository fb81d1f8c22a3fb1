/**
 * Body limits (service description "Limits": POST body at most 16384 bytes, checked while the
 * body is read): refusal from Content-Length before reading, a real chunked upload cut off at
 * the limit with one 413 and a closed connection, the exact limit accepted, and readBody's
 * behaviour on an aborted request.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiError } from '../src/api/errors.js';
import { BODY_LIMIT_BYTES, ClientAbortedError, readBody } from '../src/server/body.js';
import type { RunningServer } from '../src/server/server.js';
import { postEndlessChunkedBody, postJson, startTestServer } from './helpers/server.js';

const TABLE = { table: [[18, 4], [6, 12]] };

/** A JSON body of exactly `size` bytes: the table padded with trailing spaces. */
function paddedBody(size: number): string {
  const json = JSON.stringify(TABLE);
  return json + ' '.repeat(size - json.length);
}

describe('POST body limit on the analysis routes', () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '10' });
  });
  after(() => server.close());

  it('a body of exactly 16384 bytes is accepted', async () => {
    const reply = await postJson(server, '/api/v1/chi-square', paddedBody(BODY_LIMIT_BYTES));
    assert.equal(reply.status, 200);
    assert.equal(reply.json().chiSquare.degreesOfFreedom, 1);
  });

  it('Content-Length 16385: 413 body_too_large before any byte is sent, with RateLimit headers', async () => {
    // Headers only: the server must answer without waiting for the announced body.
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => {}); // a reset after the 413 is expected
    await once(socket, 'connect');
    socket.write(
      'POST /api/v1/contingency HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${BODY_LIMIT_BYTES + 1}\r\n\r\n`,
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'close');
    const text = Buffer.concat(chunks).toString('utf8');
    assert.match(text, /^HTTP\/1\.1 413 /);
    assert.match(text, /\r\nconnection: close\r\n/i);
    assert.match(text, /\r\nratelimit-limit: 10\r\n/i);
    assert.match(text, /\r\naccess-control-allow-origin: \*\r\n/i);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    assert.equal(body.code, 'body_too_large');
    assert.equal(typeof body.hint, 'string');
  });

  it('a chunked upload is cut off once it passes 16384 bytes: one 413, connection closed', async () => {
    const reply = await postEndlessChunkedBody(server.port, '/api/v1/fishers-exact', '{"table": [[18, 4], [6, 12]]');
    assert.equal(reply.status, 413);
    assert.equal(reply.connection, 'close');
    assert.equal(JSON.parse(reply.body).code, 'body_too_large');
    assert.ok(reply.written < 1024 * 1024, 'the server answered before the client finished its upload');
  });

  it('the server still answers after the 413s', async () => {
    const reply = await postJson(server, '/api/v1/odds-ratio', TABLE);
    assert.equal(reply.status, 200);
  });
});

describe('readBody', () => {
  it('rejects with ClientAbortedError when the client goes away mid-body (no dangling promise)', async () => {
    let outcome: Promise<unknown> | undefined;
    const server = createServer((req) => {
      outcome = readBody(req, BODY_LIMIT_BYTES).then(
        () => 'resolved',
        (error: unknown) => error,
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      socket.on('error', () => {});
      await once(socket, 'connect');
      socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"table":');
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
      while (outcome === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
      const error = await outcome;
      assert.ok(error instanceof ClientAbortedError, `got ${String(error)}`);
    } finally {
      server.close();
    }
  });

  it('refuses a declared Content-Length over the limit without reading', async () => {
    const fake = { headers: { 'content-length': '20000' }, readableEnded: false } as unknown as IncomingMessage;
    await assert.rejects(readBody(fake, BODY_LIMIT_BYTES), (error: unknown) => error instanceof ApiError && error.code === 'body_too_large' && error.status === 413);
  });

  it('returns the exact bytes of a body under the limit', async () => {
    const server = createServer(async (req, res) => {
      const body = await readBody(req, 10);
      res.end(`${body.length}:${body.toString('utf8')}`);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, method: 'POST', agent: false }, (res) => {
          let data = '';
          res.on('data', (c: Buffer) => (data += c.toString()));
          res.on('end', () => resolve(data));
        });
        req.on('error', reject);
        req.end('héllo');
      });
      assert.equal(text, '6:héllo');
    } finally {
      server.close();
    }
  });
});
