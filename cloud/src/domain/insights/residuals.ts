// Grid steps with what the reference model expected of them: the inputs of the model-based hints.
import { stepCoefficients, stepTemperature, type ThermalParams } from '../thermal/thermal-model.js';
import type { ThermalSample } from '../thermal/resample.js';

export interface CheckedStep extends ThermalSample {
  /** Observed minus predicted end temperature (from the observed start and duty), F. */
  residualF: number;
}

export function checkSteps(params: ThermalParams, samples: readonly ThermalSample[]): CheckedStep[] {
  return samples.map((s) => ({
    ...s,
    residualF: s.endF - stepTemperature(stepCoefficients(params, s.hours, s.outdoorF), s.startF, s.coolDuty, s.heatDuty),
  }));
}

/** Maximal runs of consecutive grid steps that all satisfy `keep`. */
export function runsOf<T extends ThermalSample>(steps: readonly T[], keep: (s: T) => boolean): T[][] {
  const runs: T[][] = [];
  let current: T[] = [];
  for (const s of steps) {
    const continues = current.length > 0 && s.gridIndex === current.at(-1)!.gridIndex + 1;
    if (keep(s) && (continues || current.length === 0)) current.push(s);
    else {
      if (current.length) runs.push(current);
      current = keep(s) ? [s] : [];
    }
  }
  if (current.length) runs.push(current);
  return runs;
}

/** The direction the unit mostly worked in over the steps. */
export function mainDirection(steps: readonly ThermalSample[]): 'cool' | 'heat' {
  let cool = 0;
  let heat = 0;
  for (const s of steps) [cool, heat] = [cool + s.coolDuty, heat + s.heatDuty];
  return cool >= heat ? 'cool' : 'heat';
}
