import type { Migration } from './index.js';

/**
 * Rate-limit counters shared by every cloud instance (services/rate-limiter.ts): one row per key
 * and fixed window, counted with one atomic upsert. UNLOGGED: no WAL and no fsync per counted
 * event; a crash of PostgreSQL empties the table, which only restarts the current windows.
 */
export const rateLimits: Migration = {
  name: '0007-rate-limits',
  up: [
    `CREATE UNLOGGED TABLE rate_limit_counters (
       key text PRIMARY KEY,
       hits integer NOT NULL,
       expires_at timestamptz NOT NULL
     )`,
    // The sweep deletes windows that have ended; counting within a window leaves expires_at (and
    // so this index) untouched, which keeps those updates HOT.
    `CREATE INDEX rate_limit_counters_expiry ON rate_limit_counters (expires_at)`,
  ],
};
