// Where a thermostat that works in Celsius puts a setpoint sent in F: on its own step (0.5 °C), up
// to 0.45 F away, and the air is held there. Learned from the setpoints its readings report.
import type { ThermalReading } from './duty.js';

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

/** The setpoint the thermostat holds for one sent in F: on its Celsius step when it has one. */
export function thermostatSetpointF(setpointF: number, stepC: number | null | undefined): number {
  if (!stepC) return setpointF;
  return Math.round(toF(Math.round(toC(setpointF) / stepC) * stepC) * 100) / 100;
}
