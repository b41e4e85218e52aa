// The customer metrics tables: the job's set-based reads and batched writes, and the endpoints'
// reads of one account. Nothing here is asked once per account of a batch.
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { DailyFigures, MachineDayFigures } from '../domain/metrics/day-metrics.js';
import type { StoredDay } from '../domain/metrics/summary.js';
import type { LocalDate } from '../domain/time/slot-grid.js';
import { NEWEST_PLANS_SQL, READING_DAYS_SQL } from './metrics-day-sql.js';

/** One (account, local day) of a batch, with the day's place in real time. */
export interface MetricsPair {
  userId: string;
  date: LocalDate;
  dayStart: Date;
  dayEnd: Date;
  /** The day's 48 slot starts as a PostgreSQL array literal (built once per zone and date). */
  slotStartsLiteral: string;
}

/** The newest schedule row of one machine-day, reduced to what the figures read. */
export interface NewestPlanRow {
  appliance_id: string;
  user_id: string;
  local_date: LocalDate;
  appliance_type: string;
  baseline_cost_cents: number;
  optimized_cost_cents: number;
  from_slot: number;
  setpoint_temps: unknown;
  high_temps: unknown;
  low_temps: unknown;
  intervals: unknown;
  constraints_used: Record<string, unknown>;
}

/** One machine-day of readings: the slots that have readings and per-slot aggregates aligned with them. */
export interface ReadingDayRow {
  appliance_id: string;
  local_date: LocalDate;
  slots: number[];
  /** Null when no slot has the value (no power reading, no temperature, no reported action). */
  power_w: (number | null)[] | null;
  indoor_f: (number | null)[] | null;
  action_n: number[] | null;
  running_n: number[] | null;
  considered: number;
  conforming: number;
  shows_override: boolean;
  /** Every reading's class in time order (a READING_CLASS digit each), and the times of the override and defect readings. */
  classes: string;
  run_at: Date[];
}

/** A ReadingDayRow as it comes from SQL: the per-slot columns as comma-separated text. */
type CsvReadingDayRow = Omit<ReadingDayRow, 'slots' | 'power_w' | 'indoor_f' | 'action_n' | 'running_n'> &
  Record<'slots', string> &
  Record<'power_w' | 'indoor_f' | 'action_n' | 'running_n', string | null>;

const numbers = (csv: string): number[] => csv.split(',').map(Number);
const numbersOrNull = (csv: string): (number | null)[] => csv.split(',').map((v) => (v === '' ? null : Number(v)));
const optional = <T>(csv: string | null, parse: (csv: string) => T): T | null => (csv === null ? null : parse(csv));

/** The planned setpoints of one HVAC-day, for the conformance classification. */
export interface PlannedSetpoints {
  applianceId: string;
  date: LocalDate;
  setpoints: number[];
}

const DAY_COLUMNS = [
  ['modeled_usd', 'modeledUsd', 'float8'],
  ['realized_usd', 'realizedUsd', 'float8'],
  ['savings_pct', 'savingsPct', 'float8'],
  ['peak_hours_idle', 'peakHoursIdle', 'float8'],
  ['top_peak_hours_idle', 'topPeakHoursIdle', 'float8'],
  ['off_peak_kwh_share_pct', 'offPeakKwhSharePct', 'float8'],
  ['degree_hours', 'degreeHours', 'float8'],
  ['percent_hours', 'percentHours', 'float8'],
  ['in_band_home_pct', 'inBandHomePct', 'float8'],
  ['conformance_pct', 'conformancePct', 'float8'],
  ['override_events', 'overrideEvents', 'int4'],
  ['override_by_hour', 'overrideByHour', 'text'],
  ['conformance_defects', 'conformanceDefects', 'int4'],
] as const satisfies readonly (readonly [string, keyof DailyFigures, string])[];

const MACHINE_COLUMNS = [
  ['appliance_type', 'type', 'text'],
  ['activity_source', 'activitySource', 'text'],
  ['power_coverage_pct', 'powerCoveragePct', 'float8'],
  ['kwh', 'kwh', 'float8'],
  ['off_peak_kwh', 'offPeakKwh', 'float8'],
  ['modeled_usd', 'modeledUsd', 'float8'],
  ['realized_usd', 'realizedUsd', 'float8'],
  ['degree_hours', 'degreeHours', 'float8'],
  ['percent_hours', 'percentHours', 'float8'],
  ['in_band_pct', 'inBandPct', 'float8'],
  ['conformance_pct', 'conformancePct', 'float8'],
  ['override_events', 'overrideEvents', 'int4'],
  ['conformance_defects', 'conformanceDefects', 'int4'],
] as const satisfies readonly (readonly [string, keyof MachineDayFigures, string])[];

/** `INSERT ... SELECT FROM unnest(arrays)` of `columns` after the leading key columns. */
function unnestInsert(table: string, keys: readonly (readonly [string, string])[], columns: readonly (readonly [string, string, string])[]): string {
  const all = [...keys.map(([c, t]) => [c, t] as const), ...columns.map(([c, , t]) => [c, t] as const)];
  const names = all.map(([c]) => c).join(', ');
  const select = all.map(([c]) => (c === 'override_by_hour' ? `${c}::int4[]` : c)).join(', ');
  const arrays = all.map(([, t], i) => `$${i + 2}::${t}[]`).join(', ');
  return `INSERT INTO ${table} (${names}, computed_at) SELECT ${select}, $1 FROM unnest(${arrays}) AS t(${names})`;
}

const INSERT_DAYS = unnestInsert(
  'metrics_daily',
  [
    ['user_id', 'uuid'],
    ['local_date', 'date'],
  ],
  DAY_COLUMNS,
);
const INSERT_MACHINES = unnestInsert(
  'metrics_machine_daily',
  [
    ['appliance_id', 'uuid'],
    ['local_date', 'date'],
    ['user_id', 'uuid'],
  ],
  MACHINE_COLUMNS,
);

const STORED_DAY_SELECT = `SELECT local_date::text AS date, ${DAY_COLUMNS.map(([c, k]) => `${c} AS "${k}"`).join(', ')} FROM metrics_daily`;

/** A day's figures as stored (the histogram as an array literal, since unnest cannot take arrays of arrays). */
const pgIntArray = (values: number[] | null) => (values === null ? null : `{${values.join(',')}}`);

/** The metrics tables. */
export function createMetricsRepo(db: Sequelize) {
  const select = <T extends object>(sql: string, bind: unknown[], transaction?: Transaction) =>
    db.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction });
  /** The pairs with their distinct grids numbered, so each grid's 48 starts are parsed once. */
  const pairBind = (pairs: readonly MetricsPair[]) => {
    const grids = new Map<string, number>();
    const gi = pairs.map((p) => grids.get(p.slotStartsLiteral) ?? grids.set(p.slotStartsLiteral, grids.size).get(p.slotStartsLiteral)!);
    return [
      pairs.map((p) => p.userId),
      pairs.map((p) => p.date),
      pairs.map((p) => p.dayStart.toISOString()),
      pairs.map((p) => p.dayEnd.toISOString()),
      gi,
      [...grids.values()],
      [...grids.keys()],
    ];
  };

  return {
    /** Up to `limit` accounts with an appliance, in id order after `afterUserId` (null: from the first). */
    async accountsAfter(afterUserId: string | null, limit: number): Promise<string[]> {
      const rows = await select<{ user_id: string }>(
        `SELECT DISTINCT user_id FROM appliances WHERE $1::uuid IS NULL OR user_id > $1::uuid ORDER BY user_id LIMIT $2`,
        [afterUserId, limit],
      );
      return rows.map((r) => r.user_id);
    },

    /** How many accounts have an appliance (the job's population). */
    async countAccounts(): Promise<number> {
      const [row] = await select<{ n: number }>(`SELECT count(DISTINCT user_id)::int AS n FROM appliances`, []);
      return row?.n ?? 0;
    },

    /** The newest schedule row of every machine-day of the pairs. */
    async newestPlans(pairs: readonly MetricsPair[]): Promise<NewestPlanRow[]> {
      if (pairs.length === 0) return [];
      const wanted = new Set(pairs.map((p) => `${p.userId}|${p.date}`));
      const dates = pairs.map((p) => p.date).sort();
      const rows = await select<NewestPlanRow>(NEWEST_PLANS_SQL, [[...new Set(pairs.map((p) => p.userId))], dates[0], dates.at(-1)]);
      return rows.filter((r) => wanted.has(`${r.user_id}|${r.local_date}`));
    },

    /** Readings of every machine-day of the pairs, aggregated per slot, with adherence counts and run classes. */
    async readingDays(pairs: readonly MetricsPair[], planned: readonly PlannedSetpoints[]): Promise<ReadingDayRow[]> {
      if (pairs.length === 0) return [];
      const rows = await select<CsvReadingDayRow>(READING_DAYS_SQL, [
        ...pairBind(pairs),
        planned.map((p) => p.applianceId),
        planned.map((p) => p.date),
        planned.map((p) => `{${p.setpoints.join(',')}}`),
      ]);
      return rows.map((r) => ({
        ...r,
        slots: numbers(r.slots),
        power_w: optional(r.power_w, numbersOrNull),
        indoor_f: optional(r.indoor_f, numbersOrNull),
        action_n: optional(r.action_n, numbers),
        running_n: optional(r.running_n, numbers),
      }));
    },

    /** Replaces every stored row of the pairs (account and machine days) with the given ones. */
    async replaceDays(
      pairs: readonly MetricsPair[],
      days: readonly ({ userId: string; date: LocalDate } & DailyFigures)[],
      machines: readonly ({ userId: string; date: LocalDate } & MachineDayFigures)[],
      computedAt: Date,
      transaction: Transaction,
    ): Promise<void> {
      const keys = [pairs.map((p) => p.userId), pairs.map((p) => p.date)];
      const where = `USING unnest($1::uuid[], $2::date[]) AS p(user_id, local_date) WHERE t.user_id = p.user_id AND t.local_date = p.local_date`;
      await db.query(`DELETE FROM metrics_daily t ${where}`, { bind: keys, transaction });
      await db.query(`DELETE FROM metrics_machine_daily t ${where}`, { bind: keys, transaction });
      if (days.length > 0) {
        const bind = [
          computedAt,
          days.map((d) => d.userId),
          days.map((d) => d.date),
          ...DAY_COLUMNS.map(([c, k]) => days.map((d) => (c === 'override_by_hour' ? pgIntArray(d.overrideByHour) : d[k]))),
        ];
        await db.query(INSERT_DAYS, { bind, transaction });
      }
      if (machines.length > 0) {
        const bind = [
          computedAt,
          machines.map((m) => m.applianceId),
          machines.map((m) => m.date),
          machines.map((m) => m.userId),
          ...MACHINE_COLUMNS.map(([, k]) => machines.map((m) => m[k])),
        ];
        await db.query(INSERT_MACHINES, { bind, transaction });
      }
    },

    /** The account's stored days in [start, end], oldest first. */
    async days(userId: string, start: LocalDate, end: LocalDate): Promise<StoredDay[]> {
      return select<StoredDay>(`${STORED_DAY_SELECT} WHERE user_id = $1 AND local_date BETWEEN $2 AND $3 ORDER BY local_date`, [userId, start, end]);
    },

    /** The account's latest stored day, or null. */
    async latestDate(userId: string): Promise<LocalDate | null> {
      const [row] = await select<{ d: string | null }>(`SELECT max(local_date)::text AS d FROM metrics_daily WHERE user_id = $1`, [userId]);
      return row?.d ?? null;
    },
  };
}

export type MetricsRepo = ReturnType<typeof createMetricsRepo>;
