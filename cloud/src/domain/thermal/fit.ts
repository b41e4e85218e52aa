// Fits the thermal model to readings: resample, bounded ridge regression, held-out statistics.
import { addRow, emptyNormalEquations, solveBoundedRidge } from './bounded-ridge.js';
import { modelConfidence } from './confidence.js';
import { learnRatedPowerW, type RatedPowerW, type ThermalReading } from './duty.js';
import { freeRunRmseF, oneStepRmseF, predictEnd, thermostatGapF } from './evaluate.js';
import { learnHoldOffsetF } from './hold-offset.js';
import { setpointStepOf, stepParams } from './setpoint-step.js';
import { fitStepCorrection } from './step-correction.js';
import { learnTrajectoryBand } from './trajectory-band.js';
import { resampleReadings, type ThermalSample, type WeatherPoint } from './resample.js';
import { stepCoefficients, stepTemperature, type ThermalParams } from './thermal-model.js';

export interface ThermalFitStats {
  /** Grid steps used (after skipping gaps). */
  samples: number;
  /** Hours from the first to the last step used. */
  spanHours: number;
  /** In-sample one-step RMSE of the final fit, F. */
  residualRmseF: number;
  /** Steps in the held-out tail (the last 20 % of the steps, in time order). */
  heldOutSamples: number;
  /** One-step RMSE on the held-out tail of a fit on the rest, F. */
  heldOutRmseF: number | null;
  /** RMSE of 24-hour free runs (one starting every 6 h) in the held-out tail, F; null without 24 h free of gaps. */
  freeRun24hRmseF: number | null;
}

/** What the service stores per HVAC and passes to the planner. */
export interface ThermalModel {
  params: ThermalParams;
  /** Grid the model was fitted on, minutes. */
  gridMinutes: number;
  /** Rated electric power per direction used to read power_watts as duty (given or learned), W. */
  ratedPowerW: RatedPowerW;
  stats: ThermalFitStats;
  /** model_confidence in [0, 1], from stats.heldOutRmseF (confidence.ts). */
  confidence: number;
}

export interface FitOptions {
  /** Grid step, minutes (default 30: the plan's slot). */
  gridMinutes?: number;
  /** Known rated power per direction, W; otherwise learned from power readings when there are enough. */
  ratedPowerW?: Partial<RatedPowerW>;
}

export const DEFAULT_GRID_MINUTES = 30;
/** Less than a day of grid steps holds too little outdoor swing to tell the outdoor coupling from the gain. */
export const MIN_FIT_SAMPLES = 48;
const HELD_OUT_FRACTION = 0.2;

/**
 * Weakly informative prior (continuous time) the ridge pulls towards: a 10-hour time constant,
 * ±4 F/h at full duty, no net gain. It decides only what the data cannot: a summer of cooling
 * says nothing about heating, so c stays at the prior until the unit heats.
 */
const PRIOR = { lossPerHour: 0.1, coolingFPerHour: -4, heatingFPerHour: 4, gainFPerHour: 0 };
/** The prior weighs as much as this many grid steps at the regressors' typical scales. */
const PRIOR_STEPS = 12;
/** Typical size of each regressor: Tout − T (F), cooling duty, heating duty, the constant. */
const TYPICAL_SCALE = [10, 0.5, 0.5, 1];
/** Physical bounds: a time constant between 0.5 h and 100 h; each direction moves at least 0.05 F/h. */
const LOSS_RANGE_PER_HOUR = [0.01, 2] as const;
const MIN_RATE_F_PER_HOUR = 0.05;
/** Free runs of the statistics: 24 hours, one starting every 6 hours. */
const FREE_RUN_HOURS = 24;
const FREE_RUN_STRIDE_HOURS = 6;

/** Regressors of one step: [Tout − T, uCool, uHeat, 1]. */
const regressors = (s: ThermalSample) => [s.outdoorF - s.startF, s.coolDuty, s.heatDuty, 1];

/**
 * Least squares on the exact discretisation: ΔT = θ·x with θ = (1 − α)·[1, b/a, c/a, d/a] and
 * α = e^(−a·h), so a = −ln(1 − θ₀)/h and every other coefficient is θ_i·a/θ₀.
 */
function fitParams(samples: readonly ThermalSample[], hours: number): ThermalParams {
  const eq = emptyNormalEquations(TYPICAL_SCALE.length);
  for (const s of samples) addRow(eq, regressors(s), s.endF - s.startF);
  const theta0 = 1 - Math.exp(-PRIOR.lossPerHour * hours);
  const k0 = theta0 / PRIOR.lossPerHour;
  const prior = [theta0, PRIOR.coolingFPerHour * k0, PRIOR.heatingFPerHour * k0, PRIOR.gainFPerHour * k0];
  // θ·a/θ₀ ≥ θ/h, so the discrete bounds on θ₁ and θ₂ guarantee |b|, c ≥ 0.05 F/h.
  const lower = [1 - Math.exp(-LOSS_RANGE_PER_HOUR[0] * hours), -Infinity, MIN_RATE_F_PER_HOUR * hours, -Infinity];
  const upper = [1 - Math.exp(-LOSS_RANGE_PER_HOUR[1] * hours), -MIN_RATE_F_PER_HOUR * hours, Infinity, Infinity];
  const theta = solveBoundedRidge({ eq, prior, lower, upper, ridge: TYPICAL_SCALE.map((s) => PRIOR_STEPS * s * s) });
  const a = -Math.log(1 - theta[0]!) / hours;
  const k = a / theta[0]!;
  return { lossPerHour: a, coolingFPerHour: theta[1]! * k, heatingFPerHour: theta[2]! * k, gainFPerHour: theta[3]! * k };
}

/** The setpoint follow is learned with this weight (F² of setpoint change) pulling it to 0. */
const FOLLOW_PRIOR_WEIGHT = 0.5;

/**
 * The fraction of the setpoint's change over a step that the air follows beyond the step's duty:
 * least squares of the lumped model's residuals on the setpoint change, within [0, 1]; 0 when
 * the readings carry no setpoint.
 */
export function fitSetpointFollow(params: ThermalParams, samples: readonly ThermalSample[]): number {
  let sxy = 0;
  let sxx = FOLLOW_PRIOR_WEIGHT;
  for (const s of samples) {
    if (s.setpointChangeF == null) continue;
    const residual = s.endF - stepTemperature(stepCoefficients(params, s.hours, s.outdoorF), s.startF, s.coolDuty, s.heatDuty);
    sxy += s.setpointChangeF * residual;
    sxx += s.setpointChangeF * s.setpointChangeF;
  }
  return Math.round(Math.min(1, Math.max(0, sxy / sxx)) * 1000) / 1000;
}

/** The thermostat pull is learned with this weight (F² of gap) pulling it to 0. */
const PULL_PRIOR_WEIGHT = 0.5;

/**
 * The fraction of the gap between where the thermostat holds the air and the model's prediction
 * that the air closes in a regulating step: least squares of the residuals on that gap, in [0, 1].
 */
export function fitThermostatPull(params: ThermalParams, samples: readonly ThermalSample[]): number {
  const withoutPull = { ...params, thermostatPull: 0 };
  let sxy = 0;
  let sxx = PULL_PRIOR_WEIGHT;
  for (const s of samples) {
    const predicted = predictEnd(withoutPull, s, s.startF);
    const gap = thermostatGapF(params, s, predicted);
    sxy += gap * (s.endF - predicted);
    sxx += gap * gap;
  }
  return Math.round(Math.min(1, Math.max(0, sxy / sxx)) * 1000) / 1000;
}

/** The rebound is learned with this many steps' worth of weight pulling it to 0; it stays within [0, 6] F. */
const REBOUND_PRIOR_WEIGHT = 0.5;
const MAX_REBOUND_F = 6;
/** A conditioning step counts as stopped from when its duty was at least this. */
const MIN_STOPPED_DUTY = 0.1;

/**
 * The air's rebound when the unit stops: over the two resting steps after a conditioning step,
 * how much further the air moved away from the unit's direction than the model's drift, against
 * the duty of that step (least squares through the origin, ridge towards 0).
 */
export function fitRebound(params: ThermalParams, samples: readonly ThermalSample[]): number {
  let sxy = 0;
  let sxx = REBOUND_PRIOR_WEIGHT * MIN_STOPPED_DUTY;
  for (let i = 1; i + 1 < samples.length; i++) {
    const [before, first, second] = [samples[i - 1]!, samples[i]!, samples[i + 1]!];
    if (before.gridIndex !== first.gridIndex - 1 || second.gridIndex !== first.gridIndex + 1) continue;
    const duty = before.coolDuty + before.heatDuty;
    if (duty < MIN_STOPPED_DUTY || first.coolDuty + first.heatDuty > 0 || second.coolDuty + second.heatDuty > 0) continue;
    const drift = stepTemperature(
      stepCoefficients(params, second.hours, second.outdoorF),
      stepTemperature(stepCoefficients(params, first.hours, first.outdoorF), first.startF, 0, 0),
      0,
      0,
    );
    const away = before.coolDuty >= before.heatDuty ? 1 : -1;
    sxy += away * (second.endF - drift) * duty;
    sxx += duty * duty;
  }
  return Math.min(MAX_REBOUND_F, Math.max(0, sxy / sxx));
}

/** `params` with the one-step correction learned from what they leave in the samples' residuals. */
function withCorrection(params: ThermalParams, samples: readonly ThermalSample[]): ThermalParams {
  const stepCorrection = fitStepCorrection(
    samples,
    samples.map((s) => s.endF - predictEnd(params, s, s.startF)),
  );
  return stepCorrection ? { ...params, stepCorrection } : params;
}

/**
 * Fits the model to an HVAC's readings (any order, about every 5 minutes, gaps allowed) and an
 * outdoor weather history that fills steps without a reported outdoor temperature. Returns null
 * with fewer than a day of usable grid steps. Statistics come from a fit on the first 80 % of the
 * steps tested on the last 20 % (and the prediction band learned there); the returned parameters
 * are then fitted on all of them.
 */
export function fitThermalModel(readings: readonly ThermalReading[], weather: readonly WeatherPoint[], options: FitOptions = {}): ThermalModel | null {
  const gridMinutes = options.gridMinutes ?? DEFAULT_GRID_MINUTES;
  const learned = learnRatedPowerW(readings);
  const ratedPowerW: RatedPowerW = {
    cool: options.ratedPowerW?.cool ?? learned.cool,
    heat: options.ratedPowerW?.heat ?? learned.heat,
  };
  const samples = resampleReadings(readings, weather, { gridMinutes, ratedPowerW });
  if (samples.length < MIN_FIT_SAMPLES) return null;
  const hours = gridMinutes / 60;
  const split = Math.floor(samples.length * (1 - HELD_OUT_FRACTION));
  const train = samples.slice(0, split);
  const heldOut = samples.slice(split);
  const trialLumped = fitParams(train, hours);
  const trialHold = learnHoldOffsetF(
    readings.filter((r) => r.at.getTime() < (samples[split]?.startMs ?? Infinity)),
    ratedPowerW,
  );
  const trialFollowing: ThermalParams = {
    ...trialLumped,
    setpointFollow: fitSetpointFollow(trialLumped, train),
    ...(trialHold.cool != null && { coolHoldOffsetF: trialHold.cool }),
    ...(trialHold.heat != null && { heatHoldOffsetF: trialHold.heat }),
  };
  const trial = withCorrection({ ...trialFollowing, thermostatPull: fitThermostatPull(trialFollowing, train) }, train);
  const lumped = fitParams(samples, hours);
  const hold = learnHoldOffsetF(readings, ratedPowerW);
  const following: ThermalParams = {
    ...lumped,
    ...stepParams(setpointStepOf(readings)),
    reboundFPerDuty: fitRebound(lumped, samples),
    setpointFollow: fitSetpointFollow(lumped, samples),
    ...(hold.cool != null && { coolHoldOffsetF: hold.cool }),
    ...(hold.heat != null && { heatHoldOffsetF: hold.heat }),
  };
  const corrected = withCorrection({ ...following, thermostatPull: fitThermostatPull(following, samples) }, samples);
  const band = learnTrajectoryBand(trial, heldOut);
  const params = band ? { ...corrected, trajectoryBandF: band } : corrected;
  const heldOutRmseF = oneStepRmseF(trial, heldOut);
  const first = samples[0]!;
  const last = samples.at(-1)!;
  return {
    params,
    gridMinutes,
    ratedPowerW,
    stats: {
      samples: samples.length,
      spanHours: (last.startMs - first.startMs) / 3_600_000 + hours,
      residualRmseF: oneStepRmseF(params, samples) ?? 0,
      heldOutSamples: heldOut.length,
      heldOutRmseF,
      freeRun24hRmseF: freeRunRmseF(trial, heldOut, Math.round(FREE_RUN_HOURS / hours), Math.round(FREE_RUN_STRIDE_HOURS / hours)),
    },
    confidence: modelConfidence(heldOutRmseF),
  };
}
