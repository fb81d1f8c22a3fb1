/**
 * The scale-out recipe of the README (issue 5, "Scale-out"): two instances with TRUST_PROXY=1
 * behind nginx, which routes each client address to one instance (`hash $remote_addr
 * consistent`) and appends it to X-Forwarded-For. The per-process rate limit then stays exact:
 * the 31st request of one client address within a minute gets 429, other client addresses are
 * unaffected, even one routed to the same instance. Without TRUST_PROXY an instance ignores an
 * X-Forwarded-For sent by a client.
 *
 * Needs Debian's nginx (.ci/run installs it); skipped with a message when it is absent.
 * Everything listens on 127.0.0.1; the second client address is 127.0.0.x on the loopback.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { freePort, httpGet, startService, tablePath, type Reply, type ServiceProcess } from './helpers/ops-service.js';

const LIMIT = 30;
const PATH = `${tablePath('contingency', [
  [12, 5],
  [7, 9],
])}&exact=false`;

/** The nginx binary: on PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
function findNginx(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    const probe = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (probe.error === undefined && probe.status === 0) return candidate;
  }
  return null;
}

/** The upstream block and proxy settings of the README, plus a test-only X-Upstream header. */
function nginxConfig(dir: string, listenPort: number, upstreamPorts: readonly number[]): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream contingency_api {
    hash $remote_addr consistent;
${upstreamPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://contingency_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout non_idempotent;
      # Test only: which instance answered.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

async function startNginx(binary: string, dir: string, config: string, port: number): Promise<ChildProcess> {
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const check = spawnSync(binary, ['-t', '-e', path.join(dir, 'error.log'), '-p', dir, '-c', file], { encoding: 'utf8' });
  assert.equal(check.status, 0, `nginx -t rejected the configuration:\n${check.stderr}`);
  const child = spawn(binary, ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await httpGet({ port, path: '/api/health' });
      return child;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        const log = existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
        throw new Error(`nginx did not start: ${String(error)}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

function remaining(reply: Reply): number {
  return Number(reply.headers['ratelimit-remaining']);
}

test('behind nginx with hash $remote_addr and TRUST_PROXY=1, the limit of 30 per client address stays exact', async (t) => {
  const nginx = findNginx();
  if (nginx === null) {
    t.skip('nginx is not installed (apt-get install nginx; .ci/run installs it): scale-out recipe not tested');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'contingency-nginx-'));
  chmodSync(dir, 0o755); // nginx workers run as an unprivileged user when the test runs as root
  const instances: ServiceProcess[] = [];
  let proxy: ChildProcess | null = null;
  t.after(async () => {
    if (proxy !== null) await stopProcess(proxy);
    await Promise.all(instances.map((instance) => instance.stop()));
    rmSync(dir, { recursive: true, force: true });
  });
  for (let i = 0; i < 2; i += 1) {
    instances.push(await startService({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: String(LIMIT), LOG_LEVEL: 'info' }));
  }
  const port = await freePort();
  proxy = await startNginx(nginx, dir, nginxConfig(dir, port, instances.map((i) => i.port)), port);

  const first: Reply[] = [];
  for (let k = 0; k <= LIMIT; k += 1) first.push(await httpGet({ port, path: PATH, localAddress: '127.0.0.1' }));
  assert.deepEqual(
    first.map((r) => r.status),
    [...Array(LIMIT).fill(200), 429],
  );
  assert.deepEqual(
    first.map(remaining),
    [...Array.from({ length: LIMIT }, (_, k) => LIMIT - 1 - k), 0],
  );
  assert.ok(Number(first[LIMIT]!.headers['retry-after']) >= 1, 'the 429 carries Retry-After');
  assert.equal(JSON.parse(first[LIMIT]!.text).code, 'rate_limit_exceeded');
  const home = first[0]!.headers['x-upstream'];
  assert.ok(
    first.every((r) => r.headers['x-upstream'] === home),
    'one client address always reaches the same instance',
  );

  const second = await httpGet({ port, path: PATH, localAddress: '127.0.0.2' });
  assert.equal(second.status, 200, 'a second client address is unaffected');
  assert.equal(remaining(second), LIMIT - 1);

  // A client routed to the *same* instance as the first one: only X-Forwarded-For (TRUST_PROXY=1)
  // tells the two apart there, since both arrive from nginx's own address.
  let neighbour: Reply | null = null;
  for (let last = 3; last < 64 && neighbour === null; last += 1) {
    const reply = await httpGet({ port, path: PATH, localAddress: `127.0.0.${last}` });
    assert.equal(reply.status, 200, `client 127.0.0.${last} is unaffected`);
    assert.equal(remaining(reply), LIMIT - 1);
    if (reply.headers['x-upstream'] === home) neighbour = reply;
  }
  assert.ok(neighbour !== null, `no client address among 127.0.0.3-63 was routed to ${String(home)}`);
});

test('without TRUST_PROXY an instance ignores X-Forwarded-For sent by a client', async (t) => {
  const instance = await startService({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  t.after(() => instance.stop());
  const replies: Reply[] = [];
  for (let k = 0; k <= LIMIT; k += 1) {
    replies.push(await httpGet({ port: instance.port, path: PATH, headers: { 'X-Forwarded-For': `203.0.113.${k + 1}` } }));
  }
  assert.deepEqual(
    replies.map((r) => r.status),
    [...Array(LIMIT).fill(200), 429],
    'thirty-one spoofed addresses from one socket address share one limit',
  );
  assert.deepEqual(
    replies.map(remaining),
    [...Array.from({ length: LIMIT }, (_, k) => LIMIT - 1 - k), 0],
  );
});
