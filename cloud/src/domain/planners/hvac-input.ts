// What the service passes the HVAC planner, and the schedule body it gets back.
import type { ComfortBand } from '../preferences/comfort-band.js';
import type { OptimizationMode } from '../preferences/defaults.js';
import type { ThermalParams } from '../thermal/thermal-model.js';

export interface HvacPlanInput {
  /** The day's comfort band, 48 slots (comfortBand(preferences)). */
  band: ComfortBand;
  /** optimization_mode of the unit; `off` plans no conditioning. */
  mode: OptimizationMode;
  /** The unit's fitted thermal model (ThermalModel.params). */
  model: ThermalParams;
  /** Indoor temperature at the start of day.fromSlot, F (currentIndoorTempF over recent readings). */
  indoorTempF: number;
  /** Mean duty over the 30 minutes before that start (recentDuty); absent: resting. Only the expected air uses it. */
  recentDuty?: { cool: number; heat: number };
  /** Electric power at full duty per direction, kW: learned from power readings, else estimateRatedPowerKw. */
  ratedPowerKw: { cool: number; heat: number };
  /** Setpoints the unit accepts (a satellite's claimed setpoint_min_f/setpoint_max_f), or null. */
  setpointBoundsF: { minF: number; maxF: number } | null;
  /** optimize_hvac_fan: also emit fan_schedule. */
  optimizeFan: boolean;
  /** optimize_hvac_mode: also emit mode_schedule. */
  optimizeMode: boolean;
}

export const FAN_SPEEDS = ['auto', 'low', 'high'] as const;
export type FanSpeed = (typeof FAN_SPEEDS)[number];

export const SLOT_MODES = ['COOL', 'HEAT', 'OFF'] as const;
export type SlotMode = (typeof SLOT_MODES)[number];

export type { HvacSchedule } from './schedule-bodies.js';
