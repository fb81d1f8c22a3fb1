/**
 * `contingency-api serve`: runs the HTTP service until SIGTERM or SIGINT, then shuts down
 * gracefully and exits 0 (a second signal exits at once with 1). Configuration comes from the
 * environment (src/server/config.ts); --host and --port override HOST and PORT.
 * A bad configuration prints the problems and exits 1.
 */
import process from 'node:process';
import { ConfigError, loadConfig } from '../server/config.js';
import { startServer } from '../server/server.js';

export const summary = 'run the HTTP service (REST API, OpenAPI, /docs, health, MCP endpoint)';

export const help = `Usage: contingency-api serve [--host HOST] [--port PORT]

Runs the HTTP service. Options override the environment variables of the same name.

Environment:
  HOST                   address to bind (default 127.0.0.1)
  PORT                   port to bind, 0 for any free port (default 8080)
  PUBLIC_BASE_URL        public base URL used in links (default http://HOST:PORT)
  RATE_LIMIT_PER_MINUTE  analysis requests per client IP per 60 s; 0 = off (default 30)
  TRUST_PROXY            number of trusted proxies in X-Forwarded-For; true = 1 (default off)
  FISHER_THREADS         exact-test worker threads (default: available parallelism)
  FISHER_QUEUE           exact-test tasks that may wait for a thread; more get 503 (default 64)
  LOG_LEVEL              debug, info, warn, error or silent (default info)
  SHUTDOWN_TIMEOUT_MS    grace period for in-flight requests on shutdown (default 10000)
  HEADERS_TIMEOUT_MS     time allowed to receive the request headers (default 10000)
  REQUEST_TIMEOUT_MS     time allowed to receive the whole request (default 30000)
  KEEP_ALIVE_TIMEOUT_MS  idle keep-alive connection lifetime (default 5000)
  MAX_REQUESTS_PER_SOCKET requests per keep-alive connection before it closes; 0 = no limit (default 1000)
  DEPLOYMENT_ID, DEPLOYMENT_URL, SOURCE_REVISION, SOURCE_BRANCH
                         build metadata reported by /api/health`;

const OPTIONS: Record<string, string> = { '--host': 'HOST', '--port': 'PORT' };

/** Turns `--host x`, `--port=8080` into environment overrides; throws on anything else. */
function parseArgs(args: readonly string[]): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const variable = OPTIONS[flag];
    if (variable === undefined) throw new ConfigError([`unknown option "${arg}" (see contingency-api serve --help)`]);
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new ConfigError([`option ${flag} needs a value`]);
    overrides[variable] = value;
  }
  return overrides;
}

export async function run(args: readonly string[]): Promise<number> {
  let config;
  try {
    config = loadConfig({ ...process.env, ...parseArgs(args) });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`contingency-api serve: ${error.message}\n`);
    return 1;
  }
  let server;
  try {
    server = await startServer(config);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(`contingency-api serve: cannot listen on ${config.host}:${config.port}: ${code ?? (error as Error).message}\n`);
    return 1;
  }
  const running = server;
  return new Promise<number>((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (stopping) {
        process.stderr.write(`contingency-api serve: second ${signal}, exiting now\n`);
        process.exit(1);
      }
      stopping = true;
      running.close().then(
        () => {
          process.off('SIGTERM', onSignal);
          process.off('SIGINT', onSignal);
          resolve(0);
        },
        (error: unknown) => {
          process.stderr.write(`contingency-api serve: shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
          resolve(1);
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
