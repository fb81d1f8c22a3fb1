/**
 * In-process sliding-window-log rate limiter (service description "Limits": 30 requests per
 * minute per client IP over a 60-second sliding window; the MCP endpoint uses its own instance
 * with 60). Each client keeps the times of its recorded hits inside the window.
 *
 * - An allowed request is recorded. A rejected one (429) is NOT recorded: counting it would
 *   keep refilling the window and a client retrying too early would never be let back in.
 * - `remaining` is what is left after this request (0..limit-1); `resetSeconds` is the ceiling
 *   of the seconds until the oldest retained hit leaves the window (on a 429 that is when the
 *   next slot frees up, so it is >= 1 and equals Retry-After).
 * - Memory is bounded: clients whose hits have all expired are forgotten, and at `maxClients`
 *   the least recently recorded client is evicted. The table is kept in order of each
 *   client's last recorded hit, so both are O(1) amortized from the front of the Map.
 */
import type { ServerResponse } from 'node:http';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export interface SlidingWindowOptions {
  /** Requests allowed per window (>= 1). */
  limit: number;
  windowMs: number;
  /** Clock in milliseconds; injected by tests. */
  now: () => number;
  /** Most clients remembered at once (default 100000). */
  maxClients?: number;
}

export const DEFAULT_MAX_CLIENTS = 100_000;

export class SlidingWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly maxClients: number;
  readonly #now: () => number;
  /** Hit times per client, oldest first; Map order = order of each client's last hit. */
  readonly #clients = new Map<string, number[]>();

  constructor(options: SlidingWindowOptions) {
    const { limit, windowMs, now, maxClients = DEFAULT_MAX_CLIENTS } = options;
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be an integer >= 1, got ${limit}`);
    if (!(windowMs > 0) || !Number.isFinite(windowMs)) throw new RangeError(`windowMs must be a positive number, got ${windowMs}`);
    if (!Number.isSafeInteger(maxClients) || maxClients < 1) throw new RangeError(`maxClients must be an integer >= 1, got ${maxClients}`);
    this.limit = limit;
    this.windowMs = windowMs;
    this.maxClients = maxClients;
    this.#now = now;
  }

  /** Number of clients currently remembered. */
  get size(): number {
    return this.#clients.size;
  }

  /** Counts one request of `key` if a slot is free, and says what to answer. */
  hit(key: string): RateLimitDecision {
    const now = this.#now();
    const horizon = now - this.windowMs;
    this.#forgetIdle(horizon);

    let log = this.#clients.get(key);
    if (log !== undefined) {
      while (log.length > 0 && log[0]! <= horizon) log.shift();
      if (log.length >= this.limit) {
        return { allowed: false, limit: this.limit, remaining: 0, resetSeconds: this.#secondsUntilExpiry(log[0]!, now) };
      }
      this.#clients.delete(key);
    } else {
      log = [];
      if (this.#clients.size >= this.maxClients) this.#evictOldest();
    }
    log.push(now);
    this.#clients.set(key, log);
    return {
      allowed: true,
      limit: this.limit,
      remaining: this.limit - log.length,
      resetSeconds: this.#secondsUntilExpiry(log[0]!, now),
    };
  }

  #secondsUntilExpiry(hitTime: number, now: number): number {
    return Math.max(1, Math.ceil((hitTime + this.windowMs - now) / 1000));
  }

  /** Drops clients whose newest hit has left the window (they sit at the front). */
  #forgetIdle(horizon: number): void {
    for (const [key, log] of this.#clients) {
      const newest = log[log.length - 1];
      if (newest !== undefined && newest > horizon) return;
      this.#clients.delete(key);
    }
  }

  #evictOldest(): void {
    const oldest = this.#clients.keys().next();
    if (oldest.done !== true) this.#clients.delete(oldest.value);
  }
}

/** The RateLimit-* headers of a decision, plus Retry-After when it was rejected. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, number> {
  const headers: Record<string, number> = {
    'RateLimit-Limit': decision.limit,
    'RateLimit-Remaining': decision.remaining,
    'RateLimit-Reset': decision.resetSeconds,
  };
  if (!decision.allowed) headers['Retry-After'] = decision.resetSeconds;
  return headers;
}

/** Sets the headers of `rateLimitHeaders` on a response that has not been sent yet. */
export function writeRateLimitHeaders(res: ServerResponse, decision: RateLimitDecision): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) res.setHeader(name, value);
}
