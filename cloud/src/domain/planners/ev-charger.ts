// The EV charger planner: which slots to switch the charger on so the car reaches its target by
// the deadline at the least cost. Cases, baseline and why it is exact: ev-charger.md.
import { IDLE, chargeSchedule, charged, chargeScale, chargeTo, kwhTolerance, missedMin, missedTarget, simulateCost, type ChargeSchedule } from './charging.js';
import { actionSummary } from './plan-summary.js';
import { planSlots } from './slot-dp.js';
import { slotDpReasons } from './slot-reasons.js';
import { deadlineEnd, endLabel, horizon, round2 } from './slots.js';
import { SLOTS } from './types.js';
import type { DayContext, EvChargerInput, PlanResult, Planner } from './types.js';

/** The cheapest charging plan meeting the minimum and then the target by the deadline, or as close as possible. */
export function planEvCharger(day: DayContext, input: EvChargerInput): PlanResult<ChargeSchedule> {
  const scale = chargeScale(input.capacityKwh, input.socPct);
  const start = scale.kwh(input.socPct);
  const target = scale.kwh(input.targetPct);
  // The charger stops at the target, so a minimum above it could never be met from below: cap it.
  const min = Math.min(scale.kwh(input.minPct), target);
  const efficiency = Math.min(1, Math.max(0, input.efficiency));
  const rateKw = Math.max(0, input.maxChargeRateKw);
  // After the deadline the car is gone: the horizon ends there (tomorrow's slots when it is tomorrow).
  // Unplugged, it has no slot until a reading says it is plugged in, which re-plans.
  const slots = input.isUnplugged ? [] : horizon(day, deadlineEnd(day.fromSlot, input.deadlineMinute));
  const charge = slots.map((s) => {
    // A slot the import limit has no room for (docs/home-plan.md) cannot charge.
    const gain = input.blockedSlots?.[s.index % SLOTS] ? 0 : rateKw * s.hours * efficiency;
    return gain > 0 ? chargeTo(target, gain, s.price / efficiency) : IDLE;
  });
  const tol = kwhTolerance(scale.capacity);
  const plan = planSlots(
    start,
    // Charging first: on a tie (flat prices) the car charges as early as it can.
    slots.map((_, k) => ({ actions: [charge[k]!, IDLE], floor: k === slots.length - 1 ? target : min })),
    tol,
  );
  const reached = plan.states.at(-1) ?? start;
  const last = slots.at(-1);
  const missed = [
    ...missedMin(scale.pct(Math.min(...plan.states)), Math.min(input.minPct, input.targetPct)),
    ...(last ? missedTarget(scale.pct(reached), input.targetPct, endLabel(last.index)) : []),
  ];
  // Plug in and charge: the charger on from the start until the target (or the deadline).
  const baselineCostCents = simulateCost(start, charge);
  const reasons = slotDpReasons(day, slots, plan, {
    kinds: slots.map(() => ['charge', 'idle']),
    isBlocked: (k) => Boolean(input.blockedSlots?.[slots[k]!.index % SLOTS]),
    perChargedKwh: efficiency,
    perDeliveredKwh: 1,
    stateTolerance: tol.x,
    limitAt: (k) => (k === slots.length - 1 ? 'target_charge_pct' : 'min_charge_pct'),
    after: 'away',
  });
  return {
    schedule: {
      ...chargeSchedule(day.fromSlot, scale.pct(start), slots, plan, charged(start, plan, tol.x), scale.pct),
      reasons_48: reasons,
      summary: input.isUnplugged
        ? `Unplugged at ${round2(input.socPct)} %: nothing charges until the car is plugged in.`
        : actionSummary(reasons, {
            verb: 'Charges',
            purpose: `the cheapest hours before its ${last ? endLabel(last.index) : 'midnight'} deadline`,
            idle: `Needs no charging: it holds ${round2(input.socPct)} % against a ${round2(input.targetPct)} % target`,
            baseline: 'charging on arrival',
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
export const evChargerPlanner: Planner<'ev_charger'> = planEvCharger;
