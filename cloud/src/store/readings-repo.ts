import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { ReadingWindowStats } from '../domain/link-health.js';
import type { NewApplianceReading, NewHvacReading } from './models/index.js';

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

// The counter row stays locked until the transaction ends, so concurrent pushes of one account
// queue here and each sees the total the previous one committed (or rolled back).
const COUNT_SQL = `
  INSERT INTO reading_counts (user_id, day, count) VALUES ($1, $2, $3)
  ON CONFLICT (user_id, day) DO UPDATE SET count = reading_counts.count + EXCLUDED.count
  RETURNING count`;

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
] as const satisfies readonly (readonly [keyof NewApplianceReading, string])[];

function unnestInsert<R>(table: string, columns: readonly (readonly [keyof R, string])[], rows: R[]) {
  const names = columns.map(([c]) => String(c)).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type === 'jsonb' ? 'text' : type}[]`).join(', ');
  const select = columns.map(([c, type]) => (type === 'jsonb' ? `${String(c)}::jsonb` : String(c))).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT ${select} FROM unnest(${arrays}) AS t(${names})`;
  const bind = columns.map(([c, type]) =>
    rows.map((r) => {
      const v = r[c] as unknown;
      return type === 'jsonb' && v !== null && v !== undefined ? JSON.stringify(v) : (v ?? null);
    }),
  );
  return { sql, bind };
}

// Readings are telemetry sent every few minutes: their transactions commit without waiting for the
// WAL flush (PostgreSQL's asynchronous commit). A database crash, never an app crash, can lose the
// last fraction of a second of acknowledged readings; nothing is ever corrupted or half-stored.
// On this project's reference disk a synced commit costs 5-20 ms, most of a push's latency.
const ASYNC_COMMIT_SQL = 'SET LOCAL synchronous_commit TO off';

/** HVAC and appliance readings, and the daily counter behind the reading ceiling. */
export function createReadingsRepo(db: Sequelize) {
  return {
    /** Stores a batch with one INSERT. */
    async insertHvac(rows: NewHvacReading[], opts: { transaction: Transaction }): Promise<void> {
      const { sql, bind } = unnestInsert('hvac_readings', HVAC_COLUMNS, rows);
      await db.query(ASYNC_COMMIT_SQL, { transaction: opts.transaction });
      await db.query(sql, { bind, transaction: opts.transaction });
    },

    /** Stores a batch of non-HVAC readings with one INSERT. */
    async insertForAppliance(rows: NewApplianceReading[], opts: { transaction: Transaction }): Promise<void> {
      const { sql, bind } = unnestInsert('appliance_readings', APPLIANCE_COLUMNS, rows);
      await db.query(ASYNC_COMMIT_SQL, { transaction: opts.transaction });
      await db.query(sql, { bind, transaction: opts.transaction });
    },

    /** Adds `count` to the account's counter for a UTC day and returns the new total. */
    async addToDailyCount(userId: string, day: string, count: number, opts: { transaction: Transaction }): Promise<number> {
      const [row] = await db.query<{ count: number }>(COUNT_SQL, { bind: [userId, day, count], type: QueryTypes.SELECT, transaction: opts.transaction });
      return row!.count;
    },

    /** Every HVAC of the account (oldest first) with its readings in (since, until], aggregated; flat* only from flatSince. */
    async hvacWindows(userId: string, window: { since: Date; flatSince: Date; until: Date }): Promise<HvacWindow[]> {
      const rows = await db.query<WindowRow>(WINDOW_SQL, {
        bind: [userId, window.since, window.flatSince, window.until],
        type: QueryTypes.SELECT,
      });
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
