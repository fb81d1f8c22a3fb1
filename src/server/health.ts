/**
 * GET/HEAD /api/health: the HealthReport of the service description (schemaVersion 3).
 * 200 when operational, 503 when degraded, `Cache-Control: no-store, max-age=0` on both.
 *
 * The statistics check runs the known-answer table through the real pool (self-check.ts).
 * Its outcome is cached for SELF_CHECK_TTL_MS and concurrent requests share one run, so a
 * flood of health requests costs at most one pool task per TTL. When the pool is saturated
 * (or the check does not finish within SELF_CHECK_TIMEOUT_MS) the last completed outcome is
 * reported, so health still answers under overload.
 */
import type { FisherRunner } from '../api/analyze.js';
import { APPLICATION_VERSION } from './app-version.js';
import type { BuildMetadata, ServerConfig } from './config.js';
import type { RouteHandler } from './context.js';
import { RELEASE_CONTRACT } from './release-contract.js';
import { sendJson } from './respond.js';
import { runSelfCheck, type SelfCheckOutcome } from './self-check.js';

export const SERVICE_NAME = 'contingency-api';
export const SELF_CHECK_TTL_MS = 5_000;
export const SELF_CHECK_TIMEOUT_MS = 2_000;

type Status = 'operational' | 'degraded';

export interface HealthDeps {
  config: ServerConfig;
  runFisher: FisherRunner;
  docsUrl: string;
  now: () => number;
  /** True once graceful shutdown has begun: the runtime reports degraded. */
  shuttingDown: () => boolean;
  /** Load of the exact-test pool, for the runtime check's detail. */
  poolLoad: () => { threads: number; capacity: number; inFlight: number };
}

export interface HealthCheck {
  id: 'application_runtime' | 'statistics_engine';
  name: string;
  status: Status;
  detail: string;
}

function buildBlock(build: BuildMetadata) {
  const provided = Object.values(build).some((value) => value !== null);
  return {
    ...build,
    applicationVersion: APPLICATION_VERSION,
    provenance: {
      confidence: provided ? ('metadata_only' as const) : ('unverified' as const),
      limitations: provided
        ? [
            'Deployment and source fields are copied from environment variables set by the deployer (DEPLOYMENT_ID, DEPLOYMENT_URL, SOURCE_REVISION, SOURCE_BRANCH); they are not verified against the running code.',
            'The release is not signed or attested, so the metadata is a claim, not proof of provenance.',
          ]
        : [
            'The deployer set no build metadata (DEPLOYMENT_ID, DEPLOYMENT_URL, SOURCE_REVISION, SOURCE_BRANCH), so the running code cannot be tied to a deployment or source revision.',
            'applicationVersion is the version in package.json and does not identify a commit.',
          ],
    },
  };
}

export interface Health {
  handler: RouteHandler;
  /** Runs the statistics self-check now (or joins a run in progress) and caches its outcome. */
  refresh(): Promise<SelfCheckOutcome>;
  report(): Promise<{ status: Status; body: Record<string, unknown> }>;
}

export function createHealth(deps: HealthDeps): Health {
  const { config, runFisher, docsUrl, now } = deps;
  const build = buildBlock(config.build);
  const startedAt = now();
  let cached: { at: number; outcome: SelfCheckOutcome } | null = null;
  let lastCompleted: { at: number; outcome: SelfCheckOutcome } | null = null;
  let running: Promise<SelfCheckOutcome> | null = null;

  const withTimeout = (check: Promise<SelfCheckOutcome>): Promise<SelfCheckOutcome> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<SelfCheckOutcome>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, overloaded: true, detail: `The known-answer test did not finish within ${SELF_CHECK_TIMEOUT_MS} ms.` }),
        SELF_CHECK_TIMEOUT_MS,
      );
      timer.unref();
    });
    return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
  };

  const refresh = (): Promise<SelfCheckOutcome> => {
    running ??= withTimeout(runSelfCheck(runFisher, docsUrl))
      .then((fresh) => {
        const at = now();
        if (!fresh.overloaded) lastCompleted = { at, outcome: fresh };
        const fallback = fresh.overloaded ? lastCompleted : null;
        const outcome: SelfCheckOutcome =
          fallback === null
            ? fresh
            : {
                ...fallback.outcome,
                detail: `${fallback.outcome.detail} (last completed at ${new Date(fallback.at).toISOString()}; a new run could not start: ${fresh.detail})`,
              };
        cached = { at, outcome };
        return outcome;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const statisticsCheck = async (): Promise<SelfCheckOutcome> => {
    if (cached !== null && now() - cached.at < SELF_CHECK_TTL_MS) return cached.outcome;
    return refresh();
  };

  const runtimeCheck = (): HealthCheck => {
    const load = deps.poolLoad();
    const uptime = Math.floor((now() - startedAt) / 1000);
    const closing = deps.shuttingDown();
    return {
      id: 'application_runtime',
      name: 'Application runtime',
      status: closing ? 'degraded' : 'operational',
      detail: `${closing ? 'Shutting down; not accepting new connections. ' : ''}Node.js ${process.version}, up ${uptime} s; exact-test pool of ${load.threads} threads with ${load.inFlight} of ${load.capacity} task slots in use.`,
    };
  };

  const report = async (): Promise<{ status: Status; body: Record<string, unknown> }> => {
    const statistics = await statisticsCheck();
    const checks: HealthCheck[] = [
      runtimeCheck(),
      {
        id: 'statistics_engine',
        name: 'Statistics engine known-answer test',
        status: statistics.ok ? 'operational' : 'degraded',
        detail: statistics.detail,
      },
    ];
    const status: Status = checks.every((check) => check.status === 'operational') ? 'operational' : 'degraded';
    return {
      status,
      body: {
        schemaVersion: 3,
        service: SERVICE_NAME,
        status,
        checkedAt: new Date(now()).toISOString(),
        build,
        trustReadiness: RELEASE_CONTRACT,
        checks,
      },
    };
  };

  const handler: RouteHandler = async ({ res }) => {
    const { status, body } = await report();
    sendJson(res, status === 'operational' ? 200 : 503, body, { headers: { 'Cache-Control': 'no-store, max-age=0' } });
  };

  return { handler, refresh, report };
}
