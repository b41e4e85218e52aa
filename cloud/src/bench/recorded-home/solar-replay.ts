// A battery on a recorded home with solar: each day planned at midnight from a forecast of the
// day's load and generation, its input built as the service builds it (`homeBatteryInputs` from the
// battery's config, constraints and charge reading, and the home's load and solar forecast), then
// executed on the load and generation that came (the cloud's execution rule), re-planned from the
// measured state during the day as the service re-plans. Perfect foresight is the exact plan for
// what came, today's and tomorrow's, made once at midnight.
import { executeBatteryDay, type BatteryExecution, type ExecutedBattery } from '../../domain/planners/home-battery-execution.js';
import { correctRemainingSlots, measuredRatio } from '../../domain/solar/today-correction.js';
import { planHomeBattery, type HomeBatterySchedule } from '../../domain/planners/home-battery.js';
import type { DayContext, PlanResult, Planner } from '../../domain/planners/types.js';
import { homeBatteryInputs } from '../../domain/planning/charge-inputs.js';
import { chargeDeparts } from '../../domain/planning/charge-departure.js';
import { loadDeparts } from '../../domain/planning/load-departure.js';
import { slotStartsUtc, SLOTS_PER_DAY } from '../../domain/time/slot-grid.js';
import type { Forecaster } from './forecasters.js';
import { OPSD_TIME_ZONE, type SolarHome } from './opsd-homes.js';
import type { SolarTariff } from './solar-tariffs.js';

/** The EMHASS rows' battery: 13.5 kWh, 5 kW both ways, 0.95 / 0.95, 10 % minimum, no target; it starts at the minimum. */
export const BATTERY = { capacityKwh: 13.5, rateKw: 5, etaIn: 0.95, etaOut: 0.95, minPct: 10 };
/** Its appliance config as the service stores it. */
const CONFIG = {
  capacity_kwh: BATTERY.capacityKwh,
  max_charge_rate_kw: BATTERY.rateKw,
  max_discharge_rate_kw: BATTERY.rateKw,
  charge_efficiency: BATTERY.etaIn,
  discharge_efficiency: BATTERY.etaOut,
};
/** A day is measured when at least this many of its slots were recorded, load and generation both. */
const MIN_RECORDED_SLOTS = 44;

/** Gaps carried forward from the last recorded value. */
const filled = (days: readonly (number | null)[][]) => {
  let last = 0;
  return days.map((d) => d.map((v) => (v === null ? last : (last = v))));
};

export interface SolarActuals {
  loads: number[][];
  pv: number[][];
  measured: boolean[];
}

export function solarActuals(home: SolarHome): SolarActuals {
  return {
    loads: filled(home.days.map((d) => d.kw)),
    pv: filled(home.pvDays),
    measured: home.days.map((d, i) => d.kw.filter((v, s) => v !== null && home.pvDays[i]![s] !== null).length >= MIN_RECORDED_SLOTS),
  };
}

/**
 * How a day is planned: the forecasts (48 values, or 96 with tomorrow's), the planner, and whether
 * it is planned as the service plans it (at midnight, with tomorrow's prices once known; re-planned
 * when a day-ahead market publishes them and when the half hour just ended departs from the plan,
 * the solar forecast then following the day's production; ending the day no lower than it started)
 * or once at midnight knowing tomorrow and held only to the minimum (perfect foresight).
 */
export interface SolarPlanning {
  /** The load of the day (and the next), as forecast at each plan's slot. */
  load: Forecaster;
  /** The recent days' real loads behind the load forecast (the service's `householdLoadDaysKw`), or absent. */
  loadDays?: (index: number) => number[][] | null;
  pv: Forecaster;
  planner: Planner<'home_battery'>;
  isService: boolean;
}

/** The exact plan for the day's real load and generation (today's only). */
export const knownToday = (actual: SolarActuals): SolarPlanning => ({
  load: (i) => actual.loads[i]!,
  pv: (i) => actual.pv[i]!,
  planner: planHomeBattery,
  isService: true,
});

/** The real generation of the day and the next (96 values; 48 on the last day): a perfect sun forecast. */
export const sunOfBothDays =
  (actual: SolarActuals): Forecaster =>
  (i) => [...actual.pv[i]!, ...(actual.pv[i + 1] ?? [])];

/** The real load of the day and the next (96 values; 48 on the last day): a perfect load forecast. */
export const loadOfBothDays =
  (actual: SolarActuals): Forecaster =>
  (i) => [...actual.loads[i]!, ...(actual.loads[i + 1] ?? [])];

/**
 * Perfect foresight: the exact plan for today's and tomorrow's real load, generation and prices,
 * held only to the minimum (a day may end lower than it started when tomorrow refills it).
 */
export const perfectForesight = (actual: SolarActuals): SolarPlanning => ({
  load: loadOfBothDays(actual),
  pv: sunOfBothDays(actual),
  planner: planHomeBattery,
  isService: false,
});

const battery = (startKwh: number): ExecutedBattery => ({
  startKwh,
  capacityKwh: BATTERY.capacityKwh,
  minKwh: (BATTERY.minPct / 100) * BATTERY.capacityKwh,
  chargeKw: Array(SLOTS_PER_DAY).fill(BATTERY.rateKw),
  dischargeKw: BATTERY.rateKw,
  chargeEfficiency: BATTERY.etaIn,
  dischargeEfficiency: BATTERY.etaOut,
});
const NO_BATTERY: ExecutedBattery = { ...battery(0), capacityKwh: 0, minKwh: 0 };
const IDLE = { intervals: [], discharge_intervals: [], value_trajectory: [] };

/** Today's part of a forecast (48 or 96 values) scaled from `fromSlot` on by the day's production so far, as the service's re-plan does (solar/today-correction.ts). */
function followingToday(pvKw: readonly number[], measuredKw: readonly (number | null)[], hours: readonly number[], fromSlot: number): number[] {
  const today = pvKw.slice(0, SLOTS_PER_DAY);
  const ratio = measuredRatio(today, measuredKw, hours, fromSlot);
  return ratio === null ? [...pvKw] : [...correctRemainingSlots(today, ratio, fromSlot, 0), ...pvKw.slice(SLOTS_PER_DAY)];
}

/** What the house pays over slots [from, until) of an execution, cents: imports at the import price less exports at the export price. */
const gridCents = (run: BatteryExecution, from: number, until: number, importCents: readonly number[], exportCents: readonly number[]) =>
  run.gridKwh.slice(from, until).reduce((c, kwh, k) => c + kwh * (kwh >= 0 ? importCents[from + k]! : exportCents[from + k]!), 0);

/**
 * The first slot after `fromSlot` at which the service re-plans from the measured state: the half
 * hour just ended departs from the plan's load or generation, or the charge at its end from the
 * planned trajectory (domain/planning: the service's own margins; at most one re-plan a half hour,
 * well within the account's minimum interval). A slot without a recorded value says nothing.
 */
function firstDeparture(
  plan: { loadKw: readonly number[]; solarKw: readonly number[]; trajectory: readonly number[] },
  run: BatteryExecution,
  recorded: { loadKw: readonly (number | null)[]; solarKw: readonly (number | null)[] },
  fromSlot: number,
): number {
  for (let s = fromSlot + 1; s < SLOTS_PER_DAY; s++) {
    const load = recorded.loadKw[s - 1];
    const solar = recorded.solarKw[s - 1];
    if (load != null && loadDeparts(plan.loadKw[s - 1]!, load)) return s;
    if (solar != null && loadDeparts(plan.solarKw[s - 1]!, solar)) return s;
    if (chargeDeparts(plan.trajectory, s, (100 * run.endKwh[s - 1]!) / BATTERY.capacityKwh)) return s;
  }
  return SLOTS_PER_DAY;
}

/** How many plans the replay made: at midnight, on tomorrow's prices, and from the measured state. */
export interface ReplayCounts {
  days: number;
  plans: number;
}

/** A replay's span and bookkeeping. */
export interface ReplaySpan {
  /** The day after the last one replayed (default: the end of the record). */
  until?: number;
  /** The charge each day starts at, kWh (default: carried from the day before; the first day at the minimum). */
  dayStartKwh?: (dayIndex: number) => number;
  counts?: ReplayCounts;
  /** Filled with each day's charge at its end, kWh. */
  dayEndKwh?: number[];
}

/** The battery's charge at the start of the first replayed day, %: its minimum. */
export const REPLAY_START_PCT = BATTERY.minPct;

/**
 * Plans and executes every day from `first` on, the charge carried from day to day; returns each
 * day's saving, cents: its cost without a battery less its cost with the plans (import less export).
 * A service row re-plans the rest of the day as the service does: when tomorrow's prices come and
 * when the measured state departs from the plan.
 */
export function replaySolar(
  home: SolarHome,
  actual: SolarActuals,
  planning: SolarPlanning,
  tariff: SolarTariff,
  first: number,
  { until = home.days.length, dayStartKwh, counts = { days: 0, plans: 0 }, dayEndKwh }: ReplaySpan = {},
): number[] {
  const capacity = BATTERY.capacityKwh;
  let soc = (REPLAY_START_PCT / 100) * capacity;
  const savings: number[] = [];
  for (let i = first; i < until; i++) {
    if (dayStartKwh) soc = dayStartKwh(i);
    const { date, hours } = home.days[i]!;
    const { importCents, exportCents } = tariff.pricesOf(i);
    const next = i + 1 < home.days.length ? tariff.pricesOf(i + 1) : null;
    const dayStartPct = (100 * soc) / capacity;
    const pvKw = planning.pv(i) ?? actual.pv[i - 1]!;
    const recorded = { loadKw: home.days[i]!.kw, solarKw: home.pvDays[i]! };
    let cents = 0;
    for (let fromSlot = 0; fromSlot < SLOTS_PER_DAY;) {
      // The service sees tomorrow's prices once they are published; perfect foresight always.
      const seesTomorrow = next !== null && (!planning.isService || fromSlot >= tariff.tomorrowFromSlot);
      const day: DayContext = {
        date,
        timeZone: OPSD_TIME_ZONE,
        slotStarts: slotStartsUtc(date, OPSD_TIME_ZONE),
        slotHours: hours,
        pricesCentsPerKwh: importCents,
        exportPricesCentsPerKwh: exportCents,
        tomorrow: seesTomorrow ? { pricesCentsPerKwh: next.importCents, exportPricesCentsPerKwh: next.exportCents } : null,
        outdoorTempF: Array(SLOTS_PER_DAY).fill(60),
        fromSlot,
      };
      const solarKw = fromSlot > 0 ? followingToday(pvKw, recorded.solarKw, hours, fromSlot) : pvKw;
      const loadKw = planning.load(i, fromSlot) ?? actual.loads[i - 1]!;
      const { input } = homeBatteryInputs(
        {
          config: CONFIG,
          constraints: { min_charge_pct: BATTERY.minPct, ...(!planning.isService && { target_charge_pct: BATTERY.minPct }) },
          recentValue: (100 * soc) / capacity,
          dayStartPct: fromSlot > 0 ? dayStartPct : null,
        },
        {
          householdLoadKw: loadKw,
          householdLoadDaysKw: planning.loadDays?.(i) ?? null,
          loadSource: 'measured',
          chargeHeadroomKw: null,
          solarKw,
        },
      );
      const { schedule } = planning.planner(day, input) as PlanResult<HomeBatterySchedule>;
      counts.plans++;
      const run = executeBatteryDay(schedule, actual.loads[i]!, hours, battery(soc), fromSlot, actual.pv[i]!);
      // Perfect foresight plans once; the service again when tomorrow's prices come or the day departs from the plan.
      const published = planning.isService && tariff.tomorrowFromSlot > fromSlot ? tariff.tomorrowFromSlot : SLOTS_PER_DAY;
      const departed = planning.isService ? firstDeparture({ loadKw, solarKw, trajectory: schedule.value_trajectory }, run, recorded, fromSlot) : SLOTS_PER_DAY;
      const until = Math.min(published, departed);
      cents += gridCents(run, fromSlot, until, importCents, exportCents);
      soc = run.endKwh[until - 1]!;
      fromSlot = until;
    }
    counts.days++;
    dayEndKwh?.push(soc);
    const idle = executeBatteryDay(IDLE, actual.loads[i]!, hours, NO_BATTERY, 0, actual.pv[i]!);
    savings.push(gridCents(idle, 0, SLOTS_PER_DAY, importCents, exportCents) - cents);
  }
  return savings;
}
