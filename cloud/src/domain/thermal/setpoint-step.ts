// Where a thermostat puts a setpoint sent in F: on its own step, and the air is held there. A 0.5 °C
// step shows in the setpoints its readings report; otherwise the step the hub reports is taken
// (Home Assistant's `target_temp_step`, which it gives in the device's own unit: a Celsius device
// on a Fahrenheit system reports 0.5 that the add-on reads as F, and its setpoints tell the truth).
import type { ThermalReading } from './duty.js';
import type { ThermalParams } from './thermal-model.js';

/** A thermostat's setpoint step in its own unit: it holds setpoints on multiples of `step` degrees. */
export interface SetpointStep {
  step: number;
  unit: 'C' | 'F';
}

/** The Celsius step recognised, °C. */
const HALF_CELSIUS = 0.5;
/** Reported setpoints carry one decimal in F; within this of a grid point they lie on it, F. */
const TOLERANCE_F = 0.06;
/** The step needs this many readings reporting a setpoint. */
const MIN_READINGS = 24;

const toC = (f: number) => (f - 32) / 1.8;
const toF = (c: number) => c * 1.8 + 32;
const offGrid = (value: number, step: number) => Math.abs(value - Math.round(value / step) * step);

/**
 * 0.5 (°C) when every setpoint the readings report lies on the half-degree Celsius grid and at
 * least one lies off the half-degree F grid the plan sends (so the thermostat moved it); null
 * otherwise, and with fewer than 24 readings reporting a setpoint.
 */
export function learnSetpointStepC(readings: readonly ThermalReading[]): number | null {
  const setpoints = readings.flatMap((r) => (r.targetTempF == null ? [] : [r.targetTempF]));
  if (setpoints.length < MIN_READINGS) return null;
  const onCelsius = setpoints.every((f) => offGrid(toC(f), HALF_CELSIUS) * 1.8 <= TOLERANCE_F);
  return onCelsius && setpoints.some((f) => offGrid(f, 0.5) > TOLERANCE_F) ? HALF_CELSIUS : null;
}

/** The thermostat's step: the learned Celsius step, else the one its newest reading reporting a step gives, else null. */
export function setpointStepOf(readings: readonly ThermalReading[]): SetpointStep | null {
  const stepC = learnSetpointStepC(readings);
  if (stepC != null) return { step: stepC, unit: 'C' };
  let newest: ThermalReading | null = null;
  for (const r of readings) if (r.setpointStep && (!newest || r.at > newest.at)) newest = r;
  return newest?.setpointStep ?? null;
}

/** The model's fields for a step (`setpointStepC` or `setpointStepF`). */
export const stepParams = (step: SetpointStep | null): Pick<ThermalParams, 'setpointStepC' | 'setpointStepF'> =>
  step == null ? {} : step.unit === 'C' ? { setpointStepC: step.step } : { setpointStepF: step.step };

/** The setpoint the thermostat holds for one sent in F: on the model's step when it has one, to 0.01 F. */
export function thermostatSetpointF(setpointF: number, params: Pick<ThermalParams, 'setpointStepC' | 'setpointStepF'>): number {
  const step: SetpointStep | null = params.setpointStepC
    ? { step: params.setpointStepC, unit: 'C' }
    : params.setpointStepF
      ? { step: params.setpointStepF, unit: 'F' }
      : null;
  if (!step) return setpointF;
  // Rounded to 1e-9 first, so a setpoint exactly half a step off rounds up whatever the unit.
  const onGrid = (value: number) => Math.round(Math.round((value / step.step) * 1e9) / 1e9) * step.step;
  const held = step.unit === 'C' ? toF(onGrid(toC(setpointF))) : onGrid(setpointF);
  return Math.round(held * 100) / 100;
}
