import { describe, expect, it } from 'vitest';
import type { ThermalSample } from '../thermal/resample.js';
import type { ThermalParams } from '../thermal/thermal-model.js';
import { checkSteps, holdGapOver, withoutDailyPattern } from './residuals.js';

const PARAMS: ThermalParams = { lossPerHour: 0.05, coolingFPerHour: -3, heatingFPerHour: 3, gainFPerHour: 0, coolHoldOffsetF: -0.5 };
const START = Date.parse('2026-07-20T00:00:00Z');

const step = (i: number, over: Partial<ThermalSample> = {}): ThermalSample => ({
  gridIndex: i,
  startMs: START + i * 1_800_000,
  hours: 0.5,
  startF: 74,
  endF: 74,
  coolDuty: 0.4,
  heatDuty: 0,
  outdoorF: 90,
  setpointChangeF: 0,
  endSetpointF: 75,
  ...over,
});

describe('checkSteps', () => {
  it('gives the temperature residual against the model and, where the thermostat regulates, the reading against where it holds the air', () => {
    const [regulating, resting, flatOut, noSetpoint] = checkSteps(PARAMS, [
      step(0),
      step(1, { coolDuty: 0 }),
      step(2, { coolDuty: 1 }),
      step(3, { endSetpointF: null }),
    ]);
    // 74 F held against 75 F with a -0.5 F holding offset: 0.5 F below where the model holds it.
    expect(regulating!.holdGapF).toBeCloseTo(-0.5, 9);
    // Resting, the home warms towards 90 F by (1 − e^(−0.025))·16 F: the reading shows none of it.
    expect(resting!.residualF).toBeCloseTo(-(1 - Math.exp(-0.025)) * 16, 9);
    expect([resting!.holdGapF, flatOut!.holdGapF, noSetpoint!.holdGapF]).toEqual([null, null, null]);
  });

  it('takes the median holding gap over a span only with enough regulating steps', () => {
    const checked = checkSteps(
      PARAMS,
      Array.from({ length: 20 }, (_, i) => step(i, { endF: 74 + (i % 3) })),
    );
    expect(holdGapOver(checked, START, START + 20 * 1_800_000)).toBeCloseTo(0.5, 9);
    expect(holdGapOver(checked, START, START + 5 * 1_800_000)).toBeNull();
  });
});

describe('withoutDailyPattern', () => {
  it('removes the residual each time of day had on the reference days, and keeps what is new', () => {
    const perDay = 48;
    const pattern = (i: number) => Math.sin((2 * Math.PI * (i % perDay)) / perDay);
    const steps = Array.from({ length: 3 * perDay }, (_, i) => ({ ...step(i), residualF: pattern(i) + (i === 2 * perDay + 10 ? 1 : 0), holdGapF: null }));
    const adjusted = withoutDailyPattern(steps, START + 2 * 86_400_000, 30);
    expect(Math.max(...adjusted.filter((_, i) => i !== 2 * perDay + 10).map((s) => Math.abs(s.residualF)))).toBeLessThan(1e-9);
    expect(adjusted[2 * perDay + 10]!.residualF).toBeCloseTo(1, 9);
  });
});
