// The HVAC planner: setpoints inside the comfort band that minimise the day's electricity cost
// under the learned thermal model (pre-cool before expensive slots, drift through them). hvac.md.
import type { ComfortBand } from '../preferences/comfort-band.js';
import { stepTemperature, type StepCoefficients } from '../thermal/thermal-model.js';
import { bandAt } from '../thermal/trajectory-band.js';
import { chainObjective, solveChain } from './hvac-chain.js';
import type { HvacPlanInput, HvacSchedule } from './hvac-input.js';
import { buildChainProblem, slotDynamics } from './hvac-problem.js';
import { defaultsExplanation, hvacReasons, hvacSummary } from './hvac-reasons.js';
import { expectedAirF, fanSchedule, modeSchedule, setpointsFor, slotDirections, type PlannedSlot } from './hvac-setpoints.js';
import { SLOTS, type DayContext, type MissedLimit, type PlanResult } from './types.js';

const INTERVALS = Array.from({ length: SLOTS }, (_, i) => i);
/** Band violations smaller than this are rounding, not a miss, F. */
const MISS_TOLERANCE_F = 0.05;

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The plan, plus the objective it minimised. */
export interface HvacPlanResult extends PlanResult<HvacSchedule> {
  /** Energy cost plus the soft-band penalties (hvac.md), cents: what the benchmark compares with the exact optimum. */
  objectiveCents: number;
  /** 48 planned electric kW (duty × rated power; 0 before fromSlot): the HVAC's share of the home's grid draw. */
  plannedPowerKw: number[];
  /** The model's own temperature at the end of each planned slot (bench only; temp_trajectory shows the expected air). */
  modelTrajectoryF: number[];
}

/** The defaults-row body: the band, no setpoints or trajectory (clients apply the band's middle). */
export function defaultsSchedule(band: ComfortBand): HvacSchedule {
  return {
    intervals: [...INTERVALS],
    high_temps: [...band.high],
    low_temps: [...band.low],
    setpoint_temps: null,
    temp_trajectory: null,
    ...defaultsExplanation({ band }),
  };
}

/**
 * Cost of the documented baseline: the unit holds the band's middle (what a defaults schedule
 * asks for), each slot running as much as needed to end at it, within its capacity.
 */
function baselineCostCents(day: DayContext, input: HvacPlanInput, dynamics: StepCoefficients[]): number {
  let temp = input.indoorTempF;
  let cents = 0;
  for (let j = day.fromSlot; j < SLOTS; j++) {
    const c = dynamics[j]!;
    let target = (input.band.high[j]! + input.band.low[j]!) / 2;
    if (input.setpointBoundsF) target = Math.min(input.setpointBoundsF.maxF, Math.max(input.setpointBoundsF.minF, target));
    const free = stepTemperature(c, temp, 0, 0);
    let cool = 0;
    let heat = 0;
    if (free > target && c.betaCool < 0 && (input.mode === 'cool' || input.mode === 'auto')) cool = Math.min(1, (target - free) / c.betaCool);
    if (free < target && c.betaHeat > 0 && (input.mode === 'heat' || input.mode === 'auto')) heat = Math.min(1, (target - free) / c.betaHeat);
    temp = stepTemperature(c, temp, cool, heat);
    cents += day.pricesCentsPerKwh[j]! * day.slotHours[j]! * (cool * input.ratedPowerKw.cool + heat * input.ratedPowerKw.heat);
  }
  return cents;
}

/** The largest excursion outside the band (F) over the planned slots, and the slot where it peaks. */
function worstViolation(input: HvacPlanInput, plan: readonly PlannedSlot[]): { slot: number; byF: number; isAbove: boolean } {
  let worst = { slot: plan[0]?.slot ?? 0, byF: 0, isAbove: true };
  for (const [i, p] of plan.entries()) {
    const high = input.band.high[p.slot]!;
    const low = input.band.low[p.slot]!;
    // The start of the first planned slot is the measured temperature, not the plan's doing.
    const temps = i === 0 ? [p.endF] : [p.startF, p.endF];
    for (const t of temps) {
      if (t - high > worst.byF) worst = { slot: p.slot, byF: t - high, isAbove: true };
      if (low - t > worst.byF) worst = { slot: p.slot, byF: low - t, isAbove: false };
    }
  }
  return worst;
}

const slotClock = (slot: number) => `${String(Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`;

/**
 * Plans one HVAC for the rest of the day (from day.fromSlot). Slots before fromSlot hold the
 * starting temperature as trajectory and the band's middle as setpoint; the service keeps their
 * previous values instead. Never throws for a band it cannot hold: it comes as close as the unit
 * allows and reports `comfort_band` in `missed` with the largest excursion.
 */
export function planHvac(day: DayContext, input: HvacPlanInput): HvacPlanResult {
  const dynamics = slotDynamics(day, input);
  const problem = buildChainProblem(day, input, dynamics);
  const solution = solveChain(problem);
  const plan: PlannedSlot[] = problem.slots.map((_, k) => {
    const slot = day.fromSlot + k;
    const startF = k === 0 ? input.indoorTempF : solution.endF[k - 1]!;
    return {
      slot,
      coolDuty: solution.coolDuty[k]!,
      heatDuty: solution.heatDuty[k]!,
      startF,
      endF: solution.endF[k]!,
      isWarmingFreely: stepTemperature(dynamics[slot]!, startF, 0, 0) > startF,
    };
  });
  const directions = slotDirections(input, plan);
  const setpoints = setpointsFor(input, plan, directions);
  const expected = expectedAirF(input, plan, setpoints);
  const middle = (j: number) => Math.round(input.band.high[j]! + input.band.low[j]!) / 2;
  const schedule: HvacSchedule = {
    ...defaultsSchedule(input.band),
    setpoint_temps: INTERVALS.map((j) => (j < day.fromSlot ? middle(j) : setpoints[j - day.fromSlot]!)),
    temp_trajectory: INTERVALS.map((j) => round2(j < day.fromSlot ? input.indoorTempF : expected[j - day.fromSlot]!)),
  };
  const band = input.model.trajectoryBandF;
  if (band) {
    // Hours ahead at each slot's end, from the plan's start; the slots before it are past: no spread.
    let hours = 0;
    const ahead = INTERVALS.map((j) => (j < day.fromSlot ? 0 : (hours += day.slotHours[j]!)));
    const edge = (side: 'lowF' | 'highF') => schedule.temp_trajectory!.map((t, j) => (j < day.fromSlot ? t : round2(t + bandAt(band, ahead[j]!)[side])));
    schedule.trajectory_low_temps = edge('lowF');
    schedule.trajectory_high_temps = edge('highF');
  }
  if (input.optimizeFan) schedule.fan_schedule = [...Array<'auto'>(day.fromSlot).fill('auto'), ...fanSchedule(plan)];
  if (input.optimizeMode) schedule.mode_schedule = [...Array<'OFF'>(day.fromSlot).fill('OFF'), ...modeSchedule(input, plan, directions)];

  let optimizedCostCents = 0;
  for (const p of plan) {
    const centsPerKwh = day.pricesCentsPerKwh[p.slot]! * day.slotHours[p.slot]!;
    optimizedCostCents += centsPerKwh * (p.coolDuty * input.ratedPowerKw.cool + p.heatDuty * input.ratedPowerKw.heat);
  }
  const missed: MissedLimit[] = [];
  const worst = worstViolation(input, plan);
  if (worst.byF > MISS_TOLERANCE_F) {
    missed.push({
      limit: 'comfort_band',
      message: `cannot hold the comfort band: up to ${worst.byF.toFixed(1)} F ${worst.isAbove ? 'above' : 'below'} it around ${slotClock(worst.slot)}`,
      achieved: round2(worst.byF),
    });
  }
  // The home plan's grid draw (docs/home-plan.md): the planned duty at the rated power, per slot.
  const plannedPowerKw = INTERVALS.map((j) => {
    const p = plan[j - day.fromSlot];
    return p ? p.coolDuty * input.ratedPowerKw.cool + p.heatDuty * input.ratedPowerKw.heat : 0;
  });
  const baseline = baselineCostCents(day, input, dynamics);
  schedule.reasons_48 = hvacReasons(day, input, plan);
  schedule.summary = hvacSummary(schedule.reasons_48, input, baseline, optimizedCostCents, missed);
  return {
    schedule,
    plannedPowerKw,
    baselineCostCents: baseline,
    optimizedCostCents,
    missed,
    objectiveCents: chainObjective(problem, solution),
    modelTrajectoryF: plan.map((p) => p.endF),
  };
}
