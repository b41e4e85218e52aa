// From planned duties to what a thermostat follows: a setpoint per slot, and the optional fan
// speed and mode schedules. Rules and reasons: hvac.md.
import type { FanSpeed, HvacPlanInput, SlotMode } from './hvac-input.js';
import { thermostatSetpointF } from '../thermal/setpoint-step.js';
import { planningRange } from './hvac-problem.js';

/** The plan of one slot as the translation needs it. */
export interface PlannedSlot {
  slot: number;
  coolDuty: number;
  heatDuty: number;
  startF: number;
  endF: number;
  /** Whether the temperature would rise over this slot with the unit off. */
  isWarmingFreely: boolean;
}

/** Duty below this is treated as off (rounding noise of the solver). */
const MIN_DUTY = 0.01;
/** A planned change smaller than this per slot is holding, not a pre-cooling or pre-heating ramp, F. */
const RAMP_STEP_F = 0.05;
/** Drifting slots stay OFF in mode_schedule only while this far inside the band edge they drift to, F. */
const OFF_CLEARANCE_F = 1;

type Direction = 'cool' | 'heat';

const directionOf = (p: PlannedSlot): Direction | null => (p.coolDuty >= MIN_DUTY ? 'cool' : p.heatDuty >= MIN_DUTY ? 'heat' : null);

/**
 * The direction each slot works in: fixed by cool/heat mode; in auto the slot's own conditioning,
 * else that of the next conditioned slot (it is drifting towards it), else of the previous one,
 * else the way the house drifts on its own.
 */
export function slotDirections(input: HvacPlanInput, plan: readonly PlannedSlot[]): (Direction | null)[] {
  if (input.mode === 'off') return plan.map(() => null);
  if (input.mode !== 'auto') return plan.map(() => input.mode as Direction);
  const own = plan.map(directionOf);
  return plan.map((p, i) => {
    const next = own.slice(i).find((d) => d !== null);
    const previous = own
      .slice(0, i)
      .reverse()
      .find((d) => d !== null);
    return next ?? previous ?? (p.isWarmingFreely ? 'cool' : 'heat');
  });
}

const roundHalf = (f: number) => Math.round(f * 2) / 2;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Setpoint per slot. A conditioning slot asks for its planned end temperature, so the thermostat
 * runs about as long as planned; a drifting slot asks for the edge of the planning range the
 * house drifts towards, so the unit stays off unless the house drifts faster than predicted. Off
 * mode asks for the band's middle. Rounded to 0.5 F, then clamped into the band and the bounds.
 */
/** Per slot: the temperature the ramp it belongs to ends at (its own end temperature outside a ramp). */
function rampTargets(plan: readonly PlannedSlot[]): number[] {
  // A ramp is a run of conditioning slots each taking the temperature further the same way; every
  // slot of a ramp asks for the temperature the ramp ends at.
  const ahead = plan.map((p) => p.endF);
  for (let i = plan.length - 2; i >= 0; i--) {
    const direction = directionOf(plan[i]!);
    const next = plan[i + 1]!;
    if (!direction || directionOf(next) !== direction) continue;
    const step = next.endF - plan[i]!.endF;
    if (direction === 'cool' ? step < -RAMP_STEP_F : step > RAMP_STEP_F) ahead[i] = ahead[i + 1]!;
  }
  return ahead;
}

/** Duty from which a slot is taken as running flat out (the thermostat may not reach its setpoint). */
const FULL_DUTY = 0.99;
/** A flat-out slot ending further than this past its setpoint is one the unit cannot keep up with, F. */
const SHORT_F = 0.25;

/**
 * The air temperature the homeowner should expect at the end of each slot (temp_trajectory). The
 * thermostat holds the air at its setpoint whenever the unit runs below capacity, and the air
 * reaches a ramp's setpoint within minutes (it is the structure that lags), so a conditioning
 * slot shows its setpoint (on the thermostat's step when it has one, `setpointStepC` or `setpointStepF`) plus
 * the thermostat's learned holding offset (`coolHoldOffsetF`, `heatHoldOffsetF`); one running flat out and ending past its setpoint outside a ramp (the unit
 * cannot keep up) shows the model. A drifting slot shows the model's prediction plus the air's
 * rebound after the unit stopped (`reboundFPerDuty` times the duty it stopped from, away from the
 * unit's direction; at the start, from the recent duty), never past the slot's setpoint, where the
 * thermostat would start the unit again.
 */
export function expectedAirF(input: HvacPlanInput, plan: readonly PlannedSlot[], setpoints: readonly number[]): number[] {
  const ahead = rampTargets(plan);
  const rebound = input.model.reboundFPerDuty ?? 0;
  let offset = rebound * ((input.recentDuty?.cool ?? 0) - (input.recentDuty?.heat ?? 0));
  return plan.map((p, i) => {
    const direction = directionOf(p);
    const setpoint = thermostatSetpointF(setpoints[i]!, input.model);
    if (direction) {
      offset = rebound * (p.coolDuty - p.heatDuty);
      const held = setpoint + (direction === 'cool' ? (input.model.coolHoldOffsetF ?? 0) : (input.model.heatHoldOffsetF ?? 0));
      // Flat out and still short of the setpoint at the end of the slot (outside a ramp, whose
      // model temperature lags on purpose): the unit cannot keep up, and the model says where the air is.
      const isShort = direction === 'cool' ? p.endF > setpoint + SHORT_F : p.endF < setpoint - SHORT_F;
      const inRamp = ahead[i] !== p.endF || (i > 0 && ahead[i - 1] === p.endF && directionOf(plan[i - 1]!) === direction);
      return !inRamp && Math.max(p.coolDuty, p.heatDuty) >= FULL_DUTY && isShort ? p.endF : held;
    }
    const air = p.endF + offset;
    return offset > 0 ? Math.min(air, Math.max(p.endF, setpoint)) : offset < 0 ? Math.max(air, Math.min(p.endF, setpoint)) : air;
  });
}

export function setpointsFor(input: HvacPlanInput, plan: readonly PlannedSlot[], directions: readonly (Direction | null)[]): number[] {
  const ahead = rampTargets(plan);
  return plan.map((p, i) => {
    const high = input.band.high[p.slot]!;
    const low = input.band.low[p.slot]!;
    const range = planningRange(input, p.slot);
    const direction = directions[i];
    let target: number;
    if (!direction) target = (high + low) / 2;
    else if (directionOf(p)) target = ahead[i]!;
    else target = direction === 'cool' ? range.maxF : range.minF;
    let setpoint = clamp(roundHalf(target), low, high);
    if (input.setpointBoundsF) setpoint = clamp(setpoint, input.setpointBoundsF.minF, input.setpointBoundsF.maxF);
    return setpoint;
  });
}

/**
 * Fan speed per slot: `high` at full duty (pre-cooling or pre-heating needs the unit's whole
 * capacity), `low` for light holding duty (under 30 %: quieter, and slower air dries better when
 * cooling), `auto` otherwise (the thermostat runs the fan with the compressor).
 */
export function fanSchedule(plan: readonly PlannedSlot[]): FanSpeed[] {
  return plan.map((p) => {
    const duty = p.coolDuty + p.heatDuty;
    if (duty >= 0.9) return 'high';
    if (duty >= MIN_DUTY && duty < 0.3) return 'low';
    return 'auto';
  });
}

/**
 * Mode per slot: the slot's direction while it conditions; OFF while it drifts and stays at least
 * 1 F inside the edge it drifts towards (the unit could not start anyway); otherwise the
 * direction, so the thermostat still guards the band if the house drifts faster than predicted.
 */
export function modeSchedule(input: HvacPlanInput, plan: readonly PlannedSlot[], directions: readonly (Direction | null)[]): SlotMode[] {
  return plan.map((p, i) => {
    const direction = directions[i];
    if (!direction) return 'OFF';
    const name: SlotMode = direction === 'cool' ? 'COOL' : 'HEAT';
    if (directionOf(p)) return name;
    const range = planningRange(input, p.slot);
    const clearance = direction === 'cool' ? range.maxF - Math.max(p.startF, p.endF) : Math.min(p.startF, p.endF) - range.minF;
    return clearance >= OFF_CLEARANCE_F ? 'OFF' : name;
  });
}
