/**
 * HTTP benchmark: the service against a bare node:http baseline doing the same JSON work
 * without statistics, both in child processes started in this run, loaded with autocannon on
 * 127.0.0.1 (limiter off, logs at info to /dev/null). Also the event-loop delay inside the
 * service while worst-case exact tests flood it, and the piscina round trip.
 *
 *   node dist/bench/http.js            (or `npm run bench -- http`)
 *
 * Every autocannon run is bounded (RUN_SECONDS, fixed connections); the children are killed
 * at the end, also on failure.
 */
import autocannon from 'autocannon';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const RUN_SECONDS = 4;
const WARMUP_SECONDS = 1;
/** Baseline and service runs alternate this many times per scenario (machine noise). */
const ROUNDS = 2;
const CONNECTIONS = 10;
const FLOOD_CONNECTIONS = 32;
const THIS_FILE = fileURLToPath(import.meta.url);

const WORST_CASE_2X2 = [
  [50150, 49850],
  [49848, 50152],
];

/** A fixed 12x12 table of counts 1..999 (deterministic LCG). */
function table12x12(): number[][] {
  let state = 12345;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 1 + (state % 999);
  };
  return Array.from({ length: 12 }, () => Array.from({ length: 12 }, next));
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const SCENARIOS: Scenario[] = [
  { name: 'GET /api/v1/chi-square 2x2', method: 'GET', path: '/api/v1/chi-square?d=18,4;6,12' },
  { name: 'POST /api/v1/contingency 12x12', method: 'POST', path: '/api/v1/contingency', body: JSON.stringify({ table: table12x12() }) },
  {
    name: 'POST /api/v1/fishers-exact [[50150,49850],[49848,50152]]',
    method: 'POST',
    path: '/api/v1/fishers-exact',
    body: JSON.stringify({ table: WORST_CASE_2X2 }),
  },
];

// ----------------------------------------------------------------------------- child processes

type ChildRequest = { cmd: 'responses'; bodies: Record<string, string> } | { cmd: 'eld-reset' } | { cmd: 'eld-read' };
type ChildReply = { kind: 'ready'; url: string } | { kind: 'ok' } | { kind: 'eld'; p50: number; p99: number; max: number };

function reply(message: ChildReply): void {
  process.send!(message);
}

/** The service, configured like production except the limiter (off) and the log sink. */
async function serviceChild(): Promise<void> {
  const { loadConfig } = await import('../src/server/config.js');
  const { startServer } = await import('../src/server/server.js');
  // autocannon ignores Connection: close, so the per-socket request cap (which Node enforces
  // with 503s) is lifted here.
  const server = await startServer(
    loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info', MAX_REQUESTS_PER_SOCKET: '0' }),
  );
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  process.on('message', (message: ChildRequest) => {
    if (message.cmd === 'eld-reset') {
      histogram.reset();
      reply({ kind: 'ok' });
    } else if (message.cmd === 'eld-read') {
      reply({ kind: 'eld', p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 });
    }
  });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
  reply({ kind: 'ready', url: server.url });
}

/**
 * The baseline: same parsing work per request (split the target, URLSearchParams and the `d`
 * cells for GET; read the body and JSON.parse it for POST), then JSON.stringify of a stored
 * response of the same shape and size (the service's own response), with the same headers.
 */
function baselineChild(): void {
  let bodies: Record<string, unknown> = {};
  const send = (res: ServerResponse, status: number, value: unknown): void => {
    const json = JSON.stringify(value);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
    res.end(json);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/';
    const mark = target.indexOf('?');
    const path = mark === -1 ? target : target.slice(0, mark);
    const stored = bodies[path];
    if (req.method === 'GET') {
      const d = new URLSearchParams(mark === -1 ? '' : target.slice(mark + 1)).get('d') ?? '';
      const cells = d.split(';').map((row) => row.split(',').map(Number));
      send(res, cells.length > 0 ? 200 : 400, stored);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { table?: unknown };
      send(res, parsed.table === undefined ? 400 : 200, stored);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.on('message', (message: ChildRequest) => {
      if (message.cmd === 'responses') {
        bodies = Object.fromEntries(Object.entries(message.bodies).map(([path, text]) => [path, JSON.parse(text)]));
        reply({ kind: 'ok' });
      }
    });
    process.on('disconnect', () => process.exit(0));
    reply({ kind: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
}

// ----------------------------------------------------------------------------- parent side

class Child {
  readonly process: ChildProcess;
  /** The child's first message: its URL. */
  readonly ready: Promise<string>;
  constructor(role: 'service' | 'baseline', env: Record<string, string> = {}) {
    this.process = fork(THIS_FILE, [`--child=${role}`], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, ...env } });
    this.ready = (once(this.process, 'message') as Promise<[ChildReply]>).then(([message]) => {
      if (message.kind !== 'ready') throw new Error(`${role} child did not start`);
      return message.url;
    });
  }
  async ask(message: ChildRequest): Promise<ChildReply> {
    const answer = once(this.process, 'message') as Promise<[ChildReply]>;
    this.process.send(message);
    return (await answer)[0];
  }
  stop(): void {
    if (this.process.connected) this.process.disconnect();
    setTimeout(() => this.process.kill('SIGKILL'), 3000).unref();
  }
}

async function cannon(url: string, scenario: Scenario, seconds: number, connections = CONNECTIONS): Promise<autocannon.Result> {
  return autocannon({
    url: url + scenario.path,
    method: scenario.method,
    body: scenario.body,
    headers: scenario.body === undefined ? {} : { 'content-type': 'application/json' },
    connections,
    duration: seconds,
    pipelining: 1,
  });
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  mean: number;
}

async function measure(url: string, scenario: Scenario): Promise<Measured> {
  const result = await cannon(url, scenario, RUN_SECONDS);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${scenario.name} at ${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.average };
}

/** Alternates baseline and service runs; req/s and latencies are averaged over the rounds. */
async function compare(baselineUrl: string, serviceUrl: string, scenario: Scenario): Promise<{ base: Measured; real: Measured }> {
  await cannon(baselineUrl, scenario, WARMUP_SECONDS);
  await cannon(serviceUrl, scenario, WARMUP_SECONDS);
  const bases: Measured[] = [];
  const reals: Measured[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bases.push(await measure(baselineUrl, scenario));
    reals.push(await measure(serviceUrl, scenario));
  }
  const mean = (runs: Measured[]): Measured => {
    const avg = (pick: (m: Measured) => number) => runs.reduce((sum, m) => sum + pick(m), 0) / runs.length;
    return { rps: avg((m) => m.rps), p50: avg((m) => m.p50), p99: avg((m) => m.p99), mean: avg((m) => m.mean) };
  };
  return { base: mean(bases), real: mean(reals) };
}

interface Flood {
  label: string;
  served: number;
  refused: number;
  eld: Extract<ChildReply, { kind: 'eld' }>;
}

async function flood(child: Child, url: string, label: string): Promise<Flood> {
  await child.ask({ cmd: 'eld-reset' });
  const result = await cannon(url, SCENARIOS[2]!, RUN_SECONDS, FLOOD_CONNECTIONS);
  const eld = (await child.ask({ cmd: 'eld-read' })) as Extract<ChildReply, { kind: 'eld' }>;
  return { label, served: result['2xx'], refused: result.statusCodeStats?.['503']?.count ?? 0, eld };
}

/**
 * Piscina round trip of a tiny exact test through the production pool (one thread): awaited
 * one at a time (the worker sleeps between tasks and must be woken), and with `inFlight`
 * tasks kept queued (the worker never sleeps). Microseconds per task.
 */
async function poolRoundTrip(calls: number, inFlight: number): Promise<number> {
  const { createFisherPool } = await import('../src/server/fisher-pool.js');
  const pool = createFisherPool({ threads: 1, queue: inFlight });
  const cells = [1, 1, 1, 1] as const;
  const batch = async (count: number): Promise<void> => {
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < count) {
        next += 1;
        await pool.run(cells);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
  };
  try {
    await batch(500);
    const start = performance.now();
    await batch(calls);
    return ((performance.now() - start) * 1000) / calls;
  } finally {
    await pool.destroy();
  }
}

/** Sequential round trip while a lowest-priority spinner keeps the other core awake. */
async function poolRoundTripBusy(calls: number): Promise<number> {
  const spinner = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  try {
    if (spinner.pid !== undefined) os.setPriority(spinner.pid, 19);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return await poolRoundTrip(calls, 1);
  } finally {
    spinner.kill('SIGKILL');
  }
}

const fmt = (x: number, digits = 1): string => x.toFixed(digits);

export async function runHttpBench(): Promise<string> {
  const service = new Child('service');
  const baseline = new Child('baseline');
  try {
    const serviceUrl = await service.ready;
    const baselineUrl = await baseline.ready;

    // The baseline serves the service's own responses.
    const bodies: Record<string, string> = {};
    for (const scenario of SCENARIOS) {
      const response = await fetch(serviceUrl + scenario.path, {
        method: scenario.method,
        body: scenario.body,
        headers: scenario.body === undefined ? {} : { 'content-type': 'application/json' },
      });
      if (response.status !== 200) throw new Error(`${scenario.name}: service answered ${response.status}`);
      bodies[scenario.path.split('?')[0]!] = await response.text();
    }
    await baseline.ask({ cmd: 'responses', bodies });

    const rows: string[] = [];
    for (const scenario of SCENARIOS) {
      const { base, real } = await compare(baselineUrl, serviceUrl, scenario);
      rows.push(
        `| ${scenario.name} | ${fmt(real.rps, 0)} | ${fmt(base.rps, 0)} | ${fmt((100 * real.rps) / base.rps, 0)}% | ${fmt(real.p50)} / ${fmt(real.p99)} / ${fmt(real.mean, 2)} | ${fmt(base.p50)} / ${fmt(base.p99)} / ${fmt(base.mean, 2)} |`,
      );
    }

    // Event-loop delay inside the service while worst-case exact tests flood it, with the
    // default pool and with one thread (one core left to the event loop).
    const floods = [await flood(service, serviceUrl, `FISHER_THREADS=${os.availableParallelism()} (default)`)];
    const single = new Child('service', { FISHER_THREADS: '1' });
    try {
      floods.push(await flood(single, await single.ready, 'FISHER_THREADS=1'));
    } finally {
      single.stop();
    }
    service.stop();
    baseline.stop();
    const idle = await poolRoundTrip(2000, 1);
    const spun = await poolRoundTripBusy(2000);
    const queued = await poolRoundTrip(20000, 8);

    return [
      '## HTTP service vs bare node:http baseline',
      '',
      `autocannon, ${CONNECTIONS} connections, ${ROUNDS} alternating ${RUN_SECONDS} s runs each of baseline and service after ${WARMUP_SECONDS} s warm-up,`,
      `127.0.0.1; service and baseline in separate child processes; RATE_LIMIT_PER_MINUTE=0, MAX_REQUESTS_PER_SOCKET=0, LOG_LEVEL=info (to /dev/null),`,
      `FISHER_THREADS=${os.availableParallelism()} (default), FISHER_QUEUE=64 (default).`,
      'Ratio = service req/s / baseline req/s (target >= 70% on the analysis routes). Latency in ms (autocannon records whole ms).',
      '',
      '| scenario | service req/s | baseline req/s | ratio | service p50 / p99 / mean | baseline p50 / p99 / mean |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `Event-loop delay inside the service during a ${RUN_SECONDS} s flood of POST /api/v1/fishers-exact worst-case tables`,
      `(${FLOOD_CONNECTIONS} connections; monitorEventLoopDelay, 1 ms resolution; target p99 < 5 ms):`,
      '',
      '| pool | 200 | 503 | p50 ms | p99 ms | max ms |',
      '|---|---:|---:|---:|---:|---:|',
      ...floods.map((f) => `| ${f.label} | ${f.served} | ${f.refused} | ${fmt(f.eld.p50, 2)} | ${fmt(f.eld.p99, 2)} | ${fmt(f.eld.max, 2)} |`),
      '',
      'Piscina round trip of a tiny exact test ([[1,1],[1,1]]) through the production pool with one thread:',
      `${fmt(idle)} µs awaited one at a time with the other core idle (the worker sleeps between tasks and must be woken),`,
      `${fmt(spun)} µs one at a time while a nice-19 spinner keeps the other core awake,`,
      `${fmt(queued)} µs per task with 8 tasks in flight (the worker never sleeps).`,
    ].join('\n');
  } finally {
    service.stop();
    baseline.stop();
  }
}

const role = process.argv.find((arg) => arg.startsWith('--child='))?.slice('--child='.length);
if (role === 'service') await serviceChild();
else if (role === 'baseline') baselineChild();
else if (process.argv[1] === THIS_FILE) process.stdout.write((await runHttpBench()) + '\n');
