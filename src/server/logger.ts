/**
 * Structured logs: one JSON object per line ({time, level, msg, ...fields}), filtered by
 * LOG_LEVEL. Callers never pass URLs or query strings (GET counts live in the query).
 */
import type { LogLevel } from './config.js';

export type LogFields = Record<string, string | number | boolean | null>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LineSink = (line: string) => void;

const stdoutSink: LineSink = (line) => {
  process.stdout.write(line + '\n');
};

export function createLogger(level: LogLevel, sink: LineSink = stdoutSink, now: () => number = Date.now): Logger {
  const threshold = RANK[level];
  const emit = (lineLevel: Exclude<LogLevel, 'silent'>) =>
    RANK[lineLevel] < threshold
      ? () => {}
      : (msg: string, fields?: LogFields) => {
          sink(JSON.stringify({ time: new Date(now()).toISOString(), level: lineLevel, msg, ...fields }));
        };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
