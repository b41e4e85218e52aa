// A battery on the recorded home for a year: each day planned by the real home_battery planner
// from a forecast of that day's load, then executed on the load that came. What a plan captures
// is the share of perfect foresight's saving it keeps. Execution rule: domain/planners/home-battery-execution.ts.
import { executeBatteryDay, executionCostCents } from '../../domain/planners/home-battery-execution.js';
import { planHomeBatteryForSpread } from '../../domain/planners/home-battery-spread.js';
import type { DayContext, HomeBatteryInput } from '../../domain/planners/types.js';
import { weekdayOf } from '../../domain/time/calendar.js';
import { slotStartsUtc, SLOTS_PER_DAY } from '../../domain/time/slot-grid.js';
import type { Forecaster } from './forecasters.js';
import { TIME_ZONE, type RecordedDay } from './recorded-load.js';

/** A two-level time-of-use tariff: `peak` cents/kWh in [from, to) local hours, `base` otherwise. */
export interface TwoLevelTariff {
  name: string;
  base: number;
  peak: number;
  peakHours: [number, number];
}

/** The reference battery: 13.5 kWh, 5 kW both ways, 0.95 / 0.95, 10 % minimum, no target. */
const BATTERY = { capacityKwh: 13.5, rateKw: 5, etaIn: 0.95, etaOut: 0.95, minPct: 10, startPct: 50 };

const pricesOf = (t: TwoLevelTariff) =>
  Array.from({ length: SLOTS_PER_DAY }, (_, s) => {
    const hour = s / 2;
    const [from, to] = t.peakHours;
    const peak = from < to ? hour >= from && hour < to : hour >= from || hour < to;
    return peak ? t.peak : t.base;
  });

/** The day's load with gaps carried forward from the last recorded value (the same for every plan). */
export function filledLoads(days: readonly RecordedDay[]): number[][] {
  let last = 0.5;
  return days.map((d) => d.kw.map((v) => (v === null ? last : (last = v))));
}

export interface ReplayResult {
  /** Cost of each day without a battery and with the plans, cents. */
  baseline: number[];
  cost: number[];
  /** The charge at the start and at the end of each day, kWh. */
  dayStartKwh: number[];
  dayEndKwh: number[];
  /** Wall time and CPU time of each day's planner call, ms. */
  planMs: number[];
  planCpuMs: number[];
}

/**
 * Plans and executes every day from `first` on, with the cloud's execution rule
 * (`executeBatteryDay`): a slot planned to charge charges up to the planned charge (within the
 * rate); a slot planned to discharge covers the house's real load (within the rate and above the
 * minimum); any other slot leaves the battery alone. With `recentDays`, the plan is made for the
 * spread of those days' loads (the cloud's registry planner); without, it is the exact plan for the forecast.
 */
export function replay(
  days: readonly RecordedDay[],
  loads: readonly number[][],
  forecast: Forecaster,
  tariff: TwoLevelTariff,
  first: number,
  recentDays: ((index: number) => number[][] | null) | null = null,
  /** Each day's starting charge, kWh, where given (else the charge the replay's previous day left). */
  startKwhOf: ((index: number) => number) | null = null,
): ReplayResult {
  const prices = pricesOf(tariff);
  const minKwh = (BATTERY.minPct / 100) * BATTERY.capacityKwh;
  let soc = (BATTERY.startPct / 100) * BATTERY.capacityKwh;
  const baseline: number[] = [];
  const cost: number[] = [];
  const dayStartKwh: number[] = [];
  const dayEndKwh: number[] = [];
  const planMs: number[] = [];
  const planCpuMs: number[] = [];
  for (let i = first; i < days.length; i++) {
    const { date, hours } = days[i]!;
    if (startKwhOf) soc = startKwhOf(i);
    dayStartKwh.push(soc);
    const day: DayContext = {
      date,
      timeZone: TIME_ZONE,
      slotStarts: slotStartsUtc(date, TIME_ZONE),
      slotHours: hours,
      pricesCentsPerKwh: prices,
      exportPricesCentsPerKwh: null,
      outdoorTempF: Array(SLOTS_PER_DAY).fill(60),
      fromSlot: 0,
    };
    const socPct = (100 * soc) / BATTERY.capacityKwh;
    const input: HomeBatteryInput = {
      socPct,
      capacityKwh: BATTERY.capacityKwh,
      maxChargeRateKw: BATTERY.rateKw,
      maxDischargeRateKw: BATTERY.rateKw,
      chargeEfficiency: BATTERY.etaIn,
      dischargeEfficiency: BATTERY.etaOut,
      targetPct: socPct, // no target: the day ends no lower than it started
      minPct: BATTERY.minPct,
      maxPct: 100,
      deadlineMinute: null,
      householdLoadKw: forecast(i) ?? [...loads[i - 1]!],
      householdLoadDaysKw: recentDays?.(i) ?? null,
    };
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { schedule } = planHomeBatteryForSpread(day, input);
    const used = process.cpuUsage(cpu);
    planMs.push(performance.now() - started);
    planCpuMs.push((used.user + used.system) / 1000);
    const run = executeBatteryDay(schedule, loads[i]!, hours, {
      startKwh: soc,
      capacityKwh: BATTERY.capacityKwh,
      minKwh,
      chargeKw: Array(SLOTS_PER_DAY).fill(BATTERY.rateKw),
      dischargeKw: BATTERY.rateKw,
      chargeEfficiency: BATTERY.etaIn,
      dischargeEfficiency: BATTERY.etaOut,
    });
    // Imports at the tariff; these tariffs have no export price, so an export would earn nothing.
    cost.push(executionCostCents(run, soc, prices, 0, 0, null));
    soc = run.endKwh.at(-1)!;
    dayEndKwh.push(soc);
    baseline.push(loads[i]!.reduce((c, kw, s) => c + kw * hours[s]! * prices[s]!, 0));
  }
  return { baseline, cost, dayStartKwh, dayEndKwh, planMs, planCpuMs };
}

/**
 * Share of perfect foresight's saving a replay keeps, per weekday (index 0 = Sunday) and over the
 * year. Each day's saving counts the change of charge it leaves at the refill price (the cheaper
 * price / ηc, the planner's own value of stored charge), so a day is not credited with charge
 * bought the day before.
 */
export function captured(days: readonly RecordedDay[], first: number, plan: ReplayResult, perfect: ReplayResult, tariff: TwoLevelTariff) {
  const weekday = (k: number) => weekdayOf(days[first + k]!.date);
  const refillCentsPerKwh = Math.min(tariff.base, tariff.peak) / BATTERY.etaIn;
  const daySaving = (r: ReplayResult, k: number) => r.baseline[k]! - r.cost[k]! + refillCentsPerKwh * (r.dayEndKwh[k]! - r.dayStartKwh[k]!);
  const saving = (r: ReplayResult, d: number | null) => r.baseline.reduce((s, _, k) => (d === null || weekday(k) === d ? s + daySaving(r, k) : s), 0);
  return {
    year: saving(plan, null) / saving(perfect, null),
    byWeekday: Array.from({ length: 7 }, (_, d) => saving(plan, d) / saving(perfect, d)),
  };
}
