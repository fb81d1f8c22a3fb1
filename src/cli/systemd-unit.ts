/**
 * `contingency-api systemd-unit`: prints a hardened systemd service unit for this install —
 * the absolute path of the running node and of this install's dist/src/cli/main.js, a
 * throw-away system user (DynamicUser), a read-only file system, no capabilities, a memory
 * ceiling, restart on failure, and a stop timeout longer than the service's own graceful
 * shutdown (SHUTDOWN_TIMEOUT_MS). Values are validated by the service's own configuration
 * reader (src/server/config.ts), so a unit that prints is a unit whose service starts.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.js';

export const summary = 'print a hardened systemd unit that runs this install as a service';

/** This install's entry point (dist/src/cli/main.js) and its root (three levels above dist/src/cli). */
export const ENTRY_POINT = fileURLToPath(new URL('./main.js', import.meta.url));
export const INSTALL_ROOT = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');

const DEFAULTS = {
  host: '127.0.0.1',
  port: '8080',
  'rate-limit': '30',
  'trust-proxy': '0',
  'memory-max': '512M',
  'log-level': 'info',
  'shutdown-timeout-ms': '10000',
} as const;

/** Seconds systemd waits after SIGTERM beyond the service's own shutdown deadline. */
const STOP_MARGIN_SECONDS = 5;

export const help = `Usage: contingency-api systemd-unit [options] > /etc/systemd/system/contingency-api.service

Prints a hardened systemd unit that runs \`${process.execPath} ${ENTRY_POINT} serve\`
(this node and this install) under a dynamic, unprivileged user with a read-only file system.
Then: systemctl daemon-reload && systemctl enable --now contingency-api

Options (all but --memory-max become Environment= lines of the unit)
  --host HOST              address to bind (default ${DEFAULTS.host})
  --port PORT              port to bind, 1-65535 (default ${DEFAULTS.port}; below 1024 adds CAP_NET_BIND_SERVICE)
  --public-base-url URL    public base URL used in links, e.g. https://stats.example.org
                           (default: unset, so the service uses http://HOST:PORT)
  --rate-limit N           RATE_LIMIT_PER_MINUTE: analysis requests per client IP per 60 s, 0 = off (default ${DEFAULTS['rate-limit']})
  --trust-proxy N          TRUST_PROXY: reverse proxies in front of the service (1 behind nginx; default ${DEFAULTS['trust-proxy']})
  --fisher-threads N       FISHER_THREADS: exact-test worker threads (default: all CPUs)
  --log-level LEVEL        LOG_LEVEL: debug, info, warn, error or silent (default ${DEFAULTS['log-level']})
  --shutdown-timeout-ms MS SHUTDOWN_TIMEOUT_MS: grace period for in-flight requests (default ${DEFAULTS['shutdown-timeout-ms']});
                           TimeoutStopSec is this plus ${STOP_MARGIN_SECONDS} s
  --memory-max SIZE        MemoryMax= of the unit, e.g. 512M, 2G (default ${DEFAULTS['memory-max']})
  -h, --help               show this help

DynamicUser runs the service as a user that owns nothing: the install must be readable by
every user and must not live under /root or /home (ProtectHome=yes hides them). Install it
under /opt or /usr/local. Warnings about that are printed to stderr, the unit to stdout.`;

export interface UnitOptions {
  nodePath: string;
  entryPoint: string;
  workingDirectory: string;
  env: Record<string, string>;
  publicBaseUrl: string | null;
  memoryMax: string;
  port: number;
  shutdownTimeoutMs: number;
}

const MEMORY_SIZE = /^([0-9]+[KMGT]?|[0-9]{1,3}%|infinity)$/;

/** Quotes a value for a systemd unit line: `%` specifiers escaped, double quotes when needed. */
export function systemdQuote(value: string): string {
  const escaped = value.replace(/%/g, '%%');
  return /^[A-Za-z0-9_.,:/@+=%-]+$/.test(escaped) ? escaped : `"${escaped.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The unit file text. */
export function renderUnit(options: UnitOptions): string {
  const { env } = options;
  const privilegedPort = options.port < 1024;
  const stopSeconds = Math.ceil(options.shutdownTimeoutMs / 1000) + STOP_MARGIN_SECONDS;
  const baseUrl = options.publicBaseUrl ?? `http://${env['HOST']!.includes(':') ? `[${env['HOST']}]` : env['HOST']}:${options.port}`;
  const environment = Object.entries(env).map(([name, value]) => `Environment=${systemdQuote(`${name}=${value}`)}`);
  if (options.publicBaseUrl === null) {
    environment.push('# Set the public address used in links (the default is http://HOST:PORT):', '#Environment=PUBLIC_BASE_URL=https://stats.example.org');
  }
  return [
    '# contingency-api.service, printed by `contingency-api systemd-unit`.',
    '# Install: contingency-api systemd-unit > /etc/systemd/system/contingency-api.service',
    '#          systemctl daemon-reload && systemctl enable --now contingency-api',
    '[Unit]',
    'Description=contingency-api: statistics of aggregate contingency tables (JSON API)',
    `Documentation=${systemdQuote(`${baseUrl}/docs`)}`,
    'After=network.target',
    '',
    '[Service]',
    'Type=exec',
    `ExecStart=${systemdQuote(options.nodePath)} ${systemdQuote(options.entryPoint)} serve`,
    `WorkingDirectory=${systemdQuote(options.workingDirectory)}`,
    ...environment,
    'Restart=on-failure',
    'RestartSec=2s',
    '# SIGTERM starts the graceful shutdown (in-flight requests finish within SHUTDOWN_TIMEOUT_MS).',
    'KillSignal=SIGTERM',
    `TimeoutStopSec=${stopSeconds}s`,
    `MemoryMax=${options.memoryMax}`,
    '',
    '# Sandbox: a throw-away user, nothing writable, no devices, no capabilities.',
    'DynamicUser=yes',
    'NoNewPrivileges=yes',
    'ProtectSystem=strict',
    'ProtectHome=yes',
    'PrivateTmp=yes',
    'PrivateDevices=yes',
    'PrivateMounts=yes',
    'ProtectKernelTunables=yes',
    'ProtectKernelModules=yes',
    'ProtectKernelLogs=yes',
    'ProtectControlGroups=yes',
    'ProtectClock=yes',
    'ProtectHostname=yes',
    'ProtectProc=invisible',
    'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX',
    'RestrictNamespaces=yes',
    'RestrictRealtime=yes',
    'RestrictSUIDSGID=yes',
    'LockPersonality=yes',
    'RemoveIPC=yes',
    'UMask=0077',
    `CapabilityBoundingSet=${privilegedPort ? 'CAP_NET_BIND_SERVICE' : ''}`,
    `AmbientCapabilities=${privilegedPort ? 'CAP_NET_BIND_SERVICE' : ''}`,
    'SystemCallArchitectures=native',
    'SystemCallFilter=@system-service',
    'SystemCallFilter=~@privileged',
    'SystemCallErrorNumber=EPERM',
    "# MemoryDenyWriteExecute stays off: V8's JIT compiler needs writable executable memory.",
    '',
    '[Install]',
    'WantedBy=multi-user.target',
    '',
  ].join('\n');
}

/** Reasons the dynamic user could not run this install (each a sentence for stderr). */
export function accessWarnings(files: readonly string[]): string[] {
  const warnings: string[] = [];
  for (const file of files) {
    if (/^\/(root|home)(\/|$)/.test(file)) {
      warnings.push(`${file} is under /root or /home, which ProtectHome=yes hides from the service: install under /opt or /usr/local.`);
      continue;
    }
    let dir = path.dirname(file);
    for (;;) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) warnings.push(`${dir} is not searchable by other users (chmod o+x), so the dynamic user cannot reach ${file}.`);
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    if ((statSync(file).mode & 0o004) === 0) warnings.push(`${file} is not readable by other users (chmod o+r).`);
  }
  return [...new Set(warnings)];
}

export interface UnitCommandOutput {
  code: number;
  stdout: string;
  stderr: string;
}

function failure(message: string): UnitCommandOutput {
  return { code: 2, stdout: '', stderr: `contingency-api systemd-unit: ${message}\nRun \`contingency-api systemd-unit --help\` for the options.\n` };
}

/** Builds the unit for the given arguments without touching the process streams. */
export function execute(args: readonly string[]): UnitCommandOutput {
  let values;
  try {
    const parsed = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string', default: DEFAULTS.host },
        port: { type: 'string', default: DEFAULTS.port },
        'public-base-url': { type: 'string' },
        'rate-limit': { type: 'string', default: DEFAULTS['rate-limit'] },
        'trust-proxy': { type: 'string', default: DEFAULTS['trust-proxy'] },
        'fisher-threads': { type: 'string' },
        'log-level': { type: 'string', default: DEFAULTS['log-level'] },
        'shutdown-timeout-ms': { type: 'string', default: DEFAULTS['shutdown-timeout-ms'] },
        'memory-max': { type: 'string', default: DEFAULTS['memory-max'] },
      },
    });
    values = parsed.values;
  } catch (error) {
    return failure(error instanceof Error ? error.message : String(error));
  }
  const env: Record<string, string> = {
    HOST: values.host!,
    PORT: values.port!,
    RATE_LIMIT_PER_MINUTE: values['rate-limit']!,
    TRUST_PROXY: values['trust-proxy']!,
    LOG_LEVEL: values['log-level']!,
    SHUTDOWN_TIMEOUT_MS: values['shutdown-timeout-ms']!,
  };
  if (values['fisher-threads'] !== undefined) env['FISHER_THREADS'] = values['fisher-threads'];
  if (values['public-base-url'] !== undefined) env['PUBLIC_BASE_URL'] = values['public-base-url'];
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return failure(error.message);
    throw error;
  }
  if (config.port === 0) return failure('--port must be from 1 to 65535 for a service.');
  const memoryMax = values['memory-max']!;
  if (!MEMORY_SIZE.test(memoryMax)) return failure(`--memory-max must be a size such as 512M or 2G, got "${memoryMax}".`);
  const unit = renderUnit({
    nodePath: process.execPath,
    entryPoint: ENTRY_POINT,
    workingDirectory: INSTALL_ROOT,
    env,
    publicBaseUrl: config.publicBaseUrl,
    memoryMax,
    port: config.port,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  });
  const warnings = accessWarnings([process.execPath, ENTRY_POINT]).map((w) => `warning: ${w}\n`);
  return { code: 0, stdout: unit, stderr: warnings.join('') };
}

export async function run(args: readonly string[]): Promise<number> {
  const output = execute(args);
  process.stdout.write(output.stdout);
  process.stderr.write(output.stderr);
  return output.code;
}
