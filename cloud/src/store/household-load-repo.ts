// Household load readings: whole-home watts per instant, and the household's own load per half hour.
import { chargedInsertSql, WHEN_CHARGED, type CeilingCharge } from './reading-ceiling-sql.js';
import type { Sql } from './sql.js';

/** One UTC half hour of an account's whole-home readings. */
export interface HalfHourMean {
  userId: string;
  /** Start of the half hour (UTC, on a :00 or :30 boundary). */
  start: Date;
  /** The household's own load: the whole-home mean less the appliances' metered power. */
  meanWatts: number;
  /**
   * What the home consumed before solar: the whole-home mean less only a home battery's metered
   * power (a battery stores and delivers; a car, heat pump or tank consumes).
   */
  consumedWatts: number;
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
const HALF_HOUR = (ts: string) => `to_timestamp(floor(extract(epoch FROM ${ts}) / 1800) * 1800)`;
/** Each appliance's mean metered power per half hour, of the accounts with whole-home readings. */
const meteredSql = (table: string, types: string) => `
    SELECT a.user_id, ${HALF_HOUR('r.ts')} AS start, avg(r.power_watts) AS mean_watts, a.appliance_type = 'home_battery' AS stores
      FROM appliances a JOIN ${table} r ON r.appliance_id = a.id
     WHERE a.user_id IN (SELECT user_id FROM home) AND ${types} AND r.power_watts IS NOT NULL AND r.ts >= $2 AND r.ts < $3
     GROUP BY a.user_id, a.id, 2, 4`;

// The household's own load: the whole-home mean less the mean metered power (`power_watts`) of
// each appliance the plans count a flow for (every type but a solar array and a dehumidifier) in
// the same half hour (a battery delivering counts negative), never below 0 (docs/home-plan.md
// "The household's own load").
const MEANS_SQL = `
  WITH home AS (
    SELECT user_id, ${HALF_HOUR('ts')} AS start, avg(watts) AS mean_watts
      FROM household_load_readings
     WHERE user_id = ANY($1::uuid[]) AND ts >= $2 AND ts < $3
     GROUP BY user_id, 2
  ), metered AS (${meteredSql('appliance_readings', "a.appliance_type <> 'solar'")}
    UNION ALL${meteredSql('hvac_readings', "a.appliance_type = 'hvac'")}
  )
  SELECT h.user_id, h.start, greatest(0, h.mean_watts - coalesce(sum(m.mean_watts), 0)) AS mean_watts,
         greatest(0, h.mean_watts - coalesce(sum(m.mean_watts) FILTER (WHERE m.stores), 0)) AS consumed_watts
    FROM home h LEFT JOIN metered m ON m.user_id = h.user_id AND m.start = h.start
   GROUP BY h.user_id, h.start, h.mean_watts
   ORDER BY h.user_id, h.start`;

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

    /** The household's own load per half hour of each account's readings in [since, until). */
    async halfHourMeans(userIds: readonly string[], since: Date, until: Date): Promise<HalfHourMean[]> {
      if (userIds.length === 0) return [];
      const rows = await sql.rows<{ user_id: string; start: Date; mean_watts: number; consumed_watts: number }>(MEANS_SQL, [userIds, since, until]);
      return rows.map((r) => ({ userId: r.user_id, start: new Date(r.start), meanWatts: Number(r.mean_watts), consumedWatts: Number(r.consumed_watts) }));
    },
  };
}

export type HouseholdLoadRepo = ReturnType<typeof createHouseholdLoadRepo>;
