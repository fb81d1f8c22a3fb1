/**
 * The sliding-window limiter (service description "Limits" and "Rate-limit rules"): exact
 * RateLimit-* values over a whole window with an injected clock, 429 with Retry-After, rejected
 * requests not extending the block, bounded memory, client-IP resolution, and the same
 * headers end to end through the server (every analysis status counts).
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { clientIpResolver, normalizeIp } from '../src/server/client-ip.js';
import { rateLimitHeaders, SlidingWindowLimiter } from '../src/server/rate-limiter.js';
import { getTable, postJson, send, startTestServer } from './helpers/server.js';

const T0 = 1_700_000_000_000;

function clock(start = T0) {
  let t = start;
  return { now: () => t, set: (ms: number) => (t = start + ms), advance: (ms: number) => (t += ms) };
}

describe('SlidingWindowLimiter', () => {
  it('counts 30 requests down to 0 remaining, then refuses with the seconds until the oldest hit expires', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter({ limit: 30, windowMs: 60_000, now: c.now });
    // One request every 1.5 s: hit k (0-based) at 1500k ms.
    for (let k = 0; k < 30; k += 1) {
      c.set(1500 * k);
      const d = limiter.hit('a');
      assert.deepEqual(d, { allowed: true, limit: 30, remaining: 29 - k, resetSeconds: Math.ceil((60_000 - 1500 * k) / 1000) }, `hit ${k}`);
    }
    c.set(45_000); // the window now holds hits at 0 .. 43.5 s
    assert.deepEqual(limiter.hit('a'), { allowed: false, limit: 30, remaining: 0, resetSeconds: 15 });
    c.set(59_999);
    assert.deepEqual(limiter.hit('a'), { allowed: false, limit: 30, remaining: 0, resetSeconds: 1 });
    c.set(60_000); // the hit at 0 expires exactly now: one slot
    assert.deepEqual(limiter.hit('a'), { allowed: true, limit: 30, remaining: 0, resetSeconds: 2 });
    assert.equal(limiter.hit('a').allowed, false);
    c.set(61_500); // the hit at 1.5 s expires
    assert.deepEqual(limiter.hit('a'), { allowed: true, limit: 30, remaining: 0, resetSeconds: 2 });
  });

  it('does not record rejected requests, so hammering does not extend the block', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 60_000, now: c.now });
    for (let k = 0; k < 3; k += 1) assert.equal(limiter.hit('a').allowed, true);
    for (let s = 1; s < 60; s += 1) {
      c.set(s * 1000);
      const d = limiter.hit('a');
      assert.equal(d.allowed, false);
      assert.equal(d.resetSeconds, 60 - s);
    }
    c.set(60_000);
    const d = limiter.hit('a');
    assert.equal(d.allowed, true);
    assert.equal(d.remaining, 2);
    assert.equal(d.resetSeconds, 60);
  });

  it('keeps clients apart', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 60_000, now: c.now });
    limiter.hit('a');
    limiter.hit('a');
    assert.equal(limiter.hit('a').allowed, false);
    assert.deepEqual(limiter.hit('b'), { allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
  });

  it('forgets idle clients and caps the table at maxClients, evicting the least recently seen', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 60_000, now: c.now, maxClients: 1000 });
    for (let i = 0; i < 5000; i += 1) {
      c.set(i);
      limiter.hit(`10.0.${i >> 8}.${i & 255}`);
      assert.ok(limiter.size <= 1000);
    }
    assert.equal(limiter.size, 1000);
    // 10.0.0.0 was evicted long ago: it starts afresh.
    assert.equal(limiter.hit('10.0.0.0').remaining, 1);
    // The most recent client is still remembered.
    const last = `10.0.${4999 >> 8}.${4999 & 255}`;
    assert.equal(limiter.hit(last).remaining, 0);
    // A minute later everyone is idle and forgotten at the next hit.
    c.set(5000 + 60_000);
    limiter.hit('new');
    assert.equal(limiter.size, 1);
  });

  it('builds the headers, with Retry-After only on a refusal', () => {
    assert.deepEqual(rateLimitHeaders({ allowed: true, limit: 30, remaining: 12, resetSeconds: 41 }), {
      'RateLimit-Limit': 30,
      'RateLimit-Remaining': 12,
      'RateLimit-Reset': 41,
    });
    assert.deepEqual(rateLimitHeaders({ allowed: false, limit: 30, remaining: 0, resetSeconds: 7 }), {
      'RateLimit-Limit': 30,
      'RateLimit-Remaining': 0,
      'RateLimit-Reset': 7,
      'Retry-After': 7,
    });
  });

  it('validates its options', () => {
    assert.throws(() => new SlidingWindowLimiter({ limit: 0, windowMs: 60_000, now: Date.now }), /limit/);
    assert.throws(() => new SlidingWindowLimiter({ limit: 1, windowMs: 0, now: Date.now }), /windowMs/);
    assert.throws(() => new SlidingWindowLimiter({ limit: 1, windowMs: 1, now: Date.now, maxClients: 0 }), /maxClients/);
  });
});

describe('client IP', () => {
  const fakeRequest = (remoteAddress: string, forwarded?: string) =>
    ({ socket: { remoteAddress }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;

  it('uses the socket peer and ignores X-Forwarded-For by default', () => {
    assert.equal(clientIpResolver(0)(fakeRequest('::ffff:192.0.2.7', '203.0.113.9')), '192.0.2.7');
  });

  it('takes the n-th address from the right with TRUST_PROXY=n', () => {
    const chain = '198.51.100.1, 203.0.113.9, 10.0.0.2';
    assert.equal(clientIpResolver(1)(fakeRequest('10.0.0.1', chain)), '10.0.0.2');
    assert.equal(clientIpResolver(2)(fakeRequest('10.0.0.1', chain)), '203.0.113.9');
    assert.equal(clientIpResolver(5)(fakeRequest('10.0.0.1', chain)), '198.51.100.1');
    assert.equal(clientIpResolver(1)(fakeRequest('10.0.0.1')), '10.0.0.1');
    assert.equal(clientIpResolver(1)(fakeRequest('10.0.0.1', 'not-an-ip')), '10.0.0.1');
    assert.equal(clientIpResolver(1)(fakeRequest('10.0.0.1', '::FFFF:203.0.113.9')), '203.0.113.9');
  });

  it('normalises IPv4-mapped IPv6 and case', () => {
    assert.equal(normalizeIp('::ffff:127.0.0.1'), '127.0.0.1');
    assert.equal(normalizeIp('2001:DB8::1'), '2001:db8::1');
  });
});

describe('rate limiting through the server', () => {
  it('every analysis response of a window carries exact RateLimit headers; the 31st is 429 with Retry-After', async () => {
    const c = clock();
    const server = await startTestServer({}, { now: c.now });
    try {
      const table = [[18, 4], [6, 12]];
      const paths = ['/api/v1/contingency', '/api/v1/chi-square', '/api/v1/fishers-exact', '/api/v1/odds-ratio'];
      for (let k = 0; k < 30; k += 1) {
        c.set(1000 * k);
        // Mix routes and outcomes: 200s, 400s, 413s and a 422 all count against one budget.
        const reply =
          k % 10 === 3
            ? await send(server, '/api/v1/chi-square')
            : k % 10 === 7
              ? await postJson(server, '/api/v1/contingency', { table, padding: 'x'.repeat(17_000) })
              : k === 29
                ? await getTable(server, '/api/v1/fishers-exact', [[50003, 49997], [99997, 100003]])
                : await getTable(server, paths[k % 4]!, table);
        const expectedStatus = k % 10 === 3 ? 400 : k % 10 === 7 ? 413 : k === 29 ? 422 : 200;
        assert.equal(reply.status, expectedStatus, `request ${k}`);
        assert.equal(reply.headers['ratelimit-limit'], '30', `request ${k}`);
        assert.equal(reply.headers['ratelimit-remaining'], String(29 - k), `request ${k}`);
        assert.equal(reply.headers['ratelimit-reset'], String(60 - k), `request ${k}`);
        assert.equal(reply.headers['retry-after'], undefined);
      }
      c.set(30_500);
      const refused = await getTable(server, '/api/v1/odds-ratio', table);
      assert.equal(refused.status, 429);
      const body = refused.json();
      assert.equal(body.code, 'rate_limit_exceeded');
      assert.equal(typeof body.hint, 'string');
      assert.equal(refused.headers['ratelimit-limit'], '30');
      assert.equal(refused.headers['ratelimit-remaining'], '0');
      assert.equal(refused.headers['ratelimit-reset'], '30');
      assert.equal(refused.headers['retry-after'], '30');
      assert.equal(refused.headers['access-control-allow-origin'], '*');

      // Not rate limited: health, preflight, docs.
      assert.equal((await send(server, '/api/v1/odds-ratio', { method: 'OPTIONS' })).status, 204);
      const health = await send(server, '/api/health');
      assert.equal(health.headers['ratelimit-limit'], undefined);

      c.set(60_000); // the first hit has expired
      const again = await postJson(server, '/api/v1/chi-square', { table });
      assert.equal(again.status, 200);
      assert.equal(again.headers['ratelimit-remaining'], '0');
      assert.equal(again.headers['ratelimit-reset'], '1');
    } finally {
      await server.close();
    }
  });

  it('RATE_LIMIT_PER_MINUTE=0 turns the limiter and its headers off', async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '0' });
    try {
      for (let k = 0; k < 35; k += 1) {
        const reply = await getTable(server, '/api/v1/chi-square', [[1, 2], [3, 4]]);
        assert.equal(reply.status, 200);
        assert.equal(reply.headers['ratelimit-limit'], undefined);
      }
    } finally {
      await server.close();
    }
  });

  it('TRUST_PROXY=1 limits by the X-Forwarded-For client, not the proxy', async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '1' });
    try {
      const as = (ip: string) => send(server, '/api/v1/chi-square?d=1,2;3,4', { headers: { 'X-Forwarded-For': `198.51.100.1, ${ip}` } });
      assert.equal((await as('203.0.113.1')).headers['ratelimit-remaining'], '1');
      assert.equal((await as('203.0.113.1')).headers['ratelimit-remaining'], '0');
      assert.equal((await as('203.0.113.1')).status, 429);
      const other = await as('203.0.113.2');
      assert.equal(other.status, 200);
      assert.equal(other.headers['ratelimit-remaining'], '1');
    } finally {
      await server.close();
    }
  });
});
