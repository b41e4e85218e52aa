import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { PlanningChange, ScheduleSource, ScheduleTrigger } from '../domain/planning/plan-made.js';
import type { LocalDate } from '../domain/time/slot-grid.js';
import type { ProfileRow } from './models/index.js';
import { PROFILE_COLUMNS } from './profiles-repo.js';
import type { Sql } from './sql.js';

export type { ScheduleSource, ScheduleTrigger };

/** A schedule history row to insert (created_at and id come from the database). */
export interface NewScheduleRow {
  user_id: string;
  appliance_id: string;
  local_date: LocalDate;
  schedule: Record<string, unknown>;
  source: ScheduleSource;
  /** HVAC: the optimization_mode planned with; null for other types. */
  mode: string | null;
  estimated_savings_pct: number;
  model_confidence: number | null;
  baseline_cost_cents: number;
  optimized_cost_cents: number;
  savings_pct: number;
  /** First slot this row re-planned; earlier slots were kept from the previous row of the day. */
  from_slot: number;
  trigger: ScheduleTrigger;
  /** What changed to start the run (empty for the nightly run and a requested recompute). */
  changes: PlanningChange[];
  constraints_used: Record<string, unknown>;
  missed: unknown[];
}

/** A stored schedule history row. */
export interface ScheduleRow extends NewScheduleRow {
  id: number;
  created_at: Date;
}

const COLUMNS = [
  ['user_id', 'uuid'],
  ['appliance_id', 'uuid'],
  ['local_date', 'date'],
  ['schedule', 'jsonb'],
  ['source', 'text'],
  ['mode', 'text'],
  ['estimated_savings_pct', 'float8'],
  ['model_confidence', 'float8'],
  ['baseline_cost_cents', 'float8'],
  ['optimized_cost_cents', 'float8'],
  ['savings_pct', 'float8'],
  ['from_slot', 'int2'],
  ['trigger', 'text'],
  ['changes', 'jsonb'],
  ['constraints_used', 'jsonb'],
  ['missed', 'jsonb'],
] as const satisfies readonly (readonly [keyof NewScheduleRow, string])[];

const NAMES = COLUMNS.map(([c]) => c).join(', ');
// One INSERT ... SELECT FROM unnest(arrays) whatever the number of rows (jsonb travels as text).
const INSERT_SQL = `INSERT INTO schedules (${NAMES})
  SELECT ${COLUMNS.map(([c, t]) => (t === 'jsonb' ? `${c}::jsonb` : c)).join(', ')}
    FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t === 'jsonb' ? 'text' : t}[]`).join(', ')}) AS t(${NAMES})`;

const SELECT = `SELECT id, user_id, appliance_id, local_date::text AS local_date, schedule, source, mode,
                       estimated_savings_pct, model_confidence, baseline_cost_cents, optimized_cost_cents,
                       savings_pct, from_slot, trigger, changes, constraints_used, missed, created_at
                  FROM schedules`;

/** Schedule history (append-only): one row per plan of one appliance and local date. */
export function createSchedulesRepo(db: Sequelize, sql: Sql) {
  const select = <T extends object>(text: string, bind: unknown[]) => sql.rows<T>(text, bind);

  return {
    /** Appends rows with one INSERT. */
    async insert(rows: readonly NewScheduleRow[], opts: { transaction?: Transaction } = {}): Promise<void> {
      if (rows.length === 0) return;
      const bind = COLUMNS.map(([c, t]) => rows.map((r) => (t === 'jsonb' ? JSON.stringify(r[c]) : r[c])));
      await db.query(INSERT_SQL, { bind, transaction: opts.transaction });
    },

    /**
     * Bounds the history: of each (appliance, date) among `rows`, keeps the newest `keep` rows and
     * deletes the older ones. Runs in the writing transaction, on the (appliance_id, local_date) index.
     */
    async trim(rows: readonly Pick<NewScheduleRow, 'appliance_id' | 'local_date'>[], keep: number, transaction?: Transaction): Promise<number> {
      if (rows.length === 0) return 0;
      const [row] = await db.query<{ n: number }>(
        `WITH pairs AS (SELECT DISTINCT * FROM unnest($1::uuid[], $2::date[]) AS p(appliance_id, local_date)),
              ranked AS (SELECT s.id, row_number() OVER (PARTITION BY s.appliance_id, s.local_date ORDER BY s.created_at DESC, s.id DESC) AS rn
                           FROM schedules s JOIN pairs p USING (appliance_id, local_date)),
              gone AS (DELETE FROM schedules WHERE id IN (SELECT id FROM ranked WHERE rn > $3) RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        { bind: [rows.map((r) => r.appliance_id), rows.map((r) => r.local_date), keep], type: QueryTypes.SELECT, transaction },
      );
      return row?.n ?? 0;
    },

    /** The newest row per (appliance, date) of these accounts on these local dates. */
    async newest(userIds: readonly string[], dates: readonly LocalDate[]): Promise<ScheduleRow[]> {
      if (userIds.length === 0 || dates.length === 0) return [];
      return select<ScheduleRow>(
        `SELECT DISTINCT ON (appliance_id, local_date) * FROM (${SELECT}
          WHERE user_id = ANY($1::uuid[]) AND local_date = ANY($2::date[])) s
          ORDER BY appliance_id, local_date, created_at DESC, id DESC`,
        [userIds, dates],
      );
    },

    /** Every row of the account's appliances (or of one) in [start, end], by date then created_at. */
    async history(userId: string, applianceId: string | null, start: LocalDate, end: LocalDate): Promise<ScheduleRow[]> {
      return select<ScheduleRow>(
        `${SELECT} WHERE user_id = $1 AND ($2::uuid IS NULL OR appliance_id = $2::uuid) AND local_date BETWEEN $3 AND $4
          ORDER BY local_date, created_at, id`,
        [userId, applianceId, start, end],
      );
    },

    /**
     * The account's profile (null before its first use) and, for each of `dates`, when its newest
     * schedule row of that date was written (null: none): one statement for the freshness poll,
     * which only knows which date is the account's today once it has the profile's time zone.
     */
    async profileWithStamps(userId: string, dates: readonly LocalDate[]): Promise<{ profile: ProfileRow | null; stamps: (Date | null)[] }> {
      const stamp = (i: number) => `(SELECT max(created_at) FROM schedules WHERE user_id = $1 AND local_date = $${i + 2}::date) AS at_${i}`;
      const [row] = await select<ProfileRow & { has_profile: boolean } & Record<string, unknown>>(
        `SELECT p.user_id IS NOT NULL AS has_profile, ${PROFILE_COLUMNS.split(',')
          .map((c) => `p.${c.trim()}`)
          .join(', ')}, ${dates.map((_, i) => stamp(i)).join(', ')}
           FROM (SELECT $1::uuid AS id) u LEFT JOIN profiles p ON p.user_id = u.id`,
        [userId, ...dates],
      );
      const { has_profile, ...rest } = row!;
      const stamps = dates.map((_, i) => (rest[`at_${i}`] as Date | null) ?? null);
      for (const i of dates.keys()) delete rest[`at_${i}`];
      return { profile: has_profile ? (rest as unknown as ProfileRow) : null, stamps };
    },
  };
}

export type SchedulesRepo = ReturnType<typeof createSchedulesRepo>;
