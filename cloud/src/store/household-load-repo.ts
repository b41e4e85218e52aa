// Household load readings (issue 20): whole-home watts per instant, and their half-hour means.
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/** The mean of one account's readings over one UTC half hour. */
export interface HalfHourMean {
  userId: string;
  /** Start of the half hour (UTC, on a :00 or :30 boundary). */
  start: Date;
  meanWatts: number;
}

const INSERT_SQL = `
  INSERT INTO household_load_readings (user_id, ts, watts)
  SELECT $1, t.ts, t.watts FROM unnest($2::timestamptz[], $3::float8[]) AS t(ts, watts)
  ON CONFLICT (user_id, ts) DO UPDATE SET watts = EXCLUDED.watts`;

// Half hours by epoch: local slots are mapped from these by the slot grid (domain), not in SQL.
const MEANS_SQL = `
  SELECT user_id, to_timestamp(floor(extract(epoch FROM ts) / 1800) * 1800) AS start, avg(watts) AS mean_watts
    FROM household_load_readings
   WHERE user_id = ANY($1::uuid[]) AND ts >= $2 AND ts < $3
   GROUP BY user_id, 2
   ORDER BY user_id, 2`;

export function createHouseholdLoadRepo(db: Sequelize) {
  return {
    /** Stores a batch (a repeated instant keeps its newest value); one statement. */
    async insert(userId: string, readings: readonly { ts: Date; watts: number }[], opts: { transaction: Transaction }): Promise<void> {
      // The last value of an instant repeated within the batch wins (ON CONFLICT cannot touch a row twice).
      const byTs = new Map(readings.map((r) => [r.ts.getTime(), r.watts]));
      await db.query(INSERT_SQL, { bind: [userId, [...byTs.keys()].map((t) => new Date(t)), [...byTs.values()]], transaction: opts.transaction });
    },

    /** The newest reading's instant, or null. */
    async newest(userId: string, opts: { transaction: Transaction }): Promise<Date | null> {
      const [row] = await db.query<{ ts: Date | null }>('SELECT max(ts) AS ts FROM household_load_readings WHERE user_id = $1', { bind: [userId], type: QueryTypes.SELECT, transaction: opts.transaction });
      return row?.ts ? new Date(row.ts) : null;
    },

    /** Half-hour means of each account's readings in [since, until). */
    async halfHourMeans(userIds: readonly string[], since: Date, until: Date): Promise<HalfHourMean[]> {
      if (userIds.length === 0) return [];
      const rows = await db.query<{ user_id: string; start: Date; mean_watts: number }>(MEANS_SQL, { bind: [userIds, since, until], type: QueryTypes.SELECT });
      return rows.map((r) => ({ userId: r.user_id, start: new Date(r.start), meanWatts: Number(r.mean_watts) }));
    },
  };
}

export type HouseholdLoadRepo = ReturnType<typeof createHouseholdLoadRepo>;
