import { describe, expect, it } from 'vitest';
import { freeRunRmseF, oneStepRmseF, predictEnd } from './evaluate.js';
import type { ThermalSample } from './resample.js';
import { correctionTerms, fitStepCorrection } from './step-correction.js';
import { stepCoefficients, stepTemperature, type ThermalParams } from './thermal-model.js';

const PARAMS: ThermalParams = { lossPerHour: 0.05, coolingFPerHour: -3, heatingFPerHour: 3, gainFPerHour: 0.4 };
const STEP_MS = 1_800_000;

/**
 * A week of cooling steps: the setpoint alternates 73/76 F every three hours, the duty cycles
 * 0.2-0.8; the air follows the lumped model plus 0.3 of the gap to the setpoint, minus 0.4 × the
 * drop in cooling from the step before (the air springs back when the unit eases off), plus a
 * 0.2 F daily wave peaking at 00:00 UTC.
 */
function week(): ThermalSample[] {
  const out: ThermalSample[] = [];
  let temp = 75;
  let previous: number | null = null;
  for (let i = 0; i < 7 * 48; i++) {
    const setpoint = (k: number) => (Math.floor(k / 6) % 2 === 0 ? 73 : 76);
    const duty = 0.5 + 0.3 * Math.sin(i * 1.3);
    const outdoorF = 85 + 8 * Math.sin((2 * Math.PI * i) / 48);
    const hour = ((i + 0.5) * 0.5) % 24;
    const model = stepTemperature(stepCoefficients(PARAMS, 0.5, outdoorF), temp, duty, 0);
    const eased = previous == null ? 0 : -previous - duty; // signed duty is −cooling
    const end = model + 0.3 * (setpoint(i + 1) - temp) - 0.4 * eased + 0.2 * Math.cos((2 * Math.PI * hour) / 24);
    out.push({
      gridIndex: i,
      startMs: i * STEP_MS,
      hours: 0.5,
      startF: temp,
      endF: end,
      coolDuty: duty,
      heatDuty: 0,
      outdoorF,
      setpointChangeF: setpoint(i + 1) - setpoint(i),
      endSetpointF: setpoint(i + 1),
      previousDuty: previous == null ? null : -previous,
    });
    previous = duty;
    temp = end;
  }
  return out;
}

const residuals = (params: ThermalParams, samples: readonly ThermalSample[]) => samples.map((s) => s.endF - predictEnd(params, s, s.startF));

describe('the one-step correction', () => {
  it('learns what the model leaves in the residuals: the pull to the setpoint, the air leading the structure, a daily wave', () => {
    const data = week();
    const c = fitStepCorrection(data, residuals(PARAMS, data))!;
    expect(c.setpointGap).toBeCloseTo(0.3, 2);
    expect(c.dutyChange).toBeCloseTo(-0.4, 1);
    expect(c.dailyCos).toBeCloseTo(0.2, 1);
    expect(Math.abs(c.dailySin)).toBeLessThan(0.02);
    const corrected = { ...PARAMS, stepCorrection: c };
    expect(oneStepRmseF(corrected, data)!).toBeLessThan(oneStepRmseF(PARAMS, data)! / 10);
  });

  it('learns the pull towards the temperature a home holds over days, which the lumped model lacks, and keeps day-long free runs near it', () => {
    // Two weeks of heating without a reported setpoint: the heat comes in bursts, and something the
    // readings do not show (neighbours, the ground, a slow mass) pulls the air 5 % of the way to 67 F per step.
    const data: ThermalSample[] = [];
    let temp = 67;
    for (let i = 0; i < 14 * 48; i++) {
      const heatDuty = i % 48 >= 14 && i % 48 < 20 ? 0.6 : 0;
      const outdoorF = 40 + 6 * Math.sin((2 * Math.PI * i) / 48);
      const end = stepTemperature(stepCoefficients(PARAMS, 0.5, outdoorF), temp, 0, heatDuty) + 0.05 * (67 - temp);
      data.push({
        gridIndex: i,
        startMs: i * STEP_MS,
        hours: 0.5,
        startF: temp,
        endF: end,
        coolDuty: 0,
        heatDuty,
        outdoorF,
        setpointChangeF: null,
        endSetpointF: null,
      });
      temp = end;
    }
    const c = fitStepCorrection(data, residuals(PARAMS, data))!;
    expect(c.usualF).toBeCloseTo(data.reduce((sum, s) => sum + s.startF, 0) / data.length, 1);
    expect(c.usualGap).toBeCloseTo(0.05, 2);
    const withoutPull = freeRunRmseF(PARAMS, data, 48, 12)!;
    expect(freeRunRmseF({ ...PARAMS, stepCorrection: c }, data, 48, 12)!).toBeLessThan(withoutPull / 10);
  });

  it('needs a day of steps, and leaves the setpoint and duty-change terms at 0 where they are not known', () => {
    const data = week();
    expect(fitStepCorrection(data.slice(0, 47), residuals(PARAMS, data.slice(0, 47)))).toBeUndefined();
    const unknown = { ...data[10]!, setpointChangeF: null, endSetpointF: null, previousDuty: null };
    expect(correctionTerms(unknown, 75).slice(0, 3)).toEqual([0, 0, 0]);
    // Without a learned correction, predictions are the model's.
    expect(predictEnd(PARAMS, unknown, 75)).toBeCloseTo(stepTemperature(stepCoefficients(PARAMS, 0.5, unknown.outdoorF), 75, unknown.coolDuty, 0), 9);
  });
});
