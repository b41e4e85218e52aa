// What the EV, home-battery and robot planners share: the battery state in kWh, charging that stops
// at a ceiling, the schedule arrays, and the target and minimum limits a plan may miss.
import type { Tolerance } from './piecewise-linear.js';
import type { ChargeSchedule, PlanExplanation } from './schedule-bodies.js';
import type { Transition } from './slot-actions.js';
import type { DpPlan } from './slot-dp.js';
import { isTomorrow, round2, todayArray, type HorizonSlot } from './slots.js';
import type { MissedLimit } from './types.js';

/** The ev_charger, home_battery and robot schedule arrays (without the plan's reasons). */
export type ChargeArrays = Omit<ChargeSchedule, keyof PlanExplanation | 'discharge_intervals' | 'export_intervals'>;
export type { ChargeSchedule } from './schedule-bodies.js';

/** Differences below this many percent are rounding, not a missed limit. */
const PCT_TOLERANCE = 1e-6;

/** Leaves the state as it is, for free. */
export const IDLE: Transition = { next: (x) => x, cost: () => 0, breaks: [] };

/**
 * A slot of charging at the full rate: the battery gains `gainKwh` but stops at `ceilingKwh`
 * (a charger on for a slot stops when the target is reached) and does nothing at or
 * above it. Each stored kWh costs `centsPerStoredKwh` (the price divided by the efficiency).
 */
export function chargeTo(ceilingKwh: number, gainKwh: number, centsPerStoredKwh: number): Transition {
  const next = (x: number) => (x >= ceilingKwh ? x : Math.min(ceilingKwh, x + gainKwh));
  return { next, cost: (x) => centsPerStoredKwh * (next(x) - x), breaks: [ceilingKwh - gainKwh, ceilingKwh] };
}

/** DP tolerances for a battery of this size: kWh differences below a billionth of it are one state. */
export const kwhTolerance = (capacityKwh: number): Tolerance => ({ x: 1e-9 * Math.max(1, capacityKwh), y: 1e-9 });

/** Percent <-> kWh for one battery; a battery of no capacity stays at the reading it started from. */
export function chargeScale(capacityKwh: number, startPct: number) {
  const capacity = Math.max(0, capacityKwh);
  return {
    capacity,
    kwh: (pct: number) => (Math.min(100, Math.max(0, pct)) / 100) * capacity,
    pct: (kwh: number) => (capacity > 0 ? (100 * kwh) / capacity : Math.min(100, Math.max(0, startPct))),
  };
}

const label = (pct: number) => `${Math.round(pct * 10) / 10} %`;

/** Per horizon slot, whether the plan charged in it (the state rose by more than a rounding `tol`). */
export const charged = (start: number, plan: DpPlan, tol: number): boolean[] => plan.states.map((x, k) => x > (k > 0 ? plan.states[k - 1]! : start) + tol);

/**
 * The schedule arrays for today from a plan over `slots` and its per-slot `intervals`; slots before
 * the plan start hold the start value, today's slots past the horizon the last planned value.
 */
export function chargeSchedule(
  fromSlot: number,
  startPct: number,
  slots: readonly HorizonSlot[],
  plan: DpPlan,
  intervals: readonly boolean[],
  pct: (kwh: number) => number,
): ChargeArrays {
  const count = slots.filter((s) => !isTomorrow(s.index)).length;
  const states = plan.states.slice(0, count).map((x) => round2(pct(x)));
  return {
    intervals: todayArray(fromSlot, intervals.slice(0, count), false, false),
    value_trajectory: todayArray(fromSlot, states, round2(startPct), states.at(-1) ?? round2(startPct)),
    unit: 'percent',
  };
}

/** `target_charge_pct` when the charge reached by the deadline (`byLabel`) is short of the target. */
export function missedTarget(reachedPct: number, targetPct: number, byLabel: string): MissedLimit[] {
  if (reachedPct >= targetPct - PCT_TOLERANCE) return [];
  return [
    {
      limit: 'target_charge_pct',
      message: `reaches ${label(reachedPct)} by ${byLabel}, short of the ${label(targetPct)} target`,
      achieved: round2(reachedPct),
    },
  ];
}

/** `min_charge_pct` when the lowest planned charge is below the minimum. */
export function missedMin(lowestPct: number, minPct: number): MissedLimit[] {
  if (lowestPct >= minPct - PCT_TOLERANCE) return [];
  return [{ limit: 'min_charge_pct', message: `falls to ${label(lowestPct)}, below the ${label(minPct)} minimum`, achieved: round2(lowestPct) }];
}

/** Runs one action in every slot from `start`: the baseline behaviours. Returns the total cost. */
export function simulateCost(start: number, actions: readonly Transition[]): number {
  let x = start;
  let cost = 0;
  for (const a of actions) {
    cost += a.cost(x);
    x = a.next(x);
  }
  return cost;
}
