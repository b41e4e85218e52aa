// The one-step correction: what the lumped model and the thermostat terms leave in a step's
// residual, as a least-squares combination of eight terms known at the step's start. Used in
// predictions from observed steps (the fit's statistics, hence model_confidence), never by the
// plan's LP. See thermal-model.md ("The one-step correction").
import { addRow, emptyNormalEquations, solveLinear } from './bounded-ridge.js';
import type { ThermalSample } from './resample.js';
import { HOUR_MS } from '../time/durations.js';

/** F per unit of each term of `correctionTerms`, in that order. */
export interface StepCorrection {
  /** Per F of setpoint change over the step (beyond `setpointFollow`). */
  setpointChange: number;
  /** Per F of the end setpoint above the start temperature, in every step (not only regulating ones). */
  setpointGap: number;
  /** Per unit of signed duty (heating − cooling) the step before had above this step's: the air leads the structure. */
  dutyChange: number;
  /** Per unit of the step's signed duty. */
  duty: number;
  /** F per step. */
  constant: number;
  /** Per unit of the cosine and sine of the UTC hour (a daily pattern of sun and household gains). */
  dailyCos: number;
  dailySin: number;
  /**
   * Per F of `usualF` above the start temperature: the pull of what holds its temperature over
   * days (the structure's slow mass, the ground, heated neighbours, a thermostat whose setpoint
   * the readings do not carry). Absent: 0 (corrections learned before it existed).
   */
  usualGap?: number;
  /** The mean start temperature of the steps the correction was learned on, F. */
  usualF?: number;
}

/**
 * The terms of a step predicted from `startF`; setpoint terms are 0 without a known setpoint, the
 * duty change 0 without the step before, the usual-temperature gap 0 without `usualF`.
 */
export function correctionTerms(s: ThermalSample, startF: number, usualF?: number): number[] {
  const duty = s.heatDuty - s.coolDuty;
  const hour = ((s.startMs + (s.hours * HOUR_MS) / 2) / HOUR_MS) % 24;
  const angle = (2 * Math.PI * hour) / 24;
  return [
    s.setpointChangeF ?? 0,
    s.endSetpointF != null ? s.endSetpointF - startF : 0,
    s.previousDuty != null ? s.previousDuty - duty : 0,
    duty,
    1,
    Math.cos(angle),
    Math.sin(angle),
    usualF != null ? usualF - startF : 0,
  ];
}

/** The correction's value for a step predicted from `startF`, F; 0 without a learned correction. */
export function stepCorrectionF(c: StepCorrection | undefined, s: ThermalSample, startF: number): number {
  if (!c) return 0;
  const w = weights(c);
  return correctionTerms(s, startF, c.usualF).reduce((sum, x, i) => sum + w[i]! * x, 0);
}

const weights = (c: StepCorrection) => [c.setpointChange, c.setpointGap, c.dutyChange, c.duty, c.constant, c.dailyCos, c.dailySin, c.usualGap ?? 0];
const TERMS = 8;

/** Each weight is pulled towards 0 with this many squared units of its term. */
const RIDGE = 0.5;

/**
 * Least squares of `residuals` (observed end minus the prediction without correction, one per
 * sample) on the samples' terms, with a small ridge towards 0; the usual temperature is the
 * samples' mean start temperature. Undefined with fewer samples than a day (48), where eight
 * weights would fit noise.
 */
export function fitStepCorrection(samples: readonly ThermalSample[], residuals: readonly number[]): StepCorrection | undefined {
  if (samples.length < 48) return undefined;
  const usualF = samples.reduce((sum, s) => sum + s.startF, 0) / samples.length;
  const eq = emptyNormalEquations(TERMS);
  samples.forEach((s, i) => addRow(eq, correctionTerms(s, s.startF, usualF), residuals[i]!));
  for (let i = 0; i < TERMS; i++) eq.xtx[i]![i]! += RIDGE;
  const w = solveLinear(eq.xtx, eq.xty);
  if (!w) return undefined;
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  return {
    setpointChange: r(w[0]!),
    setpointGap: r(w[1]!),
    dutyChange: r(w[2]!),
    duty: r(w[3]!),
    constant: r(w[4]!),
    dailyCos: r(w[5]!),
    dailySin: r(w[6]!),
    usualGap: r(w[7]!),
    usualF: Math.round(usualF * 100) / 100,
  };
}
