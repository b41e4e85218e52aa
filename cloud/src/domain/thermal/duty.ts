// What fraction of its capacity an HVAC was using when a reading was taken, and in which direction.
import { quantileBelow } from '../statistics.js';
import type { HvacState } from '../readings/hvac-state.js';
import type { SetpointStep } from './setpoint-step.js';

/** The subset of an HVAC reading the thermal model uses. */
export interface ThermalReading {
  at: Date;
  indoorTempF: number;
  /** Normalised hvac_state (HEAT, COOL, ECO, DRY, OFF, FAN). */
  hvacState: HvacState;
  /** Home Assistant hvac_action when reported (`cooling`, `heating`, `idle`, ...). */
  hvacAction?: string | null;
  outdoorTempF?: number | null;
  /** Measured electric power of this unit, when the meter measures it. */
  powerW?: number | null;
  /** The thermostat's setpoint when the reading was taken (`target_temp`), when reported. */
  targetTempF?: number | null;
  /** The thermostat's setpoint step as the hub reports it (`target_temp_step`), when reported. */
  setpointStep?: SetpointStep | null;
}

/** Rated electric power per direction, W; null when unknown. */
export interface RatedPowerW {
  cool: number | null;
  heat: number | null;
}

export interface Duty {
  cool: number;
  heat: number;
}

const COOLING_ACTIONS = new Set(['cooling', 'drying']);
const HEATING_ACTIONS = new Set(['heating', 'preheating', 'defrosting']);
const RESTING_ACTIONS = new Set(['idle', 'off', 'fan']);
const COOLING_STATES = new Set<HvacState>(['COOL', 'ECO', 'DRY']);

/**
 * The direction the unit conditions in, or null when it is not conditioning. hvac_action says
 * what the unit is doing right now and wins; without it the mode is taken as running (a unit
 * in COOL mode without a reported action, such as an IR-driven one, is assumed to run).
 */
export function runningDirection(r: Pick<ThermalReading, 'hvacState' | 'hvacAction'>): 'cool' | 'heat' | null {
  const action = r.hvacAction?.trim().toLowerCase();
  if (action) {
    if (COOLING_ACTIONS.has(action)) return 'cool';
    if (HEATING_ACTIONS.has(action)) return 'heat';
    if (RESTING_ACTIONS.has(action)) return null;
  }
  if (COOLING_STATES.has(r.hvacState)) return 'cool';
  return r.hvacState === 'HEAT' ? 'heat' : null;
}

/** The mode's direction whether or not the unit runs (for power readings while the action is stale). */
function modeDirection(state: HvacState): 'cool' | 'heat' | null {
  if (COOLING_STATES.has(state)) return 'cool';
  return state === 'HEAT' ? 'heat' : null;
}

/**
 * Duty of one reading: with a power reading and a rated power for the direction, the fraction
 * power / rated (clamped to [0, 1]); otherwise 1 while running and 0 at rest.
 */
export function readingDuty(r: ThermalReading, rated: RatedPowerW): Duty {
  const running = runningDirection(r);
  const direction = running ?? modeDirection(r.hvacState);
  const ratedW = direction ? rated[direction] : null;
  let duty: number;
  if (direction && r.powerW != null && ratedW) duty = Math.min(1, Math.max(0, r.powerW / ratedW));
  else duty = running ? 1 : 0;
  return { cool: direction === 'cool' ? duty : 0, heat: direction === 'heat' ? duty : 0 };
}

const MIN_POWER_SAMPLES = 12;

/**
 * Rated power learned from the power readings taken while the unit ran in that direction: the
 * 90th percentile (a compressor at full speed; the top 10 % absorbs start-up spikes). Null with
 * fewer than 12 such readings.
 */
export function learnRatedPowerW(readings: readonly ThermalReading[]): RatedPowerW {
  const byDirection = { cool: [] as number[], heat: [] as number[] };
  for (const r of readings) {
    const d = runningDirection(r);
    if (d && r.powerW != null && r.powerW > 0) byDirection[d].push(r.powerW);
  }
  const p90 = (values: number[]) => {
    if (values.length < MIN_POWER_SAMPLES) return null;
    return quantileBelow(values, 0.9);
  };
  return { cool: p90(byDirection.cool), heat: p90(byDirection.heat) };
}
