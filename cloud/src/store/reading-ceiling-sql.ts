// The daily reading ceiling in SQL (docs/readings-and-link-health.md, docs/performance.md): one
// statement charges the account's counter and stores the batch, or does neither. It replaced a
// transaction of five round trips (BEGIN, counter upsert, SET LOCAL, INSERT, COMMIT).
import { ASYNC_COMMIT_CTE } from './sql.js';

/** Whose counter, which UTC day, and the most it may reach (domain/readings/daily-ceiling.ts). */
export interface CeilingCharge {
  userId: string;
  day: string;
  ceiling: number;
}

/** The condition the batch's INSERT ... SELECT must carry: it stores rows only once the counter took them. */
export const WHEN_CHARGED = 'EXISTS (SELECT 1 FROM charged)';

/**
 * `insert` (an INSERT ... SELECT ... WHERE WHEN_CHARGED whose bind parameters start at $5) run only when the counter of ($1 user,
 * $2 day) can take $3 more without passing $4; answers one row: `total`, the counter after it, or
 * null when refused (and `alsoSelect`'s columns, read in the statement's snapshot: before the insert). The upsert locks the counter row until the statement commits, so concurrent
 * pushes of one account queue on it and each sees the total the previous one committed. Telemetry:
 * the statement commits asynchronously (readings-repo.ts).
 */
export function chargedInsertSql(insert: string, alsoSelect?: string): string {
  if (!insert.includes(WHEN_CHARGED)) throw new Error('chargedInsertSql: the insert must select WHERE WHEN_CHARGED');
  return `WITH async_commit AS (${ASYNC_COMMIT_CTE}),
    charged AS (
      INSERT INTO reading_counts AS rc (user_id, day, count)
      SELECT $1::uuid, $2::date, $3::int FROM async_commit WHERE $3::int <= $4::bigint
      ON CONFLICT (user_id, day) DO UPDATE SET count = rc.count + EXCLUDED.count
        WHERE rc.count + EXCLUDED.count <= $4::bigint
      RETURNING count),
    stored AS (${insert} RETURNING 1)
  SELECT ${alsoSelect ? `${alsoSelect}, ` : ''}(SELECT count FROM charged) AS total, (SELECT count(*) FROM stored)::int AS stored`;
}
