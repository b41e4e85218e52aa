// The HVAC day as a chain problem: slot dynamics from the thermal model, costs from prices and
// rated power, soft temperature bounds from the comfort band kept a margin inside it.
import { stepCoefficients, type StepCoefficients } from '../thermal/thermal-model.js';
import type { ChainBound, ChainProblem } from './hvac-chain.js';
import type { HvacPlanInput } from './hvac-input.js';
import { SLOTS, type DayContext } from './types.js';

/**
 * How far inside the band the plan keeps its predicted temperature, F. A thermostat swings about
 * half a degree around its setpoint, so a plan at the very edge of the band would leave it half
 * the time; narrower bands shrink the margin to keep its middle.
 */
export const COMFORT_MARGIN_F = 0.5;

/** Cost of one F·h outside the planning range, cents: far above any energy saving it could buy. */
export const PENALTY_CENTS_PER_F_HOUR = 100_000;

/** The range the plan aims for in one slot: the band less the margin, inside the setpoint bounds when they allow it. */
export function planningRange(input: HvacPlanInput, slot: number): { minF: number; maxF: number } {
  const high = input.band.high[slot]!;
  const low = input.band.low[slot]!;
  const margin = Math.max(0, Math.min(COMFORT_MARGIN_F, (high - low) / 2));
  const minF = low + margin;
  const maxF = high - margin;
  const bounds = input.setpointBoundsF;
  if (!bounds) return { minF, maxF };
  const boundedMin = Math.max(minF, bounds.minF);
  const boundedMax = Math.min(maxF, bounds.maxF);
  return boundedMin <= boundedMax ? { minF: boundedMin, maxF: boundedMax } : { minF, maxF };
}

/** The range the temperature at the end of a slot must keep: it is also the next slot's start, so it suits both slots' ranges. */
export function endRange(input: HvacPlanInput, slot: number): { minF: number; maxF: number } {
  const here = planningRange(input, slot);
  const next = slot + 1 < SLOTS ? planningRange(input, slot + 1) : here;
  return { minF: Math.max(here.minF, next.minF), maxF: Math.min(here.maxF, next.maxF) };
}

/** Exact slot dynamics for every slot of the day (index = slot), whatever fromSlot is. */
export function slotDynamics(day: DayContext, input: HvacPlanInput): StepCoefficients[] {
  return Array.from({ length: SLOTS }, (_, j) => stepCoefficients(input.model, day.slotHours[j]!, day.outdoorTempF[j]!));
}

/**
 * The plan's linear programme from fromSlot to the end of the day. The temperature at the end of
 * a slot is also the start of the next, so it must suit both slots' ranges.
 */
export function buildChainProblem(day: DayContext, input: HvacPlanInput, dynamics: StepCoefficients[]): ChainProblem {
  const canCool = input.mode === 'cool' || input.mode === 'auto';
  const canHeat = input.mode === 'heat' || input.mode === 'auto';
  const slots = [];
  const ends: ChainBound[] = [];
  for (let j = day.fromSlot; j < SLOTS; j++) {
    const c = dynamics[j]!;
    const centsAtFullKw = day.pricesCentsPerKwh[j]! * day.slotHours[j]!;
    slots.push({
      ...c,
      coolCostCents: canCool ? centsAtFullKw * input.ratedPowerKw.cool : null,
      heatCostCents: canHeat ? centsAtFullKw * input.ratedPowerKw.heat : null,
    });
    ends.push({ ...endRange(input, j), penaltyPerF: PENALTY_CENTS_PER_F_HOUR * day.slotHours[j]! });
  }
  return { startF: input.indoorTempF, slots, ends };
}
