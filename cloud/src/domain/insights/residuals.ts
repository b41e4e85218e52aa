// One scan of the model's residuals over grid steps: what the reference model expected of each step
// and how far the readings were from it. The window hint reads the temperature residual, the sensor
// hint the thermostat's holding gap; both come from `checkSteps`.
import { stepCoefficients, stepTemperature, type ThermalParams } from '../thermal/thermal-model.js';
import type { ThermalSample } from '../thermal/resample.js';
import { DAY_MS } from '../time/durations.js';
import { upperMedian } from '../statistics.js';

/** Duties of a step in which the thermostat clearly regulates (neither resting nor flat out). */
const REGULATING_DUTY = [0.05, 0.95] as const;

export interface CheckedStep extends ThermalSample {
  /** Observed minus predicted end temperature (from the observed start and duty, lumped model), F. */
  residualF: number;
  /**
   * In a step where the thermostat regulates and the setpoint is known: the reading at the step's
   * end minus where the model says the thermostat holds the air (setpoint plus its holding offset),
   * F; null otherwise.
   */
  holdGapF: number | null;
}

/** The air the model expects the thermostat to hold against its setpoint in the step's direction, F (air − setpoint). */
const holdOffsetF = (params: ThermalParams, s: ThermalSample) => (s.coolDuty >= s.heatDuty ? (params.coolHoldOffsetF ?? 0) : (params.heatHoldOffsetF ?? 0));

export function checkSteps(params: ThermalParams, samples: readonly ThermalSample[]): CheckedStep[] {
  return samples.map((s) => {
    const duty = s.coolDuty + s.heatDuty;
    const regulates = s.endSetpointF != null && duty >= REGULATING_DUTY[0] && duty <= REGULATING_DUTY[1];
    return {
      ...s,
      residualF: s.endF - stepTemperature(stepCoefficients(params, s.hours, s.outdoorF), s.startF, s.coolDuty, s.heatDuty),
      holdGapF: regulates ? s.endF - s.endSetpointF! - holdOffsetF(params, s) : null,
    };
  });
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

/** Steps needed to take a median holding gap over a span. */
const MIN_REGULATING_STEPS = 12;

/** The median holding gap of the steps in [fromMs, toMs), or null with too few regulating steps. */
export function holdGapOver(steps: readonly CheckedStep[], fromMs: number, toMs: number, minSteps = MIN_REGULATING_STEPS): number | null {
  const gaps = steps.filter((s) => s.holdGapF != null && s.startMs >= fromMs && s.startMs < toMs).map((s) => s.holdGapF!);
  return gaps.length >= minSteps ? upperMedian(gaps) : null;
}

/**
 * Residuals less the median residual at the same time of day over the reference days: the
 * structure's daily give and take, which the lumped model misses (a unit failing later stays in).
 */
export function withoutDailyPattern(steps: readonly CheckedStep[], referenceEnd: number, gridMinutes: number): CheckedStep[] {
  const perDay = Math.round(DAY_MS / (gridMinutes * 60_000));
  const bySlot = new Map<number, number[]>();
  for (const s of steps.filter((x) => x.startMs < referenceEnd)) bySlot.set(s.gridIndex % perDay, [...(bySlot.get(s.gridIndex % perDay) ?? []), s.residualF]);
  const typical = new Map([...bySlot].map(([slot, values]) => [slot, upperMedian(values)!]));
  return steps.map((s) => ({ ...s, residualF: s.residualF - (typical.get(s.gridIndex % perDay) ?? 0) }));
}
