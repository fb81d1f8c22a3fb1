/**
 * Graceful shutdown: in-flight requests finish (with Connection: close), new connections are
 * refused, idle keep-alive sockets are closed, stragglers are cut at SHUTDOWN_TIMEOUT_MS; and
 * the `serve` command exits 0 on SIGTERM, 1 on a bad configuration.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FisherRunner } from '../src/api/analyze.js';
import { CASE_1017_FISHER, getTable, send, startTestServer } from './helpers/server.js';


/** A Fisher runner whose calls after the first (the start-up self-check) wait for release(). */
function gatedRunner() {
  let calls = 0;
  const waiting: (() => void)[] = [];
  const runFisher: FisherRunner = async () => {
    calls += 1;
    if (calls > 1) await new Promise<void>((resolve) => waiting.push(resolve));
    return CASE_1017_FISHER;
  };
  return {
    runFisher,
    waitingCount: () => waiting.length,
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('graceful shutdown', { timeout: 20_000 }, () => {
  it('lets an in-flight request finish, refuses new connections, then resolves', async () => {
    const gate = gatedRunner();
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '0' }, { runFisher: gate.runFisher });
    const inFlight = getTable(server, '/api/v1/fishers-exact', [[18, 4], [6, 12]]);
    await until(() => gate.waitingCount() === 1);

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await assert.rejects(send(server, '/api/health'), (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED');
    assert.equal(closed, false, 'close waits for the in-flight request');

    gate.release();
    const reply = await inFlight;
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.connection, 'close');
    assert.equal(reply.json().fishersExact.pValue, CASE_1017_FISHER.pValue);
    await closing;
    assert.equal(closed, true);
  });

  it('closes idle keep-alive connections instead of waiting for their timeout', { timeout: 10_000 }, async () => {
    const server = await startTestServer({ KEEP_ALIVE_TIMEOUT_MS: '600000', RATE_LIMIT_PER_MINUTE: '0' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const connection = await new Promise<string | undefined>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: server.port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers.connection));
        });
        req.on('error', reject);
        req.end();
      });
      assert.equal(connection, 'keep-alive');
      await until(() => Object.values(agent.freeSockets).flat().length === 1);
      const socket = Object.values(agent.freeSockets).flat()[0]!;
      socket.ref(); // the agent unrefs idle sockets; keep the loop alive until the server's FIN arrives
      const gone = once(socket, 'close');
      await server.close();
      await gone;
    } finally {
      agent.destroy();
    }
  });

  it('cuts requests still running at SHUTDOWN_TIMEOUT_MS', async () => {
    const gate = gatedRunner();
    const server = await startTestServer({ SHUTDOWN_TIMEOUT_MS: '200', RATE_LIMIT_PER_MINUTE: '0' }, { runFisher: gate.runFisher });
    const stuck = getTable(server, '/api/v1/fishers-exact', [[18, 4], [6, 12]]);
    await until(() => gate.waitingCount() === 1);
    await server.close();
    await assert.rejects(stuck, (error: NodeJS.ErrnoException) => error.code === 'ECONNRESET' || /socket hang up/.test(error.message));
    gate.release();
  });

  it('close() is idempotent', async () => {
    const server = await startTestServer({}, { runFisher: async () => CASE_1017_FISHER });
    const a = server.close();
    const b = server.close();
    assert.equal(a, b);
    await a;
  });
});

describe('contingency-api serve', { timeout: 20_000 }, () => {
  const main = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

  function spawnServe(args: string[], env: Record<string, string>) {
    return spawn(process.execPath, [main, 'serve', ...args], {
      env: { PATH: process.env.PATH ?? '', FISHER_THREADS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  it('starts, serves, and exits 0 after a graceful shutdown on SIGTERM', async () => {
    const child = spawnServe(['--host', '127.0.0.1', '--port=0'], { PORT: '1' });
    try {
      const lines = createInterface({ input: child.stdout! });
      let listening: { url: string } | undefined;
      const logged: any[] = [];
      for await (const line of lines) {
        const entry = JSON.parse(line);
        logged.push(entry);
        if (entry.msg === 'listening') {
          listening = entry;
          break;
        }
      }
      assert.ok(listening, 'start-up line with the URL');
      assert.match(listening.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${listening.url}/api/health`);
      assert.equal(health.status, 200);
      assert.equal(((await health.json()) as { status: string }).status, 'operational');

      const exit = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exit;
      assert.equal(code, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('exits 1 naming the variable when the configuration is invalid', async () => {
    const child = spawnServe([], { PORT: 'eighty', LOG_LEVEL: 'loud' });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.match(stderr, /PORT must be an integer/);
    assert.match(stderr, /LOG_LEVEL must be one of debug, info, warn, error, silent/);
    assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
  });

  it('exits 1 on an unknown option', async () => {
    const child = spawnServe(['--portt', '1'], {});
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.match(stderr, /unknown option "--portt"/);
  });
});
