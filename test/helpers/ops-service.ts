/**
 * Test helpers for the operations tests: run the real `contingency-api` binary as a child
 * process (as systemd or an operator would), learn its port from the "listening" log line,
 * collect its stdout log lines, and make requests with a chosen local (client) address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** dist/src/cli/main.js, the `bin` of package.json, next to the compiled tests. */
export const MAIN = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

/** Environment of a test service: loopback, any port, no inherited configuration. */
const BASE_ENV = { HOST: '127.0.0.1', PORT: '0', FISHER_THREADS: '1', LOG_LEVEL: 'info' };

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Every stdout line so far (JSON log lines). */
  lines: string[];
  stderr: () => string;
  exited: Promise<ExitStatus>;
  /** Resolves with the first stdout line (already seen or future) for which `match` is true. */
  waitForLine: (match: (line: string) => boolean, timeoutMs?: number) => Promise<string>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop: (graceMs?: number) => Promise<ExitStatus>;
}

/** Parses one JSON log line, or returns null for anything else. */
export function parseLogLine(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isListening(line: string): boolean {
  return parseLogLine(line)?.['msg'] === 'listening';
}

/**
 * Starts `node dist/src/cli/main.js serve` with `env` over the test defaults and resolves once it
 * listens. With LOG_LEVEL below info the port cannot be read from the log: pass an explicit PORT.
 */
export async function startService(env: Record<string, string> = {}, startTimeoutMs = 30_000): Promise<ServiceProcess> {
  const fullEnv = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...BASE_ENV, ...env };
  const child = spawn(process.execPath, [MAIN, 'serve'], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  const waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.match(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<ExitStatus>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const waitForLine = (match: (line: string) => boolean, timeoutMs = 30_000): Promise<string> => {
    const seen = lines.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`no matching log line within ${timeoutMs} ms; stdout:\n${lines.join('\n')}\nstderr:\n${stderr}`));
      }, timeoutMs);
      const waiter = {
        match,
        resolve: (line: string) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      waiters.push(waiter);
      void exited.then(() => {
        if (waiters.includes(waiter)) {
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`service exited before the expected log line; stdout:\n${lines.join('\n')}\nstderr:\n${stderr}`));
        }
      });
    });
  };

  const stop = async (graceMs = 15_000): Promise<ExitStatus> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const status = await exited;
      clearTimeout(timer);
      return status;
    }
    return exited;
  };

  let url: string;
  if (fullEnv.PORT === '0') {
    try {
      const line = await waitForLine(isListening, startTimeoutMs);
      url = String(parseLogLine(line)!['url']);
    } catch (error) {
      await stop(1000);
      throw error;
    }
  } else {
    url = `http://${fullEnv.HOST}:${fullEnv.PORT}`;
    await waitForPort(Number(fullEnv.PORT), startTimeoutMs);
  }
  return { child, port: Number(new URL(url).port), url, lines, stderr: () => stderr, exited, waitForLine, stop };
}

/** Waits until something accepts connections on 127.0.0.1:port. */
async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await httpGet({ port, path: '/api/health' });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface GetOptions {
  port: number;
  path: string;
  /** Source address of the connection (any 127.0.0.0/8 address works on loopback). */
  localAddress?: string;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
}

/** A response listener that gathers the whole response into a Reply. */
export function collectReply(resolve: (reply: Reply) => void, reject: (error: Error) => void): (res: IncomingMessage) => void {
  return (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
  };
}

/** One request on a fresh connection. */
export function httpGet(options: GetOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      collectReply(resolve, reject),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The GET path of an analysis route for a table. */
export function tablePath(route: string, table: readonly (readonly number[])[]): string {
  return `/api/v1/${route}?d=${encodeURIComponent(table.map((row) => row.join(',')).join(';'))}`;
}

/** A loopback port that was free a moment ago (for processes that do not log their port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}
