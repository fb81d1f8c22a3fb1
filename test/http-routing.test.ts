/**
 * End-to-end tests of routing, CORS and error responses against the real server (real codec,
 * real engine, real worker pool): every analysis route by GET and POST with values from the
 * truth corpus, the input echo and docs link, 404/405, preflight, and the 400/422/500 bodies.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../src/server/server.js';
import { compareWithTruth, describeMismatches, loadCorpus, type CorpusCase } from './helpers/corpus.js';
import { getTable, postJson, send, startTestServer, type Reply } from './helpers/server.js';

const corpus = loadCorpus();
const byId = (id: string): CorpusCase => {
  const found = corpus.find((c) => c.id === id);
  assert.ok(found, `corpus case ${id} exists`);
  return found;
};
/** 2x2 with finite odds ratios: [[18,4],[6,12]]. */
const twoByTwo = byId('case-1017');
/** 7x4 table (exact test and odds ratio not applicable). */
const sevenByFour = byId('case-0005');
/** 2x2 whose fixed-margin support has 100001 tables. */
const overWorkload = byId('case-1346');

const EXPOSED = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After';

function assertMatchesTruth(id: string, actual: unknown, truth: unknown): void {
  const mismatches = compareWithTruth(actual, truth).filter((m) => !m.path.startsWith('fisherSupport'));
  assert.equal(mismatches.length, 0, describeMismatches(id, mismatches));
}

function assertCommon(reply: Reply, server: RunningServer, table: number[][]): Record<string, any> {
  assert.equal(reply.headers['access-control-allow-origin'], '*');
  assert.equal(reply.headers['access-control-expose-headers'], EXPOSED);
  assert.match(String(reply.headers['content-type']), /^application\/json/);
  assert.equal(Number(reply.headers['content-length']), Buffer.byteLength(reply.text));
  const body = reply.json();
  const n = table.flat().reduce((s, x) => s + x, 0);
  assert.deepEqual(body.input, { table, n, rows: table.length, cols: table[0]!.length });
  assert.equal(body.docs, server.docsUrl);
  return body;
}

function pick(truth: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, truth[k]]));
}

describe('analysis routes (GET and POST)', () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '0' });
  });
  after(() => server.close());

  for (const method of ['GET', 'POST'] as const) {
    const call = (path: string, table: number[][]) => (method === 'GET' ? getTable(server, path, table) : postJson(server, path, { table }));

    it(`${method} /api/v1/contingency returns every statistic of the corpus for a 2x2 table`, async () => {
      const reply = await call('/api/v1/contingency', twoByTwo.table);
      assert.equal(reply.status, 200);
      const body = assertCommon(reply, server, twoByTwo.table);
      assertMatchesTruth(twoByTwo.id, body, twoByTwo.truth);
      assert.equal(body.fishersExactUnavailableReason, null);
    });

    it(`${method} /api/v1/contingency on a 7x4 table: 200 with the exact test unavailable (not_2x2)`, async () => {
      const reply = await call('/api/v1/contingency', sevenByFour.table);
      assert.equal(reply.status, 200);
      const body = assertCommon(reply, server, sevenByFour.table);
      assertMatchesTruth(sevenByFour.id, body, sevenByFour.truth);
      assert.equal(body.fishersExact, null);
      assert.equal(body.fishersExactUnavailableReason, 'not_2x2');
    });

    it(`${method} /api/v1/chi-square`, async () => {
      const reply = await call('/api/v1/chi-square', twoByTwo.table);
      assert.equal(reply.status, 200);
      const body = assertCommon(reply, server, twoByTwo.table);
      assertMatchesTruth(twoByTwo.id, body, pick(twoByTwo.truth, ['chiSquare', 'chiSquareYates', 'gTest', 'cramersV']));
      const expected = twoByTwo.truth.expected as { min: string; cellsBelow5: number };
      assertMatchesTruth(twoByTwo.id, body.expected, { min: expected.min, cellsBelow5: expected.cellsBelow5 });
      assert.equal(body.warning, null);
    });

    it(`${method} /api/v1/fishers-exact`, async () => {
      const reply = await call('/api/v1/fishers-exact', twoByTwo.table);
      assert.equal(reply.status, 200);
      const body = assertCommon(reply, server, twoByTwo.table);
      assertMatchesTruth(twoByTwo.id, body.fishersExact, twoByTwo.truth.fishersExact);
      assert.equal(body.unavailableReason, null);
      assert.equal(body.note, null);
    });

    it(`${method} /api/v1/odds-ratio`, async () => {
      const reply = await call('/api/v1/odds-ratio', twoByTwo.table);
      assert.equal(reply.status, 200);
      const body = assertCommon(reply, server, twoByTwo.table);
      assertMatchesTruth(twoByTwo.id, body.oddsRatio, twoByTwo.truth.oddsRatio);
      assert.equal(body.oddsRatio.method, 'sample odds ratio with Woolf log interval');
      assertMatchesTruth(twoByTwo.id, body.fishersExactP, (twoByTwo.truth.fishersExact as { pValue: string }).pValue);
      assert.equal(body.fishersExactUnavailableReason, null);
    });

    it(`${method} /api/v1/fishers-exact over the workload limit: 422 fisher_workload_limit with the analysis`, async () => {
      const reply = await call('/api/v1/fishers-exact', overWorkload.table);
      assert.equal(reply.status, 422);
      const body = assertCommon(reply, server, overWorkload.table);
      assert.equal(body.code, 'fisher_workload_limit');
      assert.equal(typeof body.error, 'string');
      assert.equal(typeof body.hint, 'string');
      assert.equal(body.fishersExact, null);
      assert.equal(body.unavailableReason, 'workload_limit');
    });
  }

  it('GET with exact=false skips the exact test on /contingency (disabled_by_caller)', async () => {
    const reply = await getTable(server, '/api/v1/contingency', twoByTwo.table, '&exact=false');
    assert.equal(reply.status, 200);
    const body = reply.json();
    assert.equal(body.fishersExact, null);
    assert.equal(body.fishersExactUnavailableReason, 'disabled_by_caller');
  });

  it('GET label parameters are accepted and not echoed', async () => {
    const reply = await getTable(server, '/api/v1/chi-square', twoByTwo.table, '&rowLabels=a,b&colLabels=x,y');
    assert.equal(reply.status, 200);
    assert.equal(reply.text.includes('rowLabels'), false);
  });

  it('POST ignores extra properties and accepts a charset parameter', async () => {
    const reply = await postJson(server, '/api/v1/chi-square', { table: twoByTwo.table, extra: { nested: true } }, { 'Content-Type': 'application/json; charset=utf-8' });
    assert.equal(reply.status, 200);
    assert.equal(reply.json().chiSquare.degreesOfFreedom, 1);
  });
});

describe('400 errors from the codec and the request', () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '0' });
  });
  after(() => server.close());

  const cases: { name: string; run: () => Promise<Reply>; code: string }[] = [
    { name: 'GET without d', run: () => send(server, '/api/v1/chi-square'), code: 'invalid_query' },
    { name: 'GET with d twice', run: () => send(server, '/api/v1/chi-square?d=1,2;3,4&d=1,2;3,4'), code: 'invalid_query' },
    { name: 'GET with malformed percent-encoding', run: () => send(server, '/api/v1/chi-square?d=1,2;3,4%'), code: 'invalid_query' },
    { name: 'GET with percent-encoded bytes that are not UTF-8', run: () => send(server, '/api/v1/chi-square?d=%FF'), code: 'invalid_query' },
    { name: 'GET with a word for a cell', run: () => send(server, '/api/v1/chi-square?d=1,x;3,4'), code: 'invalid_table' },
    { name: 'GET with a fractional count', run: () => send(server, '/api/v1/chi-square?d=1.5,2;3,4'), code: 'invalid_counts' },
    { name: 'GET with one row', run: () => send(server, '/api/v1/chi-square?d=1,2'), code: 'insufficient_dimensions' },
    { name: 'GET with an empty column', run: () => send(server, '/api/v1/chi-square?d=0,2;0,4'), code: 'empty_margins' },
    { name: 'POST without Content-Type', run: () => send(server, '/api/v1/chi-square', { method: 'POST', body: '{"table":[[1,2],[3,4]]}' }), code: 'invalid_json' },
    {
      name: 'POST with text/plain',
      run: () => send(server, '/api/v1/chi-square', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"table":[[1,2],[3,4]]}' }),
      code: 'invalid_json',
    },
    { name: 'POST with an empty body', run: () => postJson(server, '/api/v1/chi-square', ''), code: 'invalid_json' },
    { name: 'POST with invalid JSON', run: () => postJson(server, '/api/v1/chi-square', '{"table": [[1,2],'), code: 'invalid_json' },
    { name: 'POST with a JSON array', run: () => postJson(server, '/api/v1/chi-square', '[[1,2],[3,4]]'), code: 'invalid_json' },
    {
      name: 'POST with bytes that are not UTF-8',
      run: () => send(server, '/api/v1/chi-square', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.from([0x7b, 0xff, 0x7d]) }),
      code: 'invalid_json',
    },
    { name: 'POST without table', run: () => postJson(server, '/api/v1/chi-square', { rows: [[1, 2]] }), code: 'invalid_table' },
    { name: 'POST with a negative count', run: () => postJson(server, '/api/v1/odds-ratio', { table: [[1, -2], [3, 4]] }), code: 'invalid_counts' },
  ];
  for (const { name, run, code } of cases) {
    it(`${name} -> 400 ${code}`, async () => {
      const reply = await run();
      assert.equal(reply.status, 400);
      assert.equal(reply.headers['access-control-allow-origin'], '*');
      const body = reply.json();
      assert.equal(body.code, code);
      assert.equal(typeof body.error, 'string');
      assert.equal(typeof body.hint, 'string');
      assert.ok(body.error.length > 0 && body.hint.length > 0);
    });
  }
});

describe('404, 405, preflight, HEAD and the documentation routes', () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('unknown path under /api: 404 endpoint_not_found with documentation', async () => {
    const reply = await send(server, '/api/v2/contingency?d=1,2;3,4');
    assert.equal(reply.status, 404);
    assert.equal(reply.headers['access-control-allow-origin'], '*');
    const body = reply.json();
    assert.deepEqual(Object.keys(body).sort(), ['code', 'documentation', 'error', 'hint']);
    assert.equal(body.code, 'endpoint_not_found');
    assert.equal(body.documentation, server.docsUrl);
  });

  it('HEAD on an unknown /api path: 404 and no body', async () => {
    const reply = await send(server, '/api/nothing', { method: 'HEAD' });
    assert.equal(reply.status, 404);
    assert.equal(reply.text, '');
  });

  it('unknown path outside /api: 404 endpoint_not_found too', async () => {
    const reply = await send(server, '/favicon.ico');
    assert.equal(reply.status, 404);
    assert.equal(reply.json().code, 'endpoint_not_found');
  });

  it('a trailing slash is a different (unknown) path', async () => {
    assert.equal((await send(server, '/api/v1/chi-square/')).status, 404);
  });

  it('known path, other method: 405 method_not_allowed with Allow', async () => {
    const del = await send(server, '/api/v1/contingency', { method: 'DELETE' });
    assert.equal(del.status, 405);
    assert.equal(del.headers.allow, 'GET, POST, OPTIONS');
    assert.equal(del.json().code, 'method_not_allowed');
    const post = await send(server, '/api/health', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });

  it('405 responses are not analysis responses: no RateLimit headers', async () => {
    const reply = await send(server, '/api/v1/odds-ratio', { method: 'PUT' });
    assert.equal(reply.status, 405);
    assert.equal(reply.headers['ratelimit-limit'], undefined);
  });

  for (const path of ['/api/v1/contingency', '/api/v1/chi-square', '/api/v1/fishers-exact', '/api/v1/odds-ratio']) {
    it(`OPTIONS ${path}: 204 preflight, empty body, not rate limited`, async () => {
      const reply = await send(server, path, {
        method: 'OPTIONS',
        headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
      assert.equal(reply.status, 204);
      assert.equal(reply.text, '');
      assert.equal(reply.headers['access-control-allow-origin'], '*');
      assert.equal(reply.headers['access-control-allow-methods'], 'GET, POST, OPTIONS');
      assert.equal(reply.headers['access-control-allow-headers'], 'Content-Type');
      assert.equal(reply.headers['access-control-max-age'], '86400');
      assert.equal(reply.headers['ratelimit-limit'], undefined);
    });
  }

  it('GET /api/openapi.json serves the OpenAPI document for this base URL', async () => {
    const reply = await send(server, '/api/openapi.json');
    assert.equal(reply.status, 200);
    assert.match(String(reply.headers['content-type']), /^application\/json/);
    const doc = reply.json();
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(reply.text.includes(server.baseUrl));
    const head = await send(server, '/api/openapi.json', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    assert.equal(head.headers['content-length'], reply.headers['content-length']);
  });

  it('GET /docs serves the HTML reference; / redirects to it', async () => {
    const reply = await send(server, '/docs');
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(reply.text, /<html/i);
    assert.equal((await send(server, '/docs', { method: 'HEAD' })).text, '');
    const root = await send(server, '/');
    assert.equal(root.status, 302);
    assert.equal(root.headers.location, server.docsUrl);
  });

  it('/api/headless-mcp is routed to the MCP endpoint for every method', async () => {
    const reply = await postJson(server, '/api/headless-mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, { Accept: 'application/json, text/event-stream' });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.json(), { jsonrpc: '2.0', id: 1, result: {} });
    const get = await send(server, '/api/headless-mcp');
    assert.equal(get.status, 405);
  });
});

describe('500 calculation_failed', () => {
  it('a non-finite exact-test result becomes 500 calculation_failed (from analyze)', async () => {
    const server = await startTestServer(
      { RATE_LIMIT_PER_MINUTE: '5' },
      {
        runFisher: async () => ({
          pValue: Number.NaN,
          oddsRatio: 1,
          oddsRatioState: 'finite',
          oddsRatioCI: [0.5, 2],
          oddsRatioCIStates: ['finite', 'finite'],
        }),
      },
    );
    try {
      const reply = await getTable(server, '/api/v1/fishers-exact', twoByTwo.table);
      assert.equal(reply.status, 500);
      assert.equal(reply.json().code, 'calculation_failed');
      assert.equal(reply.headers['ratelimit-limit'], '5');
      assert.equal(reply.headers['ratelimit-remaining'], '4');
    } finally {
      await server.close();
    }
  });

  it('an unexpected exception in a handler becomes 500 calculation_failed and the server keeps serving', async () => {
    const server = await startTestServer(
      {},
      {
        runFisher: async () => {
          throw new TypeError('boom');
        },
      },
    );
    try {
      const reply = await postJson(server, '/api/v1/contingency', { table: twoByTwo.table });
      assert.equal(reply.status, 500);
      const body = reply.json();
      assert.equal(body.code, 'calculation_failed');
      assert.equal(body.error.includes('boom'), false);
      assert.equal(reply.headers['ratelimit-remaining'], '29');
      const next = await getTable(server, '/api/v1/chi-square', twoByTwo.table);
      assert.equal(next.status, 200);
    } finally {
      await server.close();
    }
  });
});
