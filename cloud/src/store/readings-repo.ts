import type { Transaction } from 'sequelize';
import type { ReadingWindowStats } from '../domain/link-health.js';
import type { PredictedTemperatures } from '../domain/planning/temperature-departure.js';
import type { LocalDate } from '../domain/time/slot-grid.js';
import type { NewApplianceReading, NewHvacReading } from './models/index.js';
import { chargedInsertSql, WHEN_CHARGED, type CeilingCharge } from './reading-ceiling-sql.js';
import type { Sql } from './sql.js';

/** One HVAC of an account with its readings in the link-health window, aggregated. */
export interface HvacWindow {
  applianceId: string;
  name: string;
  stats: ReadingWindowStats;
}

interface WindowRow {
  appliance_id: string;
  name: string;
  sample_count: number;
  last_reading_at: Date | null;
  flat_count: number;
  flat_first_at: Date | null;
  flat_min_f: number | null;
  flat_max_f: number | null;
  satellite_last_contact_at: Date | null;
}

// One pass over each HVAC's window on the (appliance_id, ts) index; FILTER keeps the trailing
// flat-check window in the same scan. Readings stored without an appliance are not part of any link.
// A satellite's last contact rides along (at most one claimed device per appliance, by index).
const WINDOW_SQL = `
  SELECT a.id AS appliance_id, a.name,
         count(r.ts)::int AS sample_count,
         max(r.ts) AS last_reading_at,
         (count(r.ts) FILTER (WHERE r.ts >= $3))::int AS flat_count,
         min(r.ts) FILTER (WHERE r.ts >= $3) AS flat_first_at,
         min(r.indoor_temp) FILTER (WHERE r.ts >= $3) AS flat_min_f,
         max(r.indoor_temp) FILTER (WHERE r.ts >= $3) AS flat_max_f,
         (SELECT coalesce(d.last_seen_at, d.claimed_at) FROM devices d
           WHERE d.appliance_id = a.id AND d.claimed_at IS NOT NULL) AS satellite_last_contact_at
    FROM appliances a
    LEFT JOIN hvac_readings r ON r.appliance_id = a.id AND r.ts > $2 AND r.ts <= $4
   WHERE a.user_id = $1 AND a.appliance_type = 'hvac'
   GROUP BY a.id
   ORDER BY a.created_at, a.id`;

/** What checking an HVAC's indoor temperature against its plan needs (readings.ts). */
export interface IndoorAgainstPlan {
  /** The account's time-zone fields; null before its profile exists. */
  zone: { timezone: string | null; location_zip: string } | null;
  /** Mean indoor temperature of the HVAC's readings in the window, F; null without any. */
  meanF: number | null;
  /** The newest schedule row's predicted temperatures on each asked date that has one. */
  plans: { local_date: LocalDate; predicted: PredictedTemperatures }[];
}

// One statement on the (appliance_id, ts) and (appliance_id, local_date) indexes; of each row only
// the three predicted arrays, the slot it was planned from and the temperature it started from travel.
const INDOOR_AGAINST_PLAN_SQL = `
  SELECT p.user_id IS NOT NULL AS has_profile, p.timezone, p.location_zip,
         (SELECT avg(indoor_temp) FROM hvac_readings
           WHERE appliance_id = $2 AND user_id = $1 AND ts > $3 AND ts <= $4) AS mean_f,
         (SELECT coalesce(json_agg(json_build_object('local_date', d.local_date::text, 'predicted', d.predicted)), '[]')
            FROM (SELECT DISTINCT ON (local_date) local_date,
                         json_build_object('temp_trajectory', schedule->'temp_trajectory',
                                           'trajectory_low_temps', schedule->'trajectory_low_temps',
                                           'trajectory_high_temps', schedule->'trajectory_high_temps',
                                           'from_slot', from_slot,
                                           'start_temp_f', constraints_used->'indoor_temp_f') AS predicted
                    FROM schedules WHERE appliance_id = $2 AND user_id = $1 AND local_date = ANY($5::date[])
                   ORDER BY local_date, created_at DESC, id DESC) d) AS plans
    FROM (SELECT $1::uuid AS id) u LEFT JOIN profiles p ON p.user_id = u.id`;

// Batches go in as one INSERT ... SELECT FROM unnest(arrays): one statement and one round trip
// whatever the batch size, with none of bulkCreate's per-row model building (a 100-reading push
// went from ~60 ms to a few ms).
const HVAC_COLUMNS = [
  ['user_id', 'uuid'],
  ['appliance_id', 'uuid'],
  ['ts', 'timestamptz'],
  ['indoor_temp', 'float8'],
  ['hvac_state', 'text'],
  ['indoor_humidity', 'float8'],
  ['outdoor_temp', 'float8'],
  ['target_temp', 'float8'],
  ['fan_mode', 'text'],
  ['power_watts', 'float8'],
  ['hvac_action', 'text'],
  ['commanded_hvac_mode', 'text'],
  ['commanded_fan_mode', 'text'],
  ['commanded_setpoint', 'float8'],
  ['indoor_source', 'text'],
  ['override_active', 'bool'],
  ['room_target', 'float8'],
  ['target_temp_step', 'float8'],
  ['target_temp_step_unit', 'text'],
  ['client', 'jsonb'],
  ['source', 'text'],
] as const satisfies readonly (readonly [keyof NewHvacReading, string])[];

const APPLIANCE_COLUMNS = [
  ['user_id', 'uuid'],
  ['appliance_id', 'uuid'],
  ['ts', 'timestamptz'],
  ['state', 'text'],
  ['value', 'float8'],
  ['power_watts', 'float8'],
  ['metadata', 'jsonb'],
  ['plugged_in', 'boolean'],
] as const satisfies readonly (readonly [keyof NewApplianceReading, string])[];

/** `INSERT INTO table (...) SELECT ... FROM unnest($first::type[], ...)`: one statement whatever the batch size. */
function unnestInsert<R>(table: string, columns: readonly (readonly [keyof R, string])[], rows: readonly R[], opts: { first?: number; where?: string } = {}) {
  const first = opts.first ?? 1;
  const names = columns.map(([c]) => String(c)).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + first}::${type === 'jsonb' ? 'text' : type}[]`).join(', ');
  const select = columns.map(([c, type]) => (type === 'jsonb' ? `${String(c)}::jsonb` : String(c))).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT ${select} FROM unnest(${arrays}) AS t(${names})${opts.where ? ` WHERE ${opts.where}` : ''}`;
  const bind = columns.map(([c, type]) =>
    rows.map((r) => {
      const v = r[c] as unknown;
      return type === 'jsonb' && v !== null && v !== undefined ? JSON.stringify(v) : (v ?? null);
    }),
  );
  return { sql, bind };
}

// Readings are telemetry sent every few minutes: their statements commit without waiting for the
// WAL flush (PostgreSQL's asynchronous commit). A database crash, never an app crash, can lose the
// last fraction of a second of acknowledged readings; nothing is ever corrupted or half-stored.
// On this project's reference disk a synced commit costs 5-20 ms, most of a push's latency.

/** HVAC and appliance readings, and the daily counter behind the reading ceiling. */
export function createReadingsRepo(sql: Sql) {
  /** Charges the ceiling and stores the batch in one statement (reading-ceiling-sql.ts); the stored total, or null over the ceiling. */
  async function chargedInsert<R>(
    table: string,
    columns: readonly (readonly [keyof R, string])[],
    rows: readonly R[],
    charge: CeilingCharge,
  ): Promise<number | null> {
    const insert = unnestInsert(table, columns, rows, { first: 5, where: WHEN_CHARGED });
    const [row] = await sql.rows<{ total: number | null }>(chargedInsertSql(insert.sql), [
      charge.userId,
      charge.day,
      rows.length,
      charge.ceiling,
      ...insert.bind,
    ]);
    return row?.total ?? null;
  }

  return {
    /**
     * Stores a batch of HVAC readings with one statement that also charges the account's counter
     * for `charge.day`: the new total, or null (nothing stored, nothing counted) when the batch
     * would take the counter past `charge.ceiling`.
     */
    insertHvacCharged: (rows: readonly NewHvacReading[], charge: CeilingCharge) => chargedInsert('hvac_readings', HVAC_COLUMNS, rows, charge),

    /** Stores a batch of non-HVAC readings the same way. */
    insertForApplianceCharged: (rows: readonly NewApplianceReading[], charge: CeilingCharge) =>
      chargedInsert('appliance_readings', APPLIANCE_COLUMNS, rows, charge),

    /**
     * An appliance's readings of the half hour [start, end): their mean value (null without one),
     * and how many of its readings lie at or after `end` (one statement, one index range).
     */
    async halfHourMean(applianceId: string, start: Date, end: Date): Promise<{ meanValue: number | null; countAfter: number }> {
      const [row] = await sql.rows<{ mean_value: number | null; count_after: number }>(
        `SELECT avg(value) FILTER (WHERE ts < $3) AS mean_value, count(*) FILTER (WHERE ts >= $3)::int AS count_after
           FROM appliance_readings WHERE appliance_id = $1 AND ts >= $2`,
        [applianceId, start, end],
      );
      return { meanValue: row?.mean_value == null ? null : Number(row.mean_value), countAfter: row?.count_after ?? 0 };
    },

    /** The highest value of an appliance's readings in [since, until], or null without one. */
    async highestValue(applianceId: string, since: Date, until: Date): Promise<number | null> {
      const [row] = await sql.rows<{ highest: number | null }>(
        'SELECT max(value) AS highest FROM appliance_readings WHERE appliance_id = $1 AND ts >= $2 AND ts <= $3',
        [applianceId, since, until],
      );
      return row?.highest == null ? null : Number(row.highest);
    },

    /** The account's counter for a UTC day (0 before its first reading). */
    async dailyCount(userId: string, day: string): Promise<number> {
      const [row] = await sql.rows<{ count: number }>('SELECT count FROM reading_counts WHERE user_id = $1 AND day = $2::date', [userId, day]);
      return row?.count ?? 0;
    },

    /** Stores a batch with one INSERT, uncounted (seeding test data). */
    async insertHvac(rows: NewHvacReading[], opts: { transaction: Transaction }): Promise<void> {
      const { sql: text, bind } = unnestInsert('hvac_readings', HVAC_COLUMNS, rows);
      await sql.run(text, bind, opts);
    },

    /** The account's zone, the HVAC's mean indoor temperature in (since, until] and its newest plans on `dates`, in one statement. */
    async indoorAgainstPlan(
      userId: string,
      applianceId: string,
      window: { since: Date; until: Date },
      dates: readonly LocalDate[],
    ): Promise<IndoorAgainstPlan> {
      const [row] = await sql.rows<{
        has_profile: boolean;
        timezone: string | null;
        location_zip: string;
        mean_f: number | null;
        plans: IndoorAgainstPlan['plans'];
      }>(INDOOR_AGAINST_PLAN_SQL, [userId, applianceId, window.since, window.until, dates]);
      return {
        zone: row!.has_profile ? { timezone: row!.timezone, location_zip: row!.location_zip } : null,
        meanF: row!.mean_f,
        plans: row!.plans,
      };
    },

    /** Every HVAC of the account (oldest first) with its readings in (since, until], aggregated; flat* only from flatSince. */
    async hvacWindows(userId: string, window: { since: Date; flatSince: Date; until: Date }): Promise<HvacWindow[]> {
      const rows = await sql.rows<WindowRow>(WINDOW_SQL, [userId, window.since, window.flatSince, window.until]);
      return rows.map((r) => ({
        applianceId: r.appliance_id,
        name: r.name,
        stats: {
          sampleCount: r.sample_count,
          lastReadingAt: r.last_reading_at,
          flatCount: r.flat_count,
          flatFirstAt: r.flat_first_at,
          flatMinF: r.flat_min_f,
          flatMaxF: r.flat_max_f,
          satelliteLastContactAt: r.satellite_last_contact_at,
        },
      }));
    },
  };
}

export type ReadingsRepo = ReturnType<typeof createReadingsRepo>;
