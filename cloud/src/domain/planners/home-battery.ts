// The home battery planner: when to charge from the grid and when to discharge to cover the house,
// meeting the target by the deadline and never going below the minimum, at the least cost of the
// household's import. Cases, baseline and why it is exact: home-battery.md.
import { IDLE, chargeSchedule, chargeScale, charged, kwhTolerance, missedMin, missedTarget, type ChargeSchedule } from './charging.js';
import type { Action, RangeTransition } from './slot-actions.js';
import { batterySummary } from './plan-summary.js';
import { planSlots } from './slot-dp.js';
import { slotDpReasons, type MoveKind } from './slot-reasons.js';
import { deadlineEnd, endLabel, horizon, isTomorrow, slotValue, todayArray, total, type HorizonSlot } from './slots.js';
import { SLOTS, type DayContext, type HomeBatteryInput, type PlanResult } from './types.js';

/**
 * The home_battery schedule body: the charging fields plus `discharge_intervals` (true = the
 * battery covers the house) and `export_intervals` (true = it also discharges past the house, down
 * to the slot's planned level, exporting what the house does not take; a subset of the former).
 */
export type HomeBatterySchedule = ChargeSchedule & {
  discharge_intervals: boolean[];
  export_intervals: boolean[];
};

/** Charging from the grid by any amount up to the full rate, never above the ceiling (max_charge_pct). */
function charge(ceilingKwh: number, gainKwh: number, centsPerStoredKwh: number): RangeTransition {
  const high = (x: number) => (x >= ceilingKwh ? x : Math.min(ceilingKwh, x + gainKwh));
  return { low: (x) => x, high, base: () => 0, slope: centsPerStoredKwh, breaks: [ceilingKwh - gainKwh, ceilingKwh], sameAs: 'low' };
}

/** Storing a solar surplus by any amount up to `gainKwh` (within the rate), up to a full battery; each stored kWh forgoes what exporting it earned. */
function storeSurplus(capacityKwh: number, gainKwh: number, centsPerStoredKwh: number): RangeTransition {
  const high = (x: number) => (x >= capacityKwh ? x : Math.min(capacityKwh, x + gainKwh));
  return { low: (x) => x, high, base: () => 0, slope: centsPerStoredKwh, breaks: [capacityKwh - gainKwh, capacityKwh], sameAs: 'low' };
}

/** Covering the house by any amount up to `amountKwh` (the load, within the rate), never below the floor; each kWh saves the price. */
function coverHouse(floorKwh: number, amountKwh: number, price: number): RangeTransition {
  const low = (x: number) => (x <= floorKwh ? x : Math.max(floorKwh, x - amountKwh));
  return { low, high: (x) => x, base: (x) => price * (low(x) - x), slope: price, breaks: [floorKwh, floorKwh + amountKwh], sameAs: 'high' };
}

/**
 * With an export curve, discharging past the house: the house covered in full (the meter nets,
 * so it comes first), then up to the rest of the full rate exported at the export price. Where
 * the battery cannot cover the house above its floor this is just emptying to the floor.
 */
function coverAndExport(floorKwh: number, loadKwh: number, fullKwh: number, price: number, exportPrice: number): RangeTransition {
  const low = (x: number) => (x <= floorKwh ? x : Math.max(floorKwh, x - fullKwh));
  const high = (x: number) => (x <= floorKwh ? x : Math.max(floorKwh, x - loadKwh));
  const cost = (kwh: number) => -price * Math.min(kwh, loadKwh) - exportPrice * Math.max(0, kwh - loadKwh);
  return { low, high, base: (x) => cost(x - low(x)), slope: exportPrice, breaks: [floorKwh, floorKwh + loadKwh, floorKwh + fullKwh] };
}

/**
 * A kWh kept at the end is worth this share of one used at the same price now: where both are
 * worth the same, as at a flat tariff, the plan covers the house rather than carrying the charge
 * (a sunny tomorrow fills the battery anyway, and a kept kWh is then one surplus kWh exported).
 */
const KEPT_SHARE = 1 - 1e-6;

/**
 * A stored kWh's value at the end of the horizon: the cheapest of buying it back and of storing a
 * surplus instead of exporting it, over the charge efficiency. Without a target (the day's floor
 * only) no later plan has to buy it back, so it is worth no more than it saves covering the house
 * in the horizon's dearest slot (that price times the discharge efficiency): where buying back
 * costs more, as at a flat tariff, it is only ever used.
 */
export function refillCentsPerStoredKwh(
  slots: readonly HorizonSlot[],
  surplusKwh: readonly number[],
  battery: Pick<HomeBatteryInput, 'chargeEfficiency' | 'dischargeEfficiency' | 'isDayStartFloor'>,
): number {
  const etaIn = Math.min(1, battery.chargeEfficiency);
  if (!(etaIn > 0) || slots.length === 0) return 0;
  const prices = slots.map((s, k) => ((surplusKwh[k] ?? 0) > 0 ? Math.min(s.price, s.exportPrice ?? 0) : s.price));
  const refill = Math.max(0, Math.min(...prices)) / etaIn;
  if (!battery.isDayStartFloor) return refill;
  const etaOut = Math.min(1, Math.max(0, battery.dischargeEfficiency));
  return Math.min(refill, KEPT_SHARE * Math.max(0, ...slots.map((s) => s.price)) * etaOut);
}

/** Tomorrow priced exactly as today, import and export (a tariff that repeats by the day). */
const tomorrowRepeatsToday = (day: DayContext): boolean =>
  !!day.tomorrow &&
  day.tomorrow.pricesCentsPerKwh.every((p, s) => p === day.pricesCentsPerKwh[s]) &&
  (day.tomorrow.exportPricesCentsPerKwh ?? []).every((p, s) => p === day.exportPricesCentsPerKwh?.[s]);

/**
 * End (exclusive horizon index) of the slots counting toward the target: the deadline's. The
 * day's floor (no target) over a two-day horizon ends with tomorrow's last slot of forecast solar
 * surplus, so the plan need not hold tonight charge tomorrow's sun refills; without such a slot it
 * is midnight where tomorrow repeats today's prices, and tomorrow's end where tomorrow is priced
 * otherwise (a day-ahead market), so the charge at midnight follows tomorrow's prices rather than
 * ratcheting each day's floor up (home-battery.md). With a target it is the deadline's (midnight
 * without one).
 */
export function targetEnd(day: DayContext, input: HomeBatteryInput): number {
  const end = deadlineEnd(day.fromSlot, input.deadlineMinute);
  if (!input.isDayStartFloor || input.deadlineMinute !== null || !day.tomorrow) return end;
  for (let index = 2 * SLOTS - 1; index >= SLOTS; index--) {
    if (slotValue(input.solarKw, index) > slotValue(input.householdLoadKw, index)) return index + 1;
  }
  return tomorrowRepeatsToday(day) ? end : 2 * SLOTS;
}

/** The cheapest charge/discharge plan meeting the minimum always and the target by the deadline, or as close as possible. */
export function planHomeBattery(day: DayContext, input: HomeBatteryInput): PlanResult<HomeBatterySchedule> {
  const scale = chargeScale(input.capacityKwh, input.socPct);
  const start = scale.kwh(input.socPct);
  // The target is a floor at the deadline, never a ceiling; grid charging stops at
  // max_charge_pct, so a target or minimum above that could never be met from below: cap them.
  const maxPct = Math.min(100, Math.max(0, input.maxPct));
  const targetPct = Math.min(input.targetPct, maxPct);
  const minPct = Math.min(input.minPct, targetPct);
  const ceiling = scale.kwh(maxPct);
  const target = scale.kwh(targetPct);
  const min = scale.kwh(minPct);
  // A stored kWh costs the price / ηc; a stored kWh delivers ηd kWh to the house or the meter.
  const etaIn = Math.min(1, Math.max(0, input.chargeEfficiency));
  const etaOut = Math.min(1, Math.max(0, input.dischargeEfficiency));
  const chargeKw = Math.max(0, input.maxChargeRateKw);
  const dischargeKw = Math.max(0, input.maxDischargeRateKw);
  const end = deadlineEnd(day.fromSlot, input.deadlineMinute);
  // The whole of today (discharging may go on after the deadline), tomorrow up to a next-day
  // deadline, and the whole of tomorrow when its prices are known.
  const slots = horizon(day, Math.max(SLOTS, end, day.tomorrow ? 2 * SLOTS : 0));
  const deadlineSlot = targetEnd(day, input) - day.fromSlot - 1;
  // With a solar forecast the battery sees the house net of it: the load left to cover, or the surplus it may store.
  const gross = slots.map((s) => Math.max(0, slotValue(input.householdLoadKw, s.index)) * s.hours);
  const solar = slots.map((s) => Math.max(0, slotValue(input.solarKw, s.index)) * s.hours);
  const loads = gross.map((kwh, k) => Math.max(0, kwh - solar[k]!));
  const surpluses = gross.map((kwh, k) => Math.max(0, solar[k]! - kwh));
  // The import limit's headroom caps the grid draw of charging in each slot.
  const chargeKwAt = (index: number) => Math.min(chargeKw, Math.max(0, input.chargeHeadroomKw?.[index % SLOTS] ?? Infinity));
  // Charge left at the end is worth what buying it back would cost at the horizon's cheapest price,
  // or storing a surplus instead of exporting it (a day that drains the battery leaves the next one
  // to refill it), at most what it saves when used: without this credit the plan would empty the
  // battery after the deadline even where that loses money.
  const refill = refillCentsPerStoredKwh(slots, surpluses, input);
  const tol = kwhTolerance(scale.capacity);
  const kinds: MoveKind[][] = [];
  const plan = planSlots(
    start,
    slots.map((s, k) => {
      const load = loads[k]!;
      const full = dischargeKw * s.hours;
      const gain = chargeKwAt(s.index) * s.hours * etaIn;
      // In stored kWh: covering `load` takes load / ηd out of the battery, each stored kWh saving price × ηd.
      const actions: Action[] = [IDLE];
      const labels: MoveKind[] = ['idle'];
      if (etaOut > 0) {
        actions.push(coverHouse(min, Math.min(full, load) / etaOut, s.price * etaOut));
        labels.push('discharge');
      }
      if (etaOut > 0 && s.exportPrice !== null && full > load) {
        actions.push(coverAndExport(min, load / etaOut, full / etaOut, s.price * etaOut, s.exportPrice * etaOut));
        labels.push('export');
      }
      const surplus = surpluses[k]!;
      // A slot with a surplus stores it (self-consumption) and does not also charge from the grid.
      if (surplus > 0 && etaIn > 0) {
        actions.push(storeSurplus(scale.capacity, Math.min(surplus, chargeKw * s.hours) * etaIn, (s.exportPrice ?? 0) / etaIn));
        labels.push('charge');
      } else if (gain > 0 && etaIn > 0) {
        actions.push(charge(ceiling, gain, s.price / etaIn));
        labels.push('charge');
      }
      kinds.push(labels);
      return { actions, floor: k === deadlineSlot ? target : min };
    }),
    tol,
    refill,
  );
  // Costs cover today and tomorrow up to a next-day deadline; the rest of tomorrow, planned when its
  // prices are known, only values what is left. No plan: the battery idles, the house imports its
  // load net of solar and exports the surplus.
  const todayCount = slots.filter((s) => !isTomorrow(s.index)).length;
  const costedCount = slots.filter((s) => s.index < Math.max(SLOTS, end)).length;
  const costed = slots.slice(0, costedCount);
  const baselineCostCents = total(costed.map((s, k) => s.price * loads[k]! - (s.exportPrice ?? 0) * surpluses[k]!));
  const leftKwh = costedCount > 0 ? plan.states[costedCount - 1]! : start;
  const rose = charged(start, plan, tol.x);
  // Storing a surplus is the battery's self-consumption, as covering the house is: both are `discharge_intervals`.
  const selfConsumed = plan.states.map((x, k) => (rose[k]! && surpluses[k]! > 0) || x < (k > 0 ? plan.states[k - 1]! : start) - tol.x);
  const gridCharged = rose.map((r, k) => r && surpluses[k]! === 0);
  // Exporting: more delivered in the slot than the house takes net of solar.
  const exported = plan.states.map((x, k) => ((k > 0 ? plan.states[k - 1]! : start) - x) * etaOut > loads[k]! + tol.x);
  const deadline = slots[deadlineSlot];
  const missed = [
    ...missedMin(scale.pct(Math.min(...plan.states)), minPct),
    ...(deadline ? missedTarget(scale.pct(plan.states[deadlineSlot]!), targetPct, endLabel(deadline.index)) : []),
  ];
  // The charge the day takes out of the battery is not free: it counts at the refill price.
  const actionsCents = total(plan.choices.slice(0, costedCount).map((choice, k) => plan.moves[k]![choice]!.cost));
  const optimizedCostCents = baselineCostCents + actionsCents + refill * (start - leftKwh);
  const reasons = slotDpReasons(day, slots, plan, {
    kinds,
    isBlocked: (k) => chargeKwAt(slots[k]!.index) <= 0 && chargeKw > 0,
    perChargedKwh: etaIn,
    perDeliveredKwh: etaOut > 0 ? 1 / etaOut : 1,
    stateTolerance: tol.x,
    // The deadline's floor is the target's only where the target is above the minimum.
    limitAt: (k) => (k === deadlineSlot && target > min + tol.x ? 'target_charge_pct' : 'min_charge_pct'),
    after: 'nothing_needed',
  });
  return {
    schedule: {
      ...chargeSchedule(day.fromSlot, scale.pct(start), slots, plan, gridCharged, scale.pct),
      discharge_intervals: todayArray(day.fromSlot, selfConsumed.slice(0, todayCount), false, false),
      export_intervals: todayArray(day.fromSlot, exported.slice(0, todayCount), false, false),
      reasons_48: reasons,
      summary: batterySummary(reasons, baselineCostCents, optimizedCostCents, missed),
    },
    baselineCostCents,
    optimizedCostCents,
    missed,
  };
}
