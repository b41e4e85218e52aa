// How well a fitted model predicts observed grid steps: one step ahead and free-running for a day.
import { stepCoefficients, stepTemperature, type ThermalParams } from './thermal-model.js';
import type { ThermalSample } from './resample.js';
import { stepCorrectionF } from './step-correction.js';

/**
 * Model prediction of a sample's end temperature from a start temperature: the exact step, plus
 * the part of a setpoint change the air follows at once (setpointFollow) when the step knows it,
 * the thermostat's pull in a regulating step, and the learned one-step correction.
 */
export function predictEnd(params: ThermalParams, s: ThermalSample, startF: number): number {
  const follow = (params.setpointFollow ?? 0) * (s.setpointChangeF ?? 0);
  const model = stepTemperature(stepCoefficients(params, s.hours, s.outdoorF), startF, s.coolDuty, s.heatDuty) + follow;
  return model + (params.thermostatPull ?? 0) * thermostatGapF(params, s, model) + stepCorrectionF(params.stepCorrection, s, startF);
}

/** Where the thermostat holds the air at the step's end minus `predictedF`, in a step where it regulates; 0 otherwise. */
export function thermostatGapF(params: ThermalParams, s: ThermalSample, predictedF: number): number {
  const held = heldAirF(params, s);
  return held == null ? 0 : held - predictedF;
}

/** Where the thermostat holds the air at the step's end (its setpoint plus the holding offset) in a step where it regulates; null otherwise. */
export function heldAirF(params: ThermalParams, s: ThermalSample): number | null {
  const duty = s.coolDuty + s.heatDuty;
  if (s.endSetpointF == null || duty < REGULATING_DUTY[0] || duty > REGULATING_DUTY[1]) return null;
  return s.endSetpointF + (s.coolDuty >= s.heatDuty ? (params.coolHoldOffsetF ?? 0) : (params.heatHoldOffsetF ?? 0));
}

/** Duties of a step in which the thermostat is taken to regulate (neither resting nor flat out). */
const REGULATING_DUTY = [0.05, 0.95] as const;

const rms = (sumSquares: number, count: number) => (count > 0 ? Math.sqrt(sumSquares / count) : null);

/** RMSE (F) of one-step-ahead predictions over the samples; null without samples. */
export function oneStepRmseF(params: ThermalParams, samples: readonly ThermalSample[]): number | null {
  return oneStepRmseOf((s, startF) => predictEnd(params, s, startF), samples);
}

/** The one-step RMSE of `oneStepRmseF` for any step predictor. */
export function oneStepRmseOf(predict: StepPredictor, samples: readonly ThermalSample[]): number | null {
  let sum = 0;
  for (const s of samples) sum += (predict(s, s.startF) - s.endF) ** 2;
  return rms(sum, samples.length);
}

/** A step's predicted end temperature from a start temperature. */
export type StepPredictor = (s: ThermalSample, startF: number) => number;

/**
 * RMSE (F) of free runs: from the observed temperature at a window's start, the model runs on the
 * observed duties and outdoor temperatures alone for `horizonSteps` steps, and every predicted step
 * is compared with the observation. Windows start every `strideSteps` steps inside stretches
 * without gaps; null when no stretch is long enough.
 */
export function freeRunRmseF(params: ThermalParams, samples: readonly ThermalSample[], horizonSteps: number, strideSteps: number): number | null {
  return freeRunRmseOf((s, startF) => predictEnd(params, s, startF), samples, horizonSteps, strideSteps);
}

/** The free-run RMSE of `freeRunRmseF` for any step predictor (the benches' reference models). */
export function freeRunRmseOf(predict: StepPredictor, samples: readonly ThermalSample[], horizonSteps: number, strideSteps: number): number | null {
  const { sumSquares, count } = freeRunSquares(predict, samples, horizonSteps, strideSteps);
  return rms(sumSquares, count);
}

/** The squared errors of those free runs, summed, and how many there are (to pool runs of several fits). */
export function freeRunSquares(predict: StepPredictor, samples: readonly ThermalSample[], horizonSteps: number, strideSteps: number) {
  let sumSquares = 0;
  let count = 0;
  let runStart = 0;
  for (let i = 1; i <= samples.length; i++) {
    const isRunEnd = i === samples.length || samples[i]!.gridIndex !== samples[i - 1]!.gridIndex + 1;
    if (!isRunEnd) continue;
    for (let w = runStart; w + horizonSteps <= i; w += strideSteps) {
      let temp = samples[w]!.startF;
      for (let k = w; k < w + horizonSteps; k++) {
        const s = samples[k]!;
        temp = predict(s, temp);
        sumSquares += (temp - s.endF) ** 2;
        count++;
      }
    }
    runStart = i;
  }
  return { sumSquares, count };
}
