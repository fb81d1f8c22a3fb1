/**
 * /api/health (service description "HealthReport", endpoint rule 4): the report's fields, 200
 * operational / 503 degraded for GET and HEAD, Cache-Control, build metadata, the known-answer
 * check through the real pool, a wrong or broken engine, caching against health floods, and
 * answering from the last completed check while the pool is saturated.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FisherRunner } from '../src/api/analyze.js';
import { ApiError } from '../src/api/errors.js';
import { SELF_CHECK_TIMEOUT_MS, SELF_CHECK_TTL_MS } from '../src/server/health.js';
import { RELEASE_CONTRACT } from '../src/server/release-contract.js';
import { CASE_1017_FISHER, send, startTestServer } from './helpers/server.js';


const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe('GET/HEAD /api/health', () => {
  it('is operational through the real worker pool, with every field of the HealthReport', async () => {
    const server = await startTestServer();
    try {
      const reply = await send(server, '/api/health');
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['cache-control'], 'no-store, max-age=0');
      assert.equal(reply.headers['access-control-allow-origin'], '*');
      const body = reply.json();
      assert.deepEqual(Object.keys(body).sort(), ['build', 'checkedAt', 'checks', 'schemaVersion', 'service', 'status', 'trustReadiness']);
      assert.equal(body.schemaVersion, 3);
      assert.equal(body.service, 'contingency-api');
      assert.equal(body.status, 'operational');
      assert.match(body.checkedAt, ISO_DATE_TIME);
      assert.deepEqual(body.build, {
        deploymentId: null,
        deploymentUrl: null,
        sourceRevision: null,
        sourceBranch: null,
        applicationVersion: '1.0.0',
        provenance: { confidence: 'unverified', limitations: body.build.provenance.limitations },
      });
      assert.ok(body.build.provenance.limitations.length > 0);
      assert.deepEqual(body.trustReadiness, JSON.parse(JSON.stringify(RELEASE_CONTRACT)));
      assert.equal(body.trustReadiness.status, 'pending');
      assert.equal(body.trustReadiness.affectsOperationalStatus, false);
      assert.equal(body.trustReadiness.basis, 'checked-in-release-contract');
      assert.deepEqual(
        body.checks.map((c: { id: string; status: string }) => [c.id, c.status]),
        [
          ['application_runtime', 'operational'],
          ['statistics_engine', 'operational'],
        ],
      );
      for (const check of body.checks) {
        assert.equal(typeof check.name, 'string');
        assert.equal(typeof check.detail, 'string');
      }
      assert.match(body.checks[1].detail, /matches 15 reference values/);

      const head = await send(server, '/api/health', { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.text, '');
      assert.equal(head.headers['cache-control'], 'no-store, max-age=0');
    } finally {
      await server.close();
    }
  });

  it('reports deployment metadata from the environment as metadata_only', async () => {
    const server = await startTestServer(
      { DEPLOYMENT_ID: 'dep-42', DEPLOYMENT_URL: 'https://example.org/deploy/42', SOURCE_REVISION: '0123abc', SOURCE_BRANCH: 'main' },
      { runFisher: async () => CASE_1017_FISHER },
    );
    try {
      const body = (await send(server, '/api/health')).json();
      assert.equal(body.build.deploymentId, 'dep-42');
      assert.equal(body.build.deploymentUrl, 'https://example.org/deploy/42');
      assert.equal(body.build.sourceRevision, '0123abc');
      assert.equal(body.build.sourceBranch, 'main');
      assert.equal(body.build.provenance.confidence, 'metadata_only');
    } finally {
      await server.close();
    }
  });

  it('is degraded (503, GET and HEAD) when the engine cannot compute the known-answer table', async () => {
    const server = await startTestServer(
      {},
      {
        runFisher: async () => {
          throw new Error('worker crashed');
        },
      },
    );
    try {
      const reply = await send(server, '/api/health');
      assert.equal(reply.status, 503);
      assert.equal(reply.headers['cache-control'], 'no-store, max-age=0');
      const body = reply.json();
      assert.equal(body.status, 'degraded');
      assert.equal(body.checks[0].status, 'operational');
      assert.equal(body.checks[1].id, 'statistics_engine');
      assert.equal(body.checks[1].status, 'degraded');
      assert.match(body.checks[1].detail, /worker crashed/);
      const head = await send(server, '/api/health', { method: 'HEAD' });
      assert.equal(head.status, 503);
      assert.equal(head.text, '');
    } finally {
      await server.close();
    }
  });

  it('is degraded when an answer is off by more than the tolerance (1e-12 relative)', async () => {
    const server = await startTestServer({}, { runFisher: async () => ({ ...CASE_1017_FISHER, pValue: CASE_1017_FISHER.pValue * (1 + 1e-10) }) });
    try {
      const reply = await send(server, '/api/health');
      assert.equal(reply.status, 503);
      assert.match(reply.json().checks[1].detail, /fishersExact\.pValue/);
    } finally {
      await server.close();
    }
  });

  it('caches the self-check: a flood of health requests runs it once per TTL', async () => {
    let t = 1_700_000_000_000;
    let calls = 0;
    const runFisher: FisherRunner = async () => {
      calls += 1;
      return CASE_1017_FISHER;
    };
    const server = await startTestServer({}, { runFisher, now: () => t });
    try {
      assert.equal(calls, 1, 'one run at start-up');
      const flood = await Promise.all(Array.from({ length: 20 }, () => send(server, '/api/health')));
      assert.ok(flood.every((r) => r.status === 200));
      assert.equal(calls, 1);
      t += SELF_CHECK_TTL_MS;
      const second = await Promise.all(Array.from({ length: 20 }, () => send(server, '/api/health')));
      assert.ok(second.every((r) => r.status === 200));
      assert.equal(calls, 2, 'concurrent requests share one run');
    } finally {
      await server.close();
    }
  });

  it('answers from the last completed check while the pool refuses work', async () => {
    let t = 1_700_000_000_000;
    let overloaded = false;
    const runFisher: FisherRunner = async () => {
      if (overloaded) throw new ApiError('service_overloaded', 'saturated', 'retry');
      return CASE_1017_FISHER;
    };
    const server = await startTestServer({}, { runFisher, now: () => t });
    try {
      overloaded = true;
      t += SELF_CHECK_TTL_MS + 1;
      const reply = await send(server, '/api/health');
      assert.equal(reply.status, 200);
      const engine = reply.json().checks[1];
      assert.equal(engine.status, 'operational');
      assert.match(engine.detail, /last completed at/);
    } finally {
      await server.close();
    }
  });

  it(`answers within the self-check timeout (${SELF_CHECK_TIMEOUT_MS} ms) when the pool does not answer`, async () => {
    let t = 1_700_000_000_000;
    let hang = false;
    const runFisher: FisherRunner = () => (hang ? new Promise(() => {}) : Promise.resolve(CASE_1017_FISHER));
    const server = await startTestServer({}, { runFisher, now: () => t });
    try {
      hang = true;
      t += SELF_CHECK_TTL_MS + 1;
      const reply = await send(server, '/api/health');
      assert.equal(reply.status, 200);
      assert.match(reply.json().checks[1].detail, /did not finish within/);
    } finally {
      await server.close();
    }
  });

  it('reports the runtime degraded (503) to a request answered during graceful shutdown', async () => {
    let t = 1_700_000_000_000;
    let release: (() => void) | null = null;
    let calls = 0;
    const runFisher: FisherRunner = async () => {
      calls += 1;
      if (calls > 1) await new Promise<void>((resolve) => (release = resolve));
      return CASE_1017_FISHER;
    };
    const server = await startTestServer({}, { runFisher, now: () => t });
    t += SELF_CHECK_TTL_MS;
    const pending = send(server, '/api/health');
    while (release === null) await new Promise((resolve) => setTimeout(resolve, 5));
    const closing = server.close();
    (release as () => void)();
    const reply = await pending;
    await closing;
    assert.equal(reply.status, 503);
    assert.equal(reply.headers.connection, 'close');
    const body = reply.json();
    assert.equal(body.status, 'degraded');
    assert.equal(body.checks[0].status, 'degraded');
    assert.match(body.checks[0].detail, /Shutting down/);
    assert.equal(body.checks[1].status, 'operational');
  });
});
