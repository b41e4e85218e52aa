import { log } from '../log.js';
import type { Store } from '../store/index.js';

/** One limit: at most `limit` events per `windowMs` for `key`. `limit` 0 turns it off. */
export interface RateLimit {
  /** Namespaced by its user, e.g. `auth:ip:203.0.113.7`, `recompute:account:<user id>`. */
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  /** False when any of the limits was already used up (the event is counted all the same). */
  allowed: boolean;
  /** Whole seconds until the latest of the used-up windows ends; 0 when allowed. */
  retryAfterS: number;
}

/**
 * How often one instance sweeps ended windows and how many rows one sweep deletes; after a full
 * sweep (keys churning faster, e.g. attempts at many emails) the next comes a second later.
 */
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BACKLOG_INTERVAL_MS = 1_000;
const SWEEP_MAX_ROWS = 1_000;

/**
 * Fixed-window rate limits counted in PostgreSQL, so they hold across every cloud instance. Each
 * call counts its events with one atomic upsert (one round trip), before the guarded work runs, so
 * concurrent requests cannot all slip under a limit. Ended windows are deleted by a bounded sweep
 * (1,000 rows) that one call a minute per instance runs after counting, one a second while a
 * backlog remains.
 *
 *   const v = await rateLimiter.consume(`recompute:account:${userId}`, 10, 60_000);
 *   if (!v.allowed) throw tooManyRequests(`... try again in ${v.retryAfterS} seconds`, v.retryAfterS);
 */
export function createRateLimiter(store: Pick<Store, 'rateLimits'>, opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  let nextSweepAt = 0;

  async function sweep(): Promise<number> {
    try {
      return await store.rateLimits.deleteExpired(SWEEP_MAX_ROWS);
    } catch (err) {
      log('rate-limiter').warn({ err }, 'sweeping ended rate-limit windows failed');
      return 0;
    }
  }

  /** Counts one event against each limit at once; the verdict covers them all. */
  async function consumeAll(limits: readonly RateLimit[]): Promise<RateLimitVerdict> {
    const active = limits.filter((l, i) => l.limit > 0 && limits.findIndex((x) => x.key === l.key) === i);
    if (active.length === 0) return { allowed: true, retryAfterS: 0 };
    const hits = await store.rateLimits.hit(active.map((l) => ({ key: l.key, windowMs: l.windowMs })));
    if (now() >= nextSweepAt) {
      nextSweepAt = now() + SWEEP_INTERVAL_MS;
      if ((await sweep()) === SWEEP_MAX_ROWS) nextSweepAt = now() + SWEEP_BACKLOG_INTERVAL_MS;
    }
    let retryAfterS = 0;
    for (const l of active) {
      const h = hits.find((x) => x.key === l.key);
      if (h && h.hits > l.limit) retryAfterS = Math.max(retryAfterS, h.retryAfterS);
    }
    return { allowed: retryAfterS === 0, retryAfterS };
  }

  return {
    consumeAll,
    /** Counts one event for `key`: allowed while at most `limit` events fall in its current window. */
    consume: (key: string, limit: number, windowMs: number) => consumeAll([{ key, limit, windowMs }]),
    /** Takes back one event counted for `key` in its current window (e.g. a login that succeeded). */
    refund: (key: string) => store.rateLimits.refund(key),
    /** Deletes ended windows now (at most 1,000 rows); returns how many. */
    sweep,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
