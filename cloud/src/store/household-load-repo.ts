// Household load readings: whole-home watts per instant, and their half-hour means.
import { chargedInsertSql, WHEN_CHARGED, type CeilingCharge } from './reading-ceiling-sql.js';
import type { Sql } from './sql.js';

/** The mean of one account's readings over one UTC half hour. */
export interface HalfHourMean {
  userId: string;
  /** Start of the half hour (UTC, on a :00 or :30 boundary). */
  start: Date;
  meanWatts: number;
}

// The batch, charged against the daily reading ceiling in the same statement ($1 user, $2 day,
// $3 batch size, $4 ceiling), with the newest instant stored before it (the statement's snapshot).
const CHARGED_INSERT_SQL = chargedInsertSql(
  `
  INSERT INTO household_load_readings (user_id, ts, watts)
  SELECT $1, t.ts, t.watts FROM unnest($5::timestamptz[], $6::float8[]) AS t(ts, watts) WHERE ${WHEN_CHARGED}
  ON CONFLICT (user_id, ts) DO UPDATE SET watts = EXCLUDED.watts`,
  '(SELECT max(ts) FROM household_load_readings WHERE user_id = $1) AS newest',
);

// Half hours by epoch: local slots are mapped from these by the slot grid (domain), not in SQL.
const MEANS_SQL = `
  SELECT user_id, to_timestamp(floor(extract(epoch FROM ts) / 1800) * 1800) AS start, avg(watts) AS mean_watts
    FROM household_load_readings
   WHERE user_id = ANY($1::uuid[]) AND ts >= $2 AND ts < $3
   GROUP BY user_id, 2
   ORDER BY user_id, 2`;

export function createHouseholdLoadRepo(sql: Sql) {
  return {
    /**
     * Charges the account's reading counter and stores the batch (a repeated instant keeps its
     * newest value) in one statement: the counter's new total (null when the batch would pass the
     * ceiling: nothing stored or counted) and the newest instant stored before this batch.
     */
    async insertCharged(readings: readonly { ts: Date; watts: number }[], charge: CeilingCharge): Promise<{ total: number | null; newestBefore: Date | null }> {
      // The last value of an instant repeated within the batch wins (ON CONFLICT cannot touch a row twice).
      const byTs = new Map(readings.map((r) => [r.ts.getTime(), r.watts]));
      const [row] = await sql.rows<{ total: number | null; newest: Date | null }>(CHARGED_INSERT_SQL, [
        charge.userId,
        charge.day,
        readings.length,
        charge.ceiling,
        [...byTs.keys()].map((t) => new Date(t)),
        [...byTs.values()],
      ]);
      return { total: row?.total ?? null, newestBefore: row?.newest ? new Date(row.newest) : null };
    },

    /** Half-hour means of each account's readings in [since, until). */
    async halfHourMeans(userIds: readonly string[], since: Date, until: Date): Promise<HalfHourMean[]> {
      if (userIds.length === 0) return [];
      const rows = await sql.rows<{ user_id: string; start: Date; mean_watts: number }>(MEANS_SQL, [userIds, since, until]);
      return rows.map((r) => ({ userId: r.user_id, start: new Date(r.start), meanWatts: Number(r.mean_watts) }));
    },
  };
}

export type HouseholdLoadRepo = ReturnType<typeof createHouseholdLoadRepo>;
