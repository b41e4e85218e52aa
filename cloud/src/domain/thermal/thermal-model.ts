// The grey-box thermal model of one HVAC's home: one lumped indoor temperature T (F) driven by the
// outdoor temperature and the unit's duty. See thermal-model.md.
//
//   dT/dt = a·(Tout − T) + b·uCool + c·uHeat + d
//
// Inputs are held constant over a step, so the exact discretisation over h hours is linear:
//   T[k+1] = α·T[k] + βCool·uCool + βHeat·uHeat + γ,   α = e^(−a·h)
import type { StepCorrection } from './step-correction.js';
import type { TrajectoryBand } from './trajectory-band.js';

/** Learned coefficients, all per hour; the signs are physical: a > 0, b < 0, c > 0. */
export interface ThermalParams {
  /** a: coupling to the outdoors, 1/h (1/a is the home's time constant). */
  lossPerHour: number;
  /** b: temperature change rate the unit causes at full cooling duty, F/h (negative). */
  coolingFPerHour: number;
  /** c: temperature change rate at full heating duty, F/h (positive). */
  heatingFPerHour: number;
  /** d: net internal and solar gains, F/h. */
  gainFPerHour: number;
  /**
   * How far the air springs back, away from the direction the unit worked, within the hour after
   * it stops, per unit of the duty it stopped from, F (≥ 0). The structure lags the air; the one
   * lumped temperature above does not show it. Used for the expected air, not by the plan's LP.
   * Absent: 0 (models fitted before it existed).
   */
  reboundFPerDuty?: number;
  /** Where the thermostat holds the air against its setpoint while cooling, F (air − setpoint; hold-offset.ts). Absent: 0. */
  coolHoldOffsetF?: number;
  /** The same while heating. Absent: 0. */
  heatHoldOffsetF?: number;
  /** The thermostat's setpoint step when it works in Celsius, °C (setpoint-step.ts): a setpoint sent in F is held on it. Absent: as sent. */
  setpointStepC?: number;
  /** The same when it works in Fahrenheit, F (a whole-degree thermostat: 1). At most one of the two. */
  setpointStepF?: number;
  /**
   * The fraction of a setpoint change over a step that the air follows beyond what the step's duty
   * explains (0-1): the air answers a new setpoint within minutes, the lumped model over hours.
   * Used in predictions from observed steps (the fit's statistics), not by the plan's LP. Absent: 0.
   */
  setpointFollow?: number;
  /**
   * In a step where the thermostat regulates (5-95 % duty), the fraction of the gap between where
   * it holds the air (setpoint plus holding offset) and the model's prediction that the air closes
   * (0-1). Used in predictions from observed steps, not by the plan's LP. Absent: 0.
   */
  thermostatPull?: number;
  /**
   * What the terms above still miss one step ahead, as a learned combination of terms known at a
   * step's start (step-correction.ts). Used in predictions from observed steps, not by the plan's
   * LP. Absent: none.
   */
  stepCorrection?: StepCorrection;
  /**
   * How far the temperature lands from a predicted trajectory, by horizon (the median of held-out
   * free-run residuals, a planning margin each side, wider in the first hour; trajectory-band.ts).
   * The plan's prediction band, not used by its LP. Absent: no band.
   */
  trajectoryBandF?: TrajectoryBand;
}

/** One step's exact linear map from the temperature at its start to the temperature at its end. */
export interface StepCoefficients {
  alpha: number;
  betaCool: number;
  betaHeat: number;
  gamma: number;
}

/** Exact discretisation of the model over a step of `hours` (0 gives the identity). */
export function stepCoefficients(params: ThermalParams, hours: number, outdoorF: number): StepCoefficients {
  const a = params.lossPerHour;
  const alpha = Math.exp(-a * hours);
  // (1 − α)/a is the step's effective length: h for a slow home, less when the home settles
  // towards its equilibrium within the step.
  const span = a > 0 ? (1 - alpha) / a : hours;
  return {
    alpha,
    betaCool: span * params.coolingFPerHour,
    betaHeat: span * params.heatingFPerHour,
    gamma: (1 - alpha) * outdoorF + span * params.gainFPerHour,
  };
}

/** Temperature at the end of a step from the temperature at its start and the duties. */
export function stepTemperature(c: StepCoefficients, startF: number, coolDuty: number, heatDuty: number): number {
  return c.alpha * startF + c.betaCool * coolDuty + c.betaHeat * heatDuty + c.gamma;
}

/** One step of a prediction: its length, outdoor temperature and duties. */
export interface PredictionStep {
  hours: number;
  outdoorF: number;
  coolDuty: number;
  heatDuty: number;
}

/** Predicted temperatures at the end of each step, starting from `startF` (a free run). */
export function predictTrajectory(params: ThermalParams, startF: number, steps: readonly PredictionStep[]): number[] {
  const out: number[] = [];
  let temp = startF;
  for (const s of steps) {
    temp = stepTemperature(stepCoefficients(params, s.hours, s.outdoorF), temp, s.coolDuty, s.heatDuty);
    out.push(temp);
  }
  return out;
}
