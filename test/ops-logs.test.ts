/**
 * Structured request logs of the real service process (issue 5, "Structured logs"): one JSON
 * line per request on stdout with time, method, route, status and duration; never the query
 * string or any count; LOG_LEVEL=warn and silent suppress the request lines.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freePort, httpGet, parseLogLine, startService, tablePath, type ServiceProcess } from './helpers/ops-service.js';

/** Counts no other part of a request or log line would contain by chance. */
const TABLE = [
  [918273, 645546],
  [372819, 564738],
];
const COUNTS = TABLE.flat().map(String);

function requestLines(service: ServiceProcess): Record<string, unknown>[] {
  return service.lines.map(parseLogLine).filter((entry): entry is Record<string, unknown> => entry?.['msg'] === 'request');
}

async function sendMix(port: number): Promise<void> {
  const get = await httpGet({ port, path: `${tablePath('contingency', TABLE)}&exact=false` });
  assert.equal(get.status, 200, get.text);
  const post = await httpGet({
    port,
    path: '/api/v1/chi-square?note=secret-query',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ table: TABLE }),
  });
  assert.equal(post.status, 200, post.text);
  const bad = await httpGet({ port, path: '/api/v1/odds-ratio?d=918273,x;1,2' });
  assert.equal(bad.status, 400, bad.text);
  const missing = await httpGet({ port, path: '/api/v1/nothing-here?d=918273' });
  assert.equal(missing.status, 404, missing.text);
}

/** Waits until `count` request lines were logged (a line is written when its response closes). */
async function waitForRequestLines(service: ServiceProcess, count: number): Promise<void> {
  let seen = 0;
  await service.waitForLine((line) => {
    if (parseLogLine(line)?.['msg'] === 'request') seen += 1;
    return seen >= count;
  });
}

test('LOG_LEVEL=info: one JSON line per request, with time, method, route, status and duration, without queries or counts', async (t) => {
  const service = await startService({ LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0' });
  t.after(() => service.stop());
  await sendMix(service.port);
  await waitForRequestLines(service, 4);

  for (const line of service.lines) {
    assert.ok(parseLogLine(line) !== null, `every stdout line is a JSON object, got: ${line}`);
    for (const count of COUNTS) assert.ok(!line.includes(count), `a count (${count}) leaked into the log: ${line}`);
    assert.ok(!line.includes('?') && !line.includes('d=') && !line.includes('secret-query'), `a query string leaked into the log: ${line}`);
  }
  const entries = requestLines(service);
  assert.equal(entries.length, 4, service.lines.join('\n'));
  const summary = entries.map((e) => [e['method'], e['route'], e['status']]);
  assert.deepEqual(summary, [
    ['GET', '/api/v1/contingency', 200],
    ['POST', '/api/v1/chi-square', 200],
    ['GET', '/api/v1/odds-ratio', 400],
    ['GET', null, 404],
  ]);
  for (const entry of entries) {
    assert.equal(typeof entry['time'], 'string');
    assert.ok(!Number.isNaN(Date.parse(String(entry['time']))), `time is an ISO date: ${String(entry['time'])}`);
    assert.equal(entry['level'], 'info');
    assert.equal(typeof entry['durationMs'], 'number');
    assert.ok((entry['durationMs'] as number) >= 0);
  }
});

for (const level of ['warn', 'silent'] as const) {
  test(`LOG_LEVEL=${level}: no request lines`, async (t) => {
    // Without the "listening" line the port cannot be learnt from the log: pick one first.
    const port = await freePort();
    const service = await startService({ LOG_LEVEL: level, RATE_LIMIT_PER_MINUTE: '0', PORT: String(port) });
    t.after(() => service.stop());
    await sendMix(service.port);
    const status = await service.stop();
    assert.equal(status.code, 0, service.stderr());
    assert.deepEqual(requestLines(service), []);
    if (level === 'silent') assert.deepEqual(service.lines, [], 'silent writes nothing to stdout');
    for (const line of service.lines) assert.notEqual(parseLogLine(line)?.['level'], 'info', line);
  });
}
