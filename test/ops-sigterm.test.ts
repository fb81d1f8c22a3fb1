/**
 * Graceful shutdown under load (issue 5, "SIGTERM under load"): the real service process with one
 * exact-test thread and a batch of worst-case Fisher requests (support 99999 tables each) in
 * flight gets SIGTERM. Every in-flight request completes with 200, a new connection after the
 * shutdown started is refused, and the process exits 0 before SHUTDOWN_TIMEOUT_MS.
 *
 * "In flight" is made certain rather than timed: each request is a POST with
 * `Expect: 100-continue`, so the server's `100 Continue` proves it has parsed the request; the
 * bodies are sent only after SIGTERM, so every exact test runs (queued on the single thread)
 * during the shutdown.
 */
import assert from 'node:assert/strict';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { test } from 'node:test';
import { fisherExactTest } from '../src/engine/fisher/index.js';
import { collectReply, parseLogLine, startService, type Reply } from './helpers/ops-service.js';

/** The largest support under the workload limit: the slowest exact test the service runs. */
const WORST_CASE = [
  [50150, 49850],
  [49848, 50152],
];
const BODY = JSON.stringify({ table: WORST_CASE });
const BATCH = 16;
const SHUTDOWN_TIMEOUT_MS = 30_000;

interface HeldRequest {
  /** Resolves when the server answered 100 Continue (it has parsed the request). */
  accepted: Promise<void>;
  /** Sends the body; the response follows. */
  release: () => void;
  reply: Promise<Reply>;
}

/** A POST whose body waits until `release()`; the server confirms receipt with 100 Continue. */
function holdRequest(port: number): HeldRequest {
  let req!: ClientRequest;
  let accepted!: Promise<void>;
  const reply = new Promise<Reply>((resolve, reject) => {
    req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/fishers-exact',
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(BODY), Expect: '100-continue' },
      },
      collectReply(resolve, reject),
    );
    req.on('error', reject);
    accepted = new Promise((resolveAccepted) => req.once('continue', () => resolveAccepted()));
    req.flushHeaders();
  });
  return { accepted, release: () => req.end(BODY), reply };
}

/**
 * Resolves with the socket error code of a fresh connection, or 'connected'. The "shutting down"
 * log line is written just before the listening socket closes, so a connection attempted at once
 * may still reach the kernel's accept queue: `awaitRefused` retries briefly.
 */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function awaitRefused(port: number, attempts = 100): Promise<string> {
  let outcome = '';
  for (let i = 0; i < attempts; i += 1) {
    outcome = await tryConnect(port);
    if (outcome === 'ECONNREFUSED') return outcome;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return outcome;
}

test('SIGTERM with worst-case exact tests in flight: all finish with 200, new connections are refused, exit 0', async (t) => {
  const service = await startService({
    RATE_LIMIT_PER_MINUTE: '0',
    FISHER_THREADS: '1',
    FISHER_QUEUE: String(BATCH),
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  });
  t.after(() => service.stop(1000));

  const held = Array.from({ length: BATCH }, () => holdRequest(service.port));
  await Promise.all(held.map((h) => h.accepted));

  const signalledAt = Date.now();
  service.child.kill('SIGTERM');
  const shutdownLine = await service.waitForLine((line) => parseLogLine(line)?.['msg'] === 'shutting down');
  // The held requests keep the process alive: it cannot have exited before they are released.
  const probe = await awaitRefused(service.port);
  for (const h of held) h.release();
  const replies = await Promise.all(held.map((h) => h.reply));
  const status = await service.exited;
  const exitedAfterMs = Date.now() - signalledAt;

  assert.equal(parseLogLine(shutdownLine)!['inFlight'], BATCH, 'the whole batch was in flight at SIGTERM');
  assert.equal(probe, 'ECONNREFUSED', 'a new connection after SIGTERM is refused');
  assert.deepEqual(
    replies.map((r) => r.status),
    Array(BATCH).fill(200),
  );
  const expected = fisherExactTest([50150, 49850, 49848, 50152]);
  for (const reply of replies) {
    assert.equal(reply.headers['connection'], 'close', 'responses during shutdown close their connection');
    const body = JSON.parse(reply.text) as { fishersExact: unknown; unavailableReason: unknown };
    assert.equal(body.unavailableReason, null);
    assert.deepEqual(body.fishersExact, expected);
  }
  assert.deepEqual(status, { code: 0, signal: null }, service.stderr());
  assert.ok(exitedAfterMs < SHUTDOWN_TIMEOUT_MS, `exited ${exitedAfterMs} ms after SIGTERM, deadline ${SHUTDOWN_TIMEOUT_MS} ms`);
  const messages = service.lines.map((line) => parseLogLine(line)?.['msg']);
  assert.ok(messages.includes('stopped'), 'the service logs that it stopped');
  assert.ok(!messages.some((m) => typeof m === 'string' && m.startsWith('shutdown timeout')), 'no request was cut off by the deadline');
  assert.equal(messages.filter((m) => m === 'request').length, BATCH, 'every request was logged once');
});
