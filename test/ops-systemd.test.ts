/**
 * `contingency-api systemd-unit` (issue 5, "systemd"): the printed unit passes
 * `systemd-analyze verify` (Debian's systemd package; skipped with a message when absent), its
 * ExecStart runs this node on this install's entry point, it carries the hardening and
 * environment of the README, and `systemd-analyze security` rates its exposure low.
 * Control cases show that verify does catch a missing executable and unknown settings.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { MAIN } from './helpers/ops-service.js';

const UNIT_NAME = 'contingency-api.service';

function printUnit(args: readonly string[] = []): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [MAIN, 'systemd-unit', ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Values of `Key=` lines of the unit (all of them, in order). */
function settings(unit: string, key: string): string[] {
  return unit
    .split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));
}

function hasSystemdAnalyze(): boolean {
  const probe = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
  return probe.error === undefined && probe.status === 0;
}

/** Writes the unit as contingency-api.service in a fresh folder and runs systemd-analyze on it. */
function analyze(t: TestContext, unit: string, args: readonly string[]): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'contingency-unit-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, UNIT_NAME);
  writeFileSync(file, unit);
  const result = spawnSync('systemd-analyze', [...args, file], { encoding: 'utf8', cwd: dir });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Lines of systemd-analyze output about our unit (other units of the host may warn too). */
function aboutUnit(output: string): string[] {
  return output.split('\n').filter((line) => line.includes(UNIT_NAME));
}

const SKIP_MESSAGE = 'systemd-analyze is not installed (apt-get install systemd; .ci/run installs it): unit not verified';

test('the default unit runs this node on this install, hardened, with the documented environment', () => {
  const { status, stdout } = printUnit();
  assert.equal(status, 0);
  const [execStart] = settings(stdout, 'ExecStart');
  assert.ok(execStart !== undefined, stdout);
  const [node, entry, command] = execStart.split(' ');
  assert.equal(node, process.execPath);
  assert.equal(entry, MAIN);
  assert.equal(command, 'serve');
  accessSync(node!, constants.X_OK);
  assert.ok(statSync(entry!).isFile(), `${entry} exists`);
  assert.equal(settings(stdout, 'WorkingDirectory')[0], path.resolve(path.dirname(MAIN), '../../..'));
  for (const [key, value] of [
    ['DynamicUser', 'yes'],
    ['NoNewPrivileges', 'yes'],
    ['ProtectSystem', 'strict'],
    ['ProtectHome', 'yes'],
    ['PrivateTmp', 'yes'],
    ['MemoryMax', '512M'],
    ['Restart', 'on-failure'],
    ['KillSignal', 'SIGTERM'],
    ['TimeoutStopSec', '15s'],
    ['CapabilityBoundingSet', ''],
    ['RestrictAddressFamilies', 'AF_INET AF_INET6 AF_UNIX'],
    ['WantedBy', 'multi-user.target'],
  ] as const) {
    assert.deepEqual(settings(stdout, key), [value], `${key}=${value}`);
  }
  assert.deepEqual(settings(stdout, 'Environment'), [
    'HOST=127.0.0.1',
    'PORT=8080',
    'RATE_LIMIT_PER_MINUTE=30',
    'TRUST_PROXY=0',
    'LOG_LEVEL=info',
    'SHUTDOWN_TIMEOUT_MS=10000',
  ]);
});

test('options become Environment= lines; a port below 1024 gets CAP_NET_BIND_SERVICE', () => {
  const { status, stdout } = printUnit([
    '--host', '0.0.0.0',
    '--port', '443',
    '--public-base-url', 'https://stats.example.org/',
    '--rate-limit', '0',
    '--trust-proxy', '1',
    '--fisher-threads', '2',
    '--shutdown-timeout-ms', '20000',
    '--memory-max', '1G',
  ]);
  assert.equal(status, 0);
  assert.deepEqual(settings(stdout, 'Environment'), [
    'HOST=0.0.0.0',
    'PORT=443',
    'RATE_LIMIT_PER_MINUTE=0',
    'TRUST_PROXY=1',
    'LOG_LEVEL=info',
    'SHUTDOWN_TIMEOUT_MS=20000',
    'FISHER_THREADS=2',
    'PUBLIC_BASE_URL=https://stats.example.org/',
  ]);
  assert.deepEqual(settings(stdout, 'TimeoutStopSec'), ['25s']);
  assert.deepEqual(settings(stdout, 'MemoryMax'), ['1G']);
  assert.deepEqual(settings(stdout, 'AmbientCapabilities'), ['CAP_NET_BIND_SERVICE']);
  assert.deepEqual(settings(stdout, 'CapabilityBoundingSet'), ['CAP_NET_BIND_SERVICE']);
  assert.deepEqual(settings(stdout, 'Documentation'), ['https://stats.example.org/docs']);
});

test('bad option values are refused with the name of the problem, exit 2', () => {
  for (const [args, needle] of [
    [['--port', '0'], '--port'],
    [['--port', 'http'], 'PORT'],
    [['--rate-limit=-1'], 'RATE_LIMIT_PER_MINUTE'],
    [['--public-base-url', 'ftp://x'], 'PUBLIC_BASE_URL'],
    [['--memory-max', 'lots'], '--memory-max'],
    [['--bogus'], 'bogus'],
  ] as const) {
    const { status, stdout, stderr } = printUnit(args);
    assert.equal(status, 2, `${args.join(' ')}: ${stderr}`);
    assert.equal(stdout, '', 'no partial unit on stdout');
    assert.ok(stderr.includes(needle), `${args.join(' ')}: ${stderr}`);
  }
});

test('systemd-analyze verify accepts the unit', (t) => {
  if (!hasSystemdAnalyze()) {
    t.skip(SKIP_MESSAGE);
    return;
  }
  for (const args of [[], ['--port', '80', '--trust-proxy', '1', '--public-base-url', 'https://stats.example.org']]) {
    const { stdout } = printUnit(args);
    const result = analyze(t, stdout, ['verify']);
    assert.equal(result.status, 0, result.output);
    assert.deepEqual(aboutUnit(result.output), [], result.output);
  }
});

test('systemd-analyze verify catches a missing executable and an unknown setting (control)', (t) => {
  if (!hasSystemdAnalyze()) {
    t.skip(SKIP_MESSAGE);
    return;
  }
  const { stdout } = printUnit();
  const missing = analyze(t, stdout.replace(`ExecStart=${process.execPath}`, 'ExecStart=/nonexistent/node'), ['verify']);
  assert.notEqual(missing.status, 0, missing.output);
  assert.match(missing.output, /not executable/);
  const typo = analyze(t, stdout.replace('DynamicUser=yes', 'DynamicUsr=yes'), ['verify']);
  assert.match(aboutUnit(typo.output).join('\n'), /Unknown key/);
});

test('systemd-analyze security rates the exposure of the unit at most 2.0 ("OK")', (t) => {
  if (!hasSystemdAnalyze()) {
    t.skip(SKIP_MESSAGE);
    return;
  }
  const { stdout } = printUnit();
  // --threshold is in tenths: exit status is non-zero when the exposure is above 2.0.
  const result = analyze(t, stdout, ['security', '--offline=true', '--threshold=20', '--no-pager']);
  assert.equal(result.status, 0, result.output);
  assert.match(result.output, /Overall exposure level for contingency-api\.service: [0-1]\.\d|: 2\.0/);
});
