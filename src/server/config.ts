/**
 * Server configuration from environment variables (METHODS.md "Naming and configuration").
 * Every option is parsed and validated here, in one place; a bad value is reported with the
 * name of the variable, all problems at once, as a ConfigError (the CLI prints it and exits 1).
 */
import os from 'node:os';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Deployment metadata reported by /api/health (`build`); null when the deployer set nothing. */
export interface BuildMetadata {
  deploymentId: string | null;
  deploymentUrl: string | null;
  sourceRevision: string | null;
  sourceBranch: string | null;
}

export interface ServerConfig {
  host: string;
  /** 0 asks the OS for a free port. */
  port: number;
  /** `{base_url}` without a trailing slash; null means "http://HOST:PORT" of the bound address. */
  publicBaseUrl: string | null;
  /** Analysis requests per client IP per 60 s; 0 turns the limiter (and its headers) off. */
  rateLimitPerMinute: number;
  /** Number of trusted reverse proxies appending to X-Forwarded-For; 0 ignores the header. */
  trustProxy: number;
  fisherThreads: number;
  /** Exact-test tasks allowed to wait for a thread; beyond that requests get 503. */
  fisherQueue: number;
  logLevel: LogLevel;
  shutdownTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Requests served on one keep-alive connection before it is closed; 0 = no limit. */
  maxRequestsPerSocket: number;
  build: BuildMetadata;
}

/** Environment variables read for the `build` block of the health report. */
export const BUILD_ENV = {
  deploymentId: 'DEPLOYMENT_ID',
  deploymentUrl: 'DEPLOYMENT_URL',
  sourceRevision: 'SOURCE_REVISION',
  sourceBranch: 'SOURCE_BRANCH',
} as const satisfies Record<keyof BuildMetadata, string>;

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const DECIMAL = /^[0-9]+$/;

/** Reads an optional environment variable; blank counts as unset. */
function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = value(this.env, name);
    if (raw === undefined) return fallback;
    const parsed = DECIMAL.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return parsed;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = value(this.env, name);
    if (raw === undefined) return fallback;
    const lower = raw.toLowerCase();
    const found = allowed.find((a) => a === lower);
    if (found === undefined) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
      return fallback;
    }
    return found;
  }

  trustProxy(name: string): number {
    const raw = value(this.env, name);
    if (raw === undefined) return 0;
    const lower = raw.toLowerCase();
    if (lower === 'false' || lower === 'off') return 0;
    if (lower === 'true' || lower === 'on') return 1;
    return this.integer(name, 0, 0, 32);
  }

  baseUrl(name: string): string | null {
    const raw = value(this.env, name);
    if (raw === undefined) return null;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      this.problems.push(`${name} must be an absolute http(s) URL, got "${raw}"`);
      return null;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
      this.problems.push(`${name} must be an http(s) URL without query, fragment or credentials, got "${raw}"`);
      return null;
    }
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  }

  text(name: string): string | null {
    return value(this.env, name) ?? null;
  }
}

/** Parses and validates the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const read = new Reader(env);
  const host = read.text('HOST') ?? '127.0.0.1';
  const config: ServerConfig = {
    host,
    port: read.integer('PORT', 8080, 0, 65535),
    publicBaseUrl: read.baseUrl('PUBLIC_BASE_URL'),
    rateLimitPerMinute: read.integer('RATE_LIMIT_PER_MINUTE', 30, 0, 1_000_000),
    trustProxy: read.trustProxy('TRUST_PROXY'),
    fisherThreads: read.integer('FISHER_THREADS', os.availableParallelism(), 1, 256),
    fisherQueue: read.integer('FISHER_QUEUE', 64, 0, 100_000),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    shutdownTimeoutMs: read.integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    headersTimeoutMs: read.integer('HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    requestTimeoutMs: read.integer('REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    keepAliveTimeoutMs: read.integer('KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
    maxRequestsPerSocket: read.integer('MAX_REQUESTS_PER_SOCKET', 1000, 0, 1_000_000),
    build: {
      deploymentId: read.text(BUILD_ENV.deploymentId),
      deploymentUrl: read.text(BUILD_ENV.deploymentUrl),
      sourceRevision: read.text(BUILD_ENV.sourceRevision),
      sourceBranch: read.text(BUILD_ENV.sourceBranch),
    },
  };
  if (/[\s/]/.test(host)) read.problems.push(`HOST must be a host name or IP address, got "${host}"`);
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    read.problems.push(`HEADERS_TIMEOUT_MS (${config.headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${config.requestTimeoutMs})`);
  }
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}

/** `http://host:port` for a bound address, with IPv6 literals in brackets. */
export function baseUrlFor(host: string, port: number): string {
  const literal = host.includes(':') ? `[${host}]` : host;
  return `http://${literal}:${port}`;
}
