/**
 * The bounded exact-test pool: admission beyond threads + queue is refused at once with
 * 503 `service_overloaded` and Retry-After (never an unbounded queue), tested on the pool itself
 * and end to end with a one-thread, one-slot pool flooded with worst-case 2x2 tables
 * (support of 99999 tables, the largest that is still computed).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { ApiError } from '../src/api/errors.js';
import { createFisherPool } from '../src/server/fisher-pool.js';
import type { RunningServer } from '../src/server/server.js';
import { postJson, send, startTestServer } from './helpers/server.js';

const WORST_CASE = [
  [50150, 49850],
  [49848, 50152],
];

describe('fisher pool admission', () => {
  it('runs up to threads + queue tasks and refuses the next one immediately', async () => {
    const pool = createFisherPool({ threads: 1, queue: 1 });
    try {
      const cells = [18, 4, 6, 12] as const;
      const first = pool.run(cells);
      const second = pool.run(cells);
      assert.equal(pool.inFlight(), 2);
      await assert.rejects(pool.run(cells), (error: unknown) => error instanceof ApiError && error.code === 'service_overloaded' && error.status === 503);
      const [a, b] = await Promise.all([first, second]);
      const truth = Number('0.003210466391778961300652068');
      assert.ok(Math.abs(a.pValue - truth) <= 1e-12 * truth, `p-value ${a.pValue}`);
      assert.deepEqual(b, a);
      assert.equal(pool.inFlight(), 0);
      // Slots are free again.
      assert.equal((await pool.run(cells)).pValue, a.pValue);
    } finally {
      await pool.destroy();
    }
  });
});

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/**
 * Opens `count` connections first, then writes one POST on each in a single tick, so that all
 * requests reach the server together (before any exact test can finish).
 */
async function flood(server: RunningServer, count: number, body: string): Promise<RawReply[]> {
  const sockets = await Promise.all(
    Array.from({ length: count }, async () => {
      const socket = connect(server.port, '127.0.0.1');
      socket.on('error', () => {});
      await once(socket, 'connect');
      return socket;
    }),
  );
  const replies = sockets.map(async (socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(socket, 'close');
    const text = Buffer.concat(chunks).toString('utf8');
    const [head = '', payload = ''] = text.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(payload) };
  });
  const request =
    'POST /api/v1/fishers-exact HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  for (const socket of sockets) socket.write(request);
  return Promise.all(replies);
}

describe('503 service_overloaded under a flood of worst-case exact tests', () => {
  it('answers 503 with Retry-After instead of queueing, and recovers', async () => {
    const server = await startTestServer({ FISHER_THREADS: '1', FISHER_QUEUE: '1', RATE_LIMIT_PER_MINUTE: '0' });
    try {
      const replies = await flood(server, 24, JSON.stringify({ table: WORST_CASE }));
      const health = await send(server, '/api/health');
      assert.equal(health.status, 200, 'health answers after the flood');

      const ok = replies.filter((r) => r.status === 200);
      const refused = replies.filter((r) => r.status === 503);
      assert.equal(ok.length + refused.length, replies.length, `statuses: ${replies.map((r) => r.status).join(',')}`);
      assert.ok(ok.length >= 2, `at least threads + queue requests are served (got ${ok.length})`);
      assert.ok(refused.length >= 1, 'the overflow is refused');
      for (const reply of refused) {
        assert.equal(reply.body.code, 'service_overloaded');
        assert.equal(typeof reply.body.error, 'string');
        assert.equal(typeof reply.body.hint, 'string');
        assert.equal(reply.headers['retry-after'], '1');
        assert.equal(reply.headers['access-control-allow-origin'], '*');
      }
      const first = ok[0]!.body;
      assert.equal(first.unavailableReason, null);
      assert.ok(first.fishersExact.pValue > 0 && first.fishersExact.pValue <= 1);
      for (const reply of ok) assert.deepEqual(reply.body.fishersExact, first.fishersExact);

      const after = await postJson(server, '/api/v1/fishers-exact', { table: WORST_CASE });
      assert.equal(after.status, 200, 'capacity is released after the flood');
    } finally {
      await server.close();
    }
  });
});
