/**
 * Configuration from the environment (METHODS.md "Naming and configuration"): defaults, every
 * variable parsed, and one ConfigError naming every bad variable.
 */
import assert from 'node:assert/strict';
import os from 'node:os';
import { describe, it } from 'node:test';
import { baseUrlFor, ConfigError, loadConfig } from '../src/server/config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    assert.deepEqual(loadConfig({}), {
      host: '127.0.0.1',
      port: 8080,
      publicBaseUrl: null,
      rateLimitPerMinute: 30,
      trustProxy: 0,
      fisherThreads: os.availableParallelism(),
      fisherQueue: 64,
      logLevel: 'info',
      shutdownTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxRequestsPerSocket: 1000,
      build: { deploymentId: null, deploymentUrl: null, sourceRevision: null, sourceBranch: null },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '0',
      PUBLIC_BASE_URL: 'https://stats.example.org/contingency/',
      RATE_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: '2',
      FISHER_THREADS: '3',
      FISHER_QUEUE: '10',
      LOG_LEVEL: 'DEBUG',
      SHUTDOWN_TIMEOUT_MS: '500',
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
      KEEP_ALIVE_TIMEOUT_MS: '3000',
      MAX_REQUESTS_PER_SOCKET: '0',
      DEPLOYMENT_ID: 'd1',
      DEPLOYMENT_URL: 'https://x.example',
      SOURCE_REVISION: 'abc',
      SOURCE_BRANCH: 'main',
    });
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.port, 0);
    assert.equal(config.publicBaseUrl, 'https://stats.example.org/contingency');
    assert.equal(config.rateLimitPerMinute, 0);
    assert.equal(config.trustProxy, 2);
    assert.equal(config.fisherThreads, 3);
    assert.equal(config.fisherQueue, 10);
    assert.equal(config.logLevel, 'debug');
    assert.equal(config.shutdownTimeoutMs, 500);
    assert.equal(config.headersTimeoutMs, 1000);
    assert.equal(config.requestTimeoutMs, 2000);
    assert.equal(config.keepAliveTimeoutMs, 3000);
    assert.equal(config.maxRequestsPerSocket, 0);
    assert.deepEqual(config.build, { deploymentId: 'd1', deploymentUrl: 'https://x.example', sourceRevision: 'abc', sourceBranch: 'main' });
  });

  it('reads TRUST_PROXY as a hop count, true = 1, false/blank = off', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, 1);
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, 0);
    assert.equal(loadConfig({ TRUST_PROXY: '' }).trustProxy, 0);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'yes please' }), /TRUST_PROXY/);
  });

  it('reports every bad variable at once, by name', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: '70000',
        RATE_LIMIT_PER_MINUTE: '-1',
        FISHER_THREADS: '0',
        FISHER_QUEUE: '1.5',
        LOG_LEVEL: 'verbose',
        PUBLIC_BASE_URL: 'ftp://example.org',
        SHUTDOWN_TIMEOUT_MS: 'soon',
      });
    } catch (error) {
      caught = error;
    }
    assert.ok(caught instanceof ConfigError);
    assert.deepEqual(
      caught.problems.map((p) => p.split(' ')[0]),
      ['PORT', 'PUBLIC_BASE_URL', 'RATE_LIMIT_PER_MINUTE', 'FISHER_THREADS', 'FISHER_QUEUE', 'LOG_LEVEL', 'SHUTDOWN_TIMEOUT_MS'],
    );
    assert.match(caught.message, /PORT must be an integer from 0 to 65535, got "70000"/);
  });

  it('rejects a header deadline longer than the request deadline, and a base URL with a query', () => {
    assert.throws(() => loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' }), /HEADERS_TIMEOUT_MS \(5000\) must not exceed REQUEST_TIMEOUT_MS/);
    assert.throws(() => loadConfig({ PUBLIC_BASE_URL: 'https://x.example/?a=1' }), /PUBLIC_BASE_URL/);
    assert.throws(() => loadConfig({ HOST: 'a b' }), /HOST/);
  });

  it('formats base URLs, bracketing IPv6 literals', () => {
    assert.equal(baseUrlFor('127.0.0.1', 8080), 'http://127.0.0.1:8080');
    assert.equal(baseUrlFor('::1', 80), 'http://[::1]:80');
  });
});
