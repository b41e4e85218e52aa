// One batch of the daily metrics job: a page of accounts and their local days, loaded with a fixed
// number of set-based queries and computed by the pure figures (the job writes them in one transaction).
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import type { AdherenceCounts, Episode, MachineDayInput, SlotReadings } from '../domain/metrics/day-input.js';
import { runsFromClasses, type Run } from '../domain/metrics/adherence.js';
import { dayMetrics, type DailyFigures, type MachineDayFigures } from '../domain/metrics/day-metrics.js';
import { dayPlan } from '../domain/metrics/day-plan.js';
import { plannedSetpoints } from '../domain/metrics/day-view.js';
import { localParts, type LocalDate } from '../domain/time/slot-grid.js';
import type { MetricsPair, NewestPlanRow, PlannedSetpoints, PlanningApplianceRow, ReadingDayRow, Store } from '../store/index.js';
import type { DayContext } from './metrics-day-context.js';

/** The rows a batch stores. */
export interface BatchResult {
  pairs: MetricsPair[];
  days: ({ userId: string; date: LocalDate } & DailyFigures)[];
  machines: ({ userId: string; date: LocalDate } & MachineDayFigures)[];
}

const key = (applianceId: string, date: LocalDate) => `${applianceId}|${date}`;

// What a machine-day without that kind of reading has in every slot (shared: never written to).
const NO_VALUES: readonly null[] = Object.freeze(new Array<null>(48).fill(null));
const NO_COUNTS: readonly number[] = Object.freeze(new Array<number>(48).fill(0));

/** Sparse per-slot aggregates of SQL as 48-slot arrays. */
export function slotReadings(row: ReadingDayRow): SlotReadings {
  const of = <T>(values: readonly T[] | null, empty: readonly T[]): readonly T[] => {
    if (values === null) return empty;
    const out = [...empty];
    row.slots.forEach((slot, i) => (out[slot] = values[i]!));
    return out;
  };
  return {
    powerW: of(row.power_w, NO_VALUES),
    indoorF: of(row.indoor_f, NO_VALUES),
    actionCount: of(row.action_n, NO_COUNTS),
    runningCount: of(row.running_n, NO_COUNTS),
  };
}

/** The row's episodes of one kind, start hours in the account's zone. */
export function rowEpisodes(row: ReadingDayRow, kind: Run['kind'], timeZone: string): Episode[] {
  return runsFromClasses(row.classes, row.run_at)
    .filter((r) => r.kind === kind)
    .map((r) => ({ start: r.start, end: r.end, startHour: localParts(r.start, timeZone).hour, readings: r.readings }));
}

/** The adherence counts and episodes of an HVAC-day. */
function adherence(row: ReadingDayRow, timeZone: string): AdherenceCounts {
  return {
    considered: row.considered,
    conforming: row.conforming,
    canShowOverrides: row.shows_override,
    overrides: rowEpisodes(row, 'override', timeZone),
    defects: rowEpisodes(row, 'defect', timeZone),
  };
}

/** The plans of HVAC-days to classify readings against. */
function plannedOf(plans: readonly NewestPlanRow[]): PlannedSetpoints[] {
  return plans.flatMap((p) => {
    if (p.appliance_type !== 'hvac') return [];
    const setpoints = plannedSetpoints({ setpoint_temps: p.setpoint_temps, high_temps: p.high_temps, low_temps: p.low_temps });
    return setpoints ? [{ applianceId: p.appliance_id, date: p.local_date, setpoints }] : [];
  });
}

/** One machine of an account-day: its readings, adherence and plan. */
function machineDay(appliance: PlanningApplianceRow, plan: NewestPlanRow | undefined, reading: ReadingDayRow | undefined, timeZone: string): MachineDayInput {
  const type = appliance.appliance_type;
  return {
    applianceId: appliance.id,
    type,
    readings: reading ? slotReadings(reading) : null,
    adherence: reading && type === 'hvac' ? adherence(reading, timeZone) : null,
    plan: plan
      ? dayPlan({
          type,
          baselineCents: plan.baseline_cost_cents,
          optimizedCents: plan.optimized_cost_cents,
          fromSlot: plan.from_slot,
          highTemps: plan.high_temps,
          lowTemps: plan.low_temps,
          intervals: plan.intervals,
          constraintsUsed: plan.constraints_used ?? {},
          config: appliance.config ?? {},
          constraints: appliance.constraints,
        })
      : null,
  };
}

/**
 * Computes the figures of every local day `datesOf` gives each account (in its time zone). Solar
 * arrays produce rather than consume and are not machines of the figures.
 */
export async function computeBatch(
  store: Store,
  context: DayContext,
  userIds: readonly string[],
  datesOf: (timeZone: string) => LocalDate[],
): Promise<BatchResult> {
  const [accounts, appliances] = await Promise.all([store.planningInputs.accounts(userIds), store.planningInputs.appliances(userIds)]);
  const machinesOf = new Map<string, PlanningApplianceRow[]>();
  for (const a of appliances) {
    if (a.appliance_type === 'solar') continue;
    const list = machinesOf.get(a.user_id);
    if (list) list.push(a);
    else machinesOf.set(a.user_id, [a]);
  }

  const pairs: MetricsPair[] = [];
  const zones = new Map<string, string>();
  for (const account of accounts) {
    const timeZone = effectiveTimeZone(account.profile ?? { timezone: null, location_zip: '' });
    zones.set(account.userId, timeZone);
    for (const date of datesOf(timeZone)) pairs.push({ userId: account.userId, date, ...context.grid(timeZone, date) });
  }
  const plans = await store.metrics.newestPlans(pairs);
  const readings = await store.metrics.readingDays(pairs, plannedOf(plans));
  const planByKey = new Map(plans.map((p) => [key(p.appliance_id, p.local_date), p]));
  const readingsByKey = new Map(readings.map((r) => [key(r.appliance_id, r.local_date), r]));

  const result: BatchResult = { pairs, days: [], machines: [] };
  const byUser = new Map(accounts.map((a) => [a.userId, a]));
  for (const pair of pairs) {
    const account = byUser.get(pair.userId)!;
    const timeZone = zones.get(pair.userId)!;
    const grid = context.grid(timeZone, pair.date);
    const machines = (machinesOf.get(pair.userId) ?? []).map((a) =>
      machineDay(a, planByKey.get(key(a.id, pair.date)), readingsByKey.get(key(a.id, pair.date)), timeZone),
    );
    const tariff = await context.tariff(account.rateSettings, pair.date, timeZone);
    const figures = dayMetrics({ pricesCentsPerKwh: tariff.prices, pricePeriods: tariff.periods, slotHours: grid.slotHours, machines });
    if (!figures) continue;
    result.days.push({ userId: pair.userId, date: pair.date, ...figures.account });
    for (const m of figures.machines) result.machines.push({ userId: pair.userId, date: pair.date, ...m });
  }
  return result;
}
