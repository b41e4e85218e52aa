// A fixed-window counter per key, in memory, for the recompute limit (issue 12.6). The shape is
// the one of the PostgreSQL-backed limiter the auth hardening brings (`consume(key, limit,
// windowMs)`), which counts across instances and will replace this one; in memory, each instance
// counts its own calls.

/** The verdict on one call: allowed, or denied with the seconds until the window resets. */
export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

export interface Limiter {
  /** Counts one call for `key` against `limit` calls per `windowMs`; a `limit` of 0 allows everything. */
  consume(key: string, limit: number, windowMs: number): Promise<LimitVerdict>;
}

/** An in-memory fixed-window limiter; `now` is injectable for tests. */
export function createWindowLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, { startMs: number; count: number }>();
  return {
    async consume(key, limit, windowMs) {
      if (limit === 0) return { allowed: true };
      const t = now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (t - w.startMs >= windowMs) windows.delete(k);
      let w = windows.get(key);
      if (!w || t - w.startMs >= windowMs) windows.set(key, (w = { startMs: t, count: 0 }));
      if (w.count >= limit) return { allowed: false, retryAfterS: Math.max(1, Math.ceil((w.startMs + windowMs - t) / 1000)) };
      w.count += 1;
      return { allowed: true };
    },
  };
}
