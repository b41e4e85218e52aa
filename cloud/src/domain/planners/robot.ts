// The robot planner (vacuum or mower): when it should sit on its dock charging so it leaves for its
// daily tasks window at the target charge, at the least cost. Cases, baseline and why it is exact: robot.md.
import type { Transition } from './slot-actions.js';
import { IDLE, chargeSchedule, chargeScale, chargeTo, charged, kwhTolerance, missedMin, missedTarget, simulateCost, type ChargeSchedule } from './charging.js';
import { actionSummary } from './plan-summary.js';
import { planSlots } from './slot-dp.js';
import { slotDpReasons } from './slot-reasons.js';
import { NOMINAL_SLOT_HOURS, endLabel, horizon, round2, windowSlots } from './slots.js';
import { SLOTS, type DayContext, type PlanResult, type Planner, type RobotInput } from './types.js';

/** Off the dock for a slot: the battery loses `kwh` (not below empty), at no grid cost. */
const drain = (kwh: number): Transition => ({ next: (x) => Math.max(0, x - kwh), cost: () => 0, breaks: [kwh] });

/**
 * The cheapest docking plan that leaves for every tasks window at the target, or as close as
 * possible. Off the dock during the window, the robot is assumed to use target - min evenly over
 * it; the dock draws max_charge_rate_kw and the battery gains all of it (the config has no efficiency).
 */
export function planRobot(day: DayContext, input: RobotInput): PlanResult<ChargeSchedule> {
  const scale = chargeScale(input.capacityKwh, input.socPct);
  const start = scale.kwh(input.socPct);
  const target = scale.kwh(input.targetPct);
  const min = Math.min(scale.kwh(input.minPct), target);
  const rateKw = Math.max(0, input.maxChargeRateKw);
  const away = input.tasksWindow ? windowSlots(input.tasksWindow.startMinute, input.tasksWindow.endMinute) : Array<boolean>(SLOTS).fill(false);
  const awaySlots = away.filter(Boolean).length;
  const drainPerHour = awaySlots > 0 ? (target - min) / (awaySlots * NOMINAL_SLOT_HOURS) : 0;
  // A day ending on the dock charges on into tomorrow's slots before the next window (or to midnight without one).
  const firstAway = away.indexOf(true);
  const end = away[SLOTS - 1] || firstAway < 0 ? SLOTS : SLOTS + firstAway;
  const slots = horizon(day, end);
  const isAway = (index: number) => away[index % SLOTS]!;
  const dock = slots.map((s) => (rateKw * s.hours > 0 ? chargeTo(target, rateKw * s.hours, s.price) : IDLE));
  // The target applies at the end of the last docked slot before each window, and at the end of the horizon.
  const leaves = (k: number) => !isAway(slots[k]!.index) && (k === slots.length - 1 || isAway(slots[k]!.index + 1));
  const tol = kwhTolerance(scale.capacity);
  const plan = planSlots(
    start,
    // Charging first: on a tie (flat prices) the robot charges as early as it can.
    slots.map((s, k) => ({
      actions: isAway(s.index) ? [drain(drainPerHour * s.hours)] : [dock[k]!, IDLE],
      floor: leaves(k) ? target : min,
    })),
    tol,
  );
  // One entry for the first departure short of the target.
  const short = slots.flatMap((s, k) => (leaves(k) ? missedTarget(scale.pct(plan.states[k]!), input.targetPct, endLabel(s.index)) : []));
  const missed = [...missedMin(scale.pct(Math.min(...plan.states)), Math.min(input.minPct, input.targetPct)), ...short.slice(0, 1)];
  // Charge whenever docked: on from the start in every docked slot until the target.
  const baselineCostCents = simulateCost(
    start,
    slots.map((s, k) => (isAway(s.index) ? drain(drainPerHour * s.hours) : dock[k]!)),
  );
  const reasons = slotDpReasons(day, slots, plan, {
    kinds: slots.map((s) => (isAway(s.index) ? ['away'] : ['charge', 'idle'])),
    isBlocked: () => false,
    perChargedKwh: 1,
    perDeliveredKwh: 1,
    stateTolerance: tol.x,
    limitAt: (k) => (leaves(k) ? 'target_charge_pct' : 'min_charge_pct'),
    after: 'nothing_needed',
  });
  const departure = slots.findIndex((_, k) => leaves(k));
  return {
    schedule: {
      ...chargeSchedule(day.fromSlot, scale.pct(start), slots, plan, charged(start, plan, tol.x), scale.pct),
      reasons_48: reasons,
      summary: actionSummary(reasons, {
        verb: 'Charges on its dock',
        purpose: `the cheapest hours before ${input.tasksWindow ? `it leaves at ${endLabel(slots[departure]?.index ?? SLOTS - 1)}` : 'midnight'}`,
        idle: `Needs no charging: it holds ${round2(input.socPct)} % against a ${round2(input.targetPct)} % target`,
        baseline: 'charging whenever it is docked',
        baselineCents: baselineCostCents,
        optimizedCents: plan.costCents,
        missed,
      }),
    },
    baselineCostCents,
    optimizedCostCents: plan.costCents,
    missed,
  };
}

/** The registry entry. */
export const robotPlanner: Planner<'robot'> = planRobot;
