// The water heater planner: when to run the element, and to what temperature, so the tank never
// falls below its minimum, at the least cost. Tank physics, baseline and why it is exact: water-heater.md.
import type { RangeTransition, Transition } from './slot-actions.js';
import { actionSummary } from './plan-summary.js';
import { notPlanned } from './reason-codes.js';
import { planSlots } from './slot-dp.js';
import { slotDpReasons } from './slot-reasons.js';
import { horizon, round2, todayArray, type HorizonSlot } from './slots.js';
import { SLOTS, type DayContext, type MissedLimit, type PlanResult, type Planner, type WaterHeaterInput } from './types.js';
import type { WaterHeaterSchedule } from './schedule-bodies.js';

export type { WaterHeaterSchedule };

/** Energy to warm one gallon of water by 1 °F: 8.34 BTU at 3412.14 BTU per kWh (about 0.002444 kWh). */
export const KWH_PER_GALLON_F = 8.34 / 3412.14;

/** The conventional thermostat of the baseline turns the element on this far below the maximum. */
export const THERMOSTAT_DEADBAND_F = 10;

/** Differences below this many °F are rounding, not a missed limit. */
const TEMP_TOLERANCE_F = 1e-6;

/**
 * The tank over one slot. First standby loss, insulation_factor × (T - ambient) °F per hour, then
 * the slot's draw, replaced by inlet water and mixed in (`cool`); then the element's heat, which
 * the tank's own thermostat cuts at the maximum. Planned heating may stop earlier, at the slot's
 * planned temperature (`heat`: any amount up to what the slot allows); the baseline thermostat runs
 * the element for the whole slot (`fullSlot`).
 */
function tankSlot(input: WaterHeaterInput, slot: HorizonSlot): { cool: Transition; heat: RangeTransition; fullSlot: Transition } {
  const lossFraction = Math.min(1, Math.max(0, input.insulationFactor) * slot.hours);
  const drawFraction = Math.min(1, Math.max(0, input.drawGallons[slot.index % SLOTS] ?? 0) / input.tankSizeGallons);
  const keep = (1 - lossFraction) * (1 - drawFraction);
  const offset = (1 - drawFraction) * lossFraction * input.ambientTempF + drawFraction * input.inletTempF;
  const before = (t: number) => keep * t + offset;
  const heatF = ((Math.max(0, input.elementWatts) / 1000) * slot.hours) / (input.tankSizeGallons * KWH_PER_GALLON_F);
  const max = input.maxTempF;
  const hottest = (t: number) => Math.max(before(t), Math.min(max, before(t) + heatF));
  const centsPerF = slot.price * input.tankSizeGallons * KWH_PER_GALLON_F;
  const breaks = keep > 0 ? [(max - heatF - offset) / keep, (max - offset) / keep] : [];
  return {
    cool: { next: before, cost: () => 0, breaks: [] },
    heat: { low: before, high: hottest, base: () => 0, slope: centsPerF, breaks, sameAs: 'low' },
    fullSlot: { next: hottest, cost: (t) => centsPerF * (hottest(t) - before(t)), breaks },
  };
}

/** The cheapest element plan keeping the tank at or above its minimum at the end of every slot, or as close as possible. */
export function planWaterHeater(day: DayContext, input: WaterHeaterInput): PlanResult<WaterHeaterSchedule> {
  const flat = (t: number): WaterHeaterSchedule => ({
    intervals: Array<boolean>(SLOTS).fill(false),
    temp_trajectory: Array<number>(SLOTS).fill(round2(t)),
    unit: 'fahrenheit',
    ...notPlanned('Plans nothing: the tank holds no water.'),
  });
  // A tank of no water has nothing to heat and nothing to keep warm.
  if (!(input.tankSizeGallons > 0)) return { schedule: flat(input.tankTempF), baselineCostCents: 0, optimizedCostCents: 0, missed: [] };
  const slots = horizon(day, SLOTS);
  const tank = slots.map((s) => tankSlot(input, s));
  const isBlocked = (k: number) => Boolean(input.blockedSlots?.[slots[k]!.index % SLOTS]);
  const tol = { x: 1e-9 * Math.max(1, input.maxTempF), y: 1e-9 };
  const plan = planSlots(
    input.tankTempF,
    // Cooling alone first: on a tie the element stays off.
    // A slot the import limit has no room for (docs/home-plan.md) cannot heat.
    tank.map(({ cool, heat }, k) => ({ actions: isBlocked(k) ? [cool] : [cool, heat], floor: input.minTempF })),
    tol,
  );
  const heated = plan.states.map((t, k) => t > tank[k]!.cool.next(k > 0 ? plan.states[k - 1]! : input.tankTempF) + TEMP_TOLERANCE_F);
  const lowest = Math.min(...plan.states);
  const missed: MissedLimit[] =
    lowest < input.minTempF - TEMP_TOLERANCE_F
      ? [{ limit: 'min_temp_f', message: `falls to ${Math.round(lowest * 10) / 10} F, below the ${input.minTempF} F minimum`, achieved: round2(lowest) }]
      : [];
  const temps = plan.states.map(round2);
  const baselineCostCents = thermostatCost(input.tankTempF, input.maxTempF, tank);
  const reasons = slotDpReasons(day, slots, plan, {
    kinds: slots.map((_, k) => (isBlocked(k) ? ['idle'] : ['idle', 'charge'])),
    isBlocked,
    // A tank °F costs the price × gallons × KWH_PER_GALLON_F.
    perChargedKwh: 1 / (input.tankSizeGallons * KWH_PER_GALLON_F),
    perDeliveredKwh: 1,
    stateTolerance: 1e-6,
    limitAt: () => 'min_temp_f',
    after: 'nothing_needed',
  });
  return {
    schedule: {
      intervals: todayArray(day.fromSlot, heated, false, false),
      temp_trajectory: todayArray(day.fromSlot, temps, round2(input.tankTempF), round2(input.tankTempF)),
      unit: 'fahrenheit',
      reasons_48: reasons,
      summary: actionSummary(reasons, {
        verb: 'Heats',
        purpose: `the cheapest hours that keep the tank above its ${Math.round(input.minTempF)} F minimum`,
        idle: `Needs no heating: the tank stays above its ${Math.round(input.minTempF)} F minimum`,
        baseline: `its own thermostat at ${Math.round(input.maxTempF)} F`,
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

/** No plan: a conventional thermostat at the maximum, on from a start below max - deadband until it reaches the maximum. */
function thermostatCost(startF: number, maxF: number, tank: readonly { cool: Transition; fullSlot: Transition }[]): number {
  let t = startF;
  let heating = false;
  let cost = 0;
  for (const { cool, fullSlot } of tank) {
    if (t < maxF - THERMOSTAT_DEADBAND_F) heating = true;
    const action = heating ? fullSlot : cool;
    cost += action.cost(t);
    t = action.next(t);
    if (t >= maxF - TEMP_TOLERANCE_F) heating = false;
  }
  return cost;
}

/** The registry entry. */
export const waterHeaterPlanner: Planner<'water_heater'> = planWaterHeater;
