// The home battery with solar behind its meter: the exact plan for the forecast load and
// generation, its self-consumption widened to the idle slots where it cannot lose. Why:
// home-battery.md "Solar".
import { executeBatteryDay, executedBatteryOf, executionCostCents } from './home-battery-execution.js';
import { planHomeBattery, refillCentsPerStoredKwh, type HomeBatterySchedule } from './home-battery.js';
import { planHomeBatteryForSpread, widerDischarge } from './home-battery-spread.js';
import { horizon, round2, slotValue } from './slots.js';
import { SLOTS, type DayContext, type HomeBatteryInput, type PlanResult } from './types.js';

/**
 * The exact plan for the forecast, then every idle slot (neither charging from the grid nor in
 * self-consumption) priced at least as high as the cheapest slot the plan covers the house in runs
 * in self-consumption too: on a day whose sun or load differs from the forecast, the battery
 * stores the surplus that comes and covers the load that comes there, where the plan would have
 * exported the one and imported the other. The plan is returned as it plays out on the forecast.
 */
export function planHomeBatteryWithSolar(day: DayContext, input: HomeBatteryInput): PlanResult<HomeBatterySchedule> {
  const exact = planHomeBattery(day, input);
  const schedule = widerDischarge(exact.schedule, day.pricesCentsPerKwh, day.fromSlot, input.socPct);
  if (!schedule) return exact;
  const capacity = input.capacityKwh;
  const battery = executedBatteryOf(input);
  const { startKwh } = battery;
  const run = (plan: HomeBatterySchedule) => executeBatteryDay(plan, input.householdLoadKw, day.slotHours, battery, day.fromSlot, input.solarKw ?? null);
  // The exact plan's costs, moved by what the widening changes on the forecast itself.
  const slots = horizon(day, SLOTS);
  const surpluses = slots.map((s) => Math.max(0, slotValue(input.solarKw, s.index) - slotValue(input.householdLoadKw, s.index)));
  const refill = refillCentsPerStoredKwh(slots, surpluses, input);
  const cost = (plan: HomeBatterySchedule) => executionCostCents(run(plan), startKwh, day.pricesCentsPerKwh, refill, day.fromSlot, day.exportPricesCentsPerKwh);
  const widenedRun = run(schedule);
  const trajectory = exact.schedule.value_trajectory;
  return {
    ...exact,
    schedule: { ...schedule, value_trajectory: trajectory.map((v, s) => (s < day.fromSlot ? v : round2((100 * widenedRun.endKwh[s]!) / capacity))) },
    optimizedCostCents: exact.optimizedCostCents + cost(schedule) - cost(exact.schedule),
  };
}

/**
 * The registry entry: planned for the spread of the recent days when they are known
 * (home-battery-spread.ts); else with solar the exact plan widened to self-consumption, without
 * it the exact plan.
 */
export const homeBatteryPlanner = (day: DayContext, input: HomeBatteryInput): PlanResult<HomeBatterySchedule> =>
  planHomeBatteryForSpread(day, input, input.solarKw ? planHomeBatteryWithSolar : planHomeBattery);
