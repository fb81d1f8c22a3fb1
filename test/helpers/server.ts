/**
 * Test helpers for the HTTP service: start the real server on 127.0.0.1 port 0 with quiet
 * logs and a one-thread pool, and make plain node:http requests on fresh connections (no agent
 * keep-alive, so closing the server never waits on the test client).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { FishersExactResult } from '../../src/engine/types.js';
import { loadConfig } from '../../src/server/config.js';
import { startServer, type RunningServer, type ServerOverrides } from '../../src/server/server.js';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON (throws if it is not). */
  json: () => any;
}

/** Starts a server; env entries override the quiet test defaults. */
export function startTestServer(env: Record<string, string> = {}, overrides: ServerOverrides = {}): Promise<RunningServer> {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    FISHER_THREADS: '1',
    FISHER_QUEUE: '8',
    ...env,
  });
  return startServer(config, overrides);
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
}

/** One request on a fresh connection; resolves with the whole response. */
export function send(server: RunningServer, path: string, options: RequestOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** POST a JSON value (or a raw string) with Content-Type application/json. */
export function postJson(server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return send(server, path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: text });
}

/** GET an analysis route with the table encoded as `d`. */
export function getTable(server: RunningServer, path: string, table: number[][], extra = ''): Promise<Reply> {
  return send(server, `${path}?d=${encodeURIComponent(table.map((row) => row.join(',')).join(';'))}${extra}`);
}

export interface ChunkedReply {
  status: number;
  connection: string | undefined;
  body: string;
  /** Bytes of the endless body written before the server answered. */
  written: number;
}

/**
 * POSTs `start` and then an endless chunked body of spaces (4 KiB a tick, at most 1 MiB) until
 * the server answers: how a body limit that is enforced while reading shows itself.
 */
export function postEndlessChunkedBody(port: number, path: string, start: string): Promise<ChunkedReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      agent: false,
    });
    let written = 0;
    let answered = false;
    const chunk = Buffer.alloc(4096, 0x20);
    const pump = (): void => {
      if (answered || written >= 1024 * 1024) return;
      written += chunk.length;
      req.write(chunk);
      setTimeout(pump, 1);
    };
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: Buffer.concat(parts).toString(), written }));
    });
    req.on('error', (error) => {
      // The server closes the connection after its 413; a reset after the response is fine.
      if (!answered) reject(error);
    });
    req.write(start);
    pump();
  });
}

/** The exact test of [[18,4],[6,12]] (corpus case-1017, the health self-check's table): a runner's canned answer. */
export const CASE_1017_FISHER: FishersExactResult = {
  pValue: Number('0.003210466391778961300652068'),
  oddsRatio: Number('8.419774579887263075166194'),
  oddsRatioState: 'finite',
  oddsRatioCI: [Number('1.736910519341996751874373'), Number('51.18766006147897487922636')],
  oddsRatioCIStates: ['finite', 'finite'],
};
