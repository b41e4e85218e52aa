import { QueryTypes, type Sequelize } from 'sequelize';

export interface CounterHit {
  key: string;
  /** Events counted in the key's current window, this one included. */
  hits: number;
  /** Whole seconds until the key's current window ends (at least 1). */
  retryAfterS: number;
}

/**
 * Fixed-window counters in `rate_limit_counters`, on the database clock so that every instance
 * agrees. A window starts at a key's first event and lasts its `windowMs`.
 */
export function createRateLimitsRepo(db: Sequelize) {
  return {
    /**
     * Counts one event for each key in one statement (one round trip). Keys are upserted in sorted
     * order, so two statements sharing keys cannot deadlock.
     */
    async hit(counters: readonly { key: string; windowMs: number }[]): Promise<CounterHit[]> {
      const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const rows = await db.query<{ key: string; hits: number; retry_after_s: number }>(
        `INSERT INTO rate_limit_counters AS c (key, hits, expires_at)
         SELECT k, 1, now() + w * interval '1 millisecond'
           FROM unnest($1::text[], $2::float8[]) WITH ORDINALITY AS t(k, w, i)
          ORDER BY i
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.hits + 1 END,
           expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
         RETURNING key, hits, GREATEST(1, ceil(extract(epoch FROM expires_at - now())))::int AS retry_after_s`,
        { bind: [sorted.map((c) => c.key), sorted.map((c) => c.windowMs)], type: QueryTypes.SELECT },
      );
      return rows.map((r) => ({ key: r.key, hits: r.hits, retryAfterS: r.retry_after_s }));
    },

    /** Takes one event back from a key's live window (a login whose password was right). */
    async refund(key: string): Promise<void> {
      await db.query(`UPDATE rate_limit_counters SET hits = hits - 1 WHERE key = $1 AND hits > 0 AND expires_at > now()`, { bind: [key] });
    },

    /** Deletes up to `max` counters whose window has ended; returns how many. */
    async deleteExpired(max: number): Promise<number> {
      const rows = await db.query(
        `DELETE FROM rate_limit_counters WHERE key IN (
           SELECT key FROM rate_limit_counters WHERE expires_at <= now() ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED
         ) RETURNING 1`,
        { bind: [max], type: QueryTypes.SELECT },
      );
      return rows.length;
    },
  };
}

export type RateLimitsRepo = ReturnType<typeof createRateLimitsRepo>;
