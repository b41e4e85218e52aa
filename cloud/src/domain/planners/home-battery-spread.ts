// The home battery planned for the spread of the home's loads: candidate plans from the
// exact planner fed the point estimate and per-slot quantiles of the recent days, each executed on
// every recent day's real load, keeping the one with the least mean cost (a sample-average
// approximation). Why and what it gives: home-battery.md "Planning for the spread".
import { quantile } from '../statistics.js';
import { executeBatteryDay, executedBatteryOf, executionCostCents } from './home-battery-execution.js';
import { planHomeBattery, refillCentsPerStoredKwh, targetEnd, type HomeBatterySchedule } from './home-battery.js';
import { batterySummary } from './plan-summary.js';
import { centsFigure, type SlotReason } from './reason-codes.js';
import { deadlineEnd, horizon, round2, slotValue, total } from './slots.js';
import { SLOTS, type DayContext, type HomeBatteryInput, type PlanResult } from './types.js';

/** The per-slot quantiles of the recent days that give candidate plans, beside the point estimate. */
export const CANDIDATE_QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9];
/** Fewer recent days than this say too little about the spread: the plan is the point estimate's. */
export const MIN_SPREAD_DAYS = 5;
/** A candidate must beat the best so far by more than this share of its mean cost to replace it (rounding): earlier ones, today's plan first, win ties. */
const MARGIN = 1e-9;
/**
 * Planned charges are stored to 0.01 % (`round2`), and a slot charges up to its rounded level: a
 * run that falls short of the target by less than one such step has reached it.
 */
const TRAJECTORY_STEP_PCT = 0.01;

/** Per slot, the q-quantile over the days. */
export const slotQuantile = (days: readonly (readonly number[])[], q: number): number[] =>
  Array.from({ length: SLOTS }, (_, s) =>
    quantile(
      days.map((d) => Math.max(0, d[s] ?? 0)),
      q,
    ),
  );

/** The recent days when they can be planned for: enough of them, and a deadline today. */
function spreadDays(day: DayContext, input: HomeBatteryInput): number[][] | null {
  const days = input.householdLoadDaysKw?.filter((d) => d.length === SLOTS) ?? [];
  if (days.length < MIN_SPREAD_DAYS) return null;
  // A deadline in tomorrow's slots is planned exactly (home-battery.md).
  if (deadlineEnd(day.fromSlot, input.deadlineMinute) > SLOTS) return null;
  if (!(input.capacityKwh > 0)) return null;
  return days;
}

const sameLoad = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 1e-9);

/**
 * The cheapest plan on average over the recent days' real loads, among the exact plans for the
 * point estimate and for per-slot quantiles of those days, each also with its discharge widened
 * to its idle slots priced at least its cheapest discharge; with solar, each is scored on the
 * days' loads against the solar forecast. Without recent days it is `withoutSpread`'s plan; with
 * all of them alike, or when that plan wins, exactly planHomeBattery's. A quantile's plan
 * is returned as it plays out on the point estimate (its charge trajectory and costs), so the home
 * block, the savings and the hub read one story; the choice itself is scored on the recent days.
 */
export function planHomeBatteryForSpread(
  day: DayContext,
  input: HomeBatteryInput,
  withoutSpread: (day: DayContext, input: HomeBatteryInput) => PlanResult<HomeBatterySchedule> = planHomeBattery,
): PlanResult<HomeBatterySchedule> {
  const days = spreadDays(day, input);
  const point = input.householdLoadKw;
  if (!days) return withoutSpread(day, input);
  const forecasts: number[][] = [point];
  for (const q of CANDIDATE_QUANTILES) {
    const f = slotQuantile(days, q);
    if (!forecasts.some((g) => sameLoad(f, g))) forecasts.push(f);
  }
  const candidates = forecasts.map((f) => planHomeBattery(day, { ...input, householdLoadKw: f }));
  if (forecasts.length === 1) return candidates[0]!;
  const distinct = candidates.filter((c, k) => candidates.findIndex((d) => sameSchedule(c.schedule, d.schedule)) === k);
  // Each plan also as it would run with charge to spare: discharging in every idle slot priced at
  // least as high as its cheapest discharge (a plan for a high load leaves some peak slots idle
  // only because its battery is empty by then; on a lighter day it is not).
  const variants = distinct.flatMap((c, k) => {
    const wider = widerDischarge(c.schedule, day.pricesCentsPerKwh, day.fromSlot, input.socPct);
    return [{ plan: c, asIs: k === 0 }, ...(wider ? [{ plan: { ...c, schedule: wider }, asIs: false }] : [])];
  });

  const capacity = input.capacityKwh;
  const battery = executedBatteryOf(input);
  const { startKwh } = battery;
  const maxPct = Math.min(100, Math.max(0, input.maxPct));
  const targetPct = Math.min(input.targetPct, maxPct);
  const slots = horizon(day, SLOTS);
  // The house net of the solar forecast (the days' loads meet the same forecast): what it imports and exports without the battery.
  const netKwh = slots.map((s) => (Math.max(0, slotValue(point, s.index)) - Math.max(0, slotValue(input.solarKw, s.index))) * s.hours);
  // The planner's own value of the charge left at the end (home-battery.md).
  const refill = refillCentsPerStoredKwh(
    slots,
    netKwh.map((kwh) => Math.max(0, -kwh)),
    input,
  );
  const prices = day.pricesCentsPerKwh;
  const exportPrices = day.exportPricesCentsPerKwh;
  // Both figures of the returned plan are on the point estimate, like the schedule.
  const baselineCostCents = total(slots.map((s, k) => (netKwh[k]! >= 0 ? s.price : (s.exportPrice ?? 0)) * netKwh[k]!));
  const run = (schedule: HomeBatterySchedule, loadKw: readonly number[]) =>
    executeBatteryDay(schedule, loadKw, day.slotHours, battery, day.fromSlot, input.solarKw ?? null);
  const cost = (r: ReturnType<typeof run>) => executionCostCents(r, startKwh, prices, refill, day.fromSlot, exportPrices);

  // A target that is a real requirement (by a deadline, or above the start) is a constraint: no
  // candidate may fall short of it on the recent days more than the point estimate's plan does.
  // The day's floor met in tomorrow's slots lies past the days the candidates are scored on.
  const targetSlot = targetEnd(day, input) - 1;
  const hasTarget = targetSlot < SLOTS && (input.deadlineMinute !== null || targetPct > input.socPct);
  const reachedKwh = ((targetPct - TRAJECTORY_STEP_PCT) / 100) * capacity;

  const scored = variants.map(({ plan: c, asIs }) => {
    // Today's plan (the point estimate's, first) competes as it is; any other as it plays out on
    // the point estimate, which is what is then stored and shown.
    const onPoint = asIs ? null : run(c.schedule, point);
    const schedule: HomeBatterySchedule = onPoint
      ? { ...c.schedule, value_trajectory: c.schedule.value_trajectory.map((v, s) => (s < day.fromSlot ? v : round2((100 * onPoint.endKwh[s]!) / capacity))) }
      : c.schedule;
    const runs = days.map((d) => run(schedule, d));
    const meanCost = total(runs.map(cost)) / runs.length;
    const shortfall = hasTarget ? total(runs.map((r) => Math.max(0, reachedKwh - r.endKwh[targetSlot]!))) / runs.length : 0;
    const result = onPoint ? { ...c, schedule, baselineCostCents, optimizedCostCents: cost(run(schedule, point)) } : c;
    return { result, meanCost, shortfall };
  });
  const reference = scored[0]!;
  let best = reference;
  for (const s of scored.slice(1)) {
    if (s.shortfall > reference.shortfall + 1e-9) continue;
    if (s.meanCost < best.meanCost - MARGIN * Math.abs(best.meanCost)) best = s;
  }
  if (best === reference) return best.result;
  // Its sentence states the costs it is returned with.
  const { schedule, baselineCostCents: baseline, optimizedCostCents: optimized, missed } = best.result;
  return { ...best.result, schedule: { ...schedule, summary: batterySummary(schedule.reasons_48, baseline, optimized, missed) } };
}

/**
 * The schedule in self-consumption also in its idle slots priced at least its cheapest slot
 * covering the house (a self-consumption slot whose charge falls, not one storing a surplus), or
 * null when that adds none.
 */
export function widerDischarge(schedule: HomeBatterySchedule, prices: readonly number[], fromSlot: number, startPct: number): HomeBatterySchedule | null {
  const trajectory = schedule.value_trajectory;
  const covers = (s: number) => trajectory[s]! < (s > fromSlot ? trajectory[s - 1]! : startPct);
  const discharging = schedule.discharge_intervals.flatMap((on, s) => (on && s >= fromSlot && covers(s) ? [prices[s] ?? 0] : []));
  if (discharging.length === 0) return null;
  const floor = Math.min(...discharging);
  const wider = schedule.discharge_intervals.map((on, s) => on || (s >= fromSlot && !schedule.intervals[s] && (prices[s] ?? 0) >= floor));
  if (wider.every((on, s) => on === schedule.discharge_intervals[s])) return null;
  // A widened slot covers the house because its price is at least the plan's cheapest discharge.
  const reasons_48 = schedule.reasons_48.map((r, s): SlotReason =>
    wider[s] && !schedule.discharge_intervals[s] ? { code: 'covers_house', price_cents: r.price_cents, compared_cents: centsFigure(floor) } : r,
  );
  return { ...schedule, discharge_intervals: wider, reasons_48 };
}

function sameSchedule(a: HomeBatterySchedule, b: HomeBatterySchedule): boolean {
  return (
    a.intervals.every((v, i) => v === b.intervals[i]) &&
    a.discharge_intervals.every((v, i) => v === b.discharge_intervals[i]) &&
    sameLoad(a.value_trajectory, b.value_trajectory)
  );
}
