import { describe, expect, it } from 'vitest';
import { predictTrajectory, stepCoefficients, stepTemperature, type ThermalParams } from './thermal-model.js';

const PARAMS: ThermalParams = { lossPerHour: 0.2, coolingFPerHour: -4, heatingFPerHour: 5, gainFPerHour: 0.5 };

/** The differential equation integrated in 10 000 tiny steps. */
function fineEuler(startF: number, hours: number, outdoorF: number, cool: number, heat: number): number {
  let t = startF;
  const dt = hours / 10_000;
  for (let i = 0; i < 10_000; i++) {
    t += dt * (PARAMS.lossPerHour * (outdoorF - t) + PARAMS.coolingFPerHour * cool + PARAMS.heatingFPerHour * heat + PARAMS.gainFPerHour);
  }
  return t;
}

describe('stepCoefficients', () => {
  it.each([
    [0.5, 95, 0.7, 0],
    [1.5, 40, 0, 1],
    [0.5, 70, 0, 0],
    [3, 100, 1, 0],
  ])('integrates %s h at %s F outdoors exactly (cool %s, heat %s)', (hours, outdoor, cool, heat) => {
    const c = stepCoefficients(PARAMS, hours, outdoor);
    expect(stepTemperature(c, 72, cool, heat)).toBeCloseTo(fineEuler(72, hours, outdoor, cool, heat), 3);
  });

  it('is the identity over a slot of 0 hours (skipped by a DST change)', () => {
    const c = stepCoefficients(PARAMS, 0, 90);
    expect(stepTemperature(c, 72.3, 1, 0)).toBe(72.3);
    expect(stepTemperature(c, 72.3, 0, 1)).toBe(72.3);
  });

  it('signs: cooling lowers, heating raises the temperature', () => {
    const c = stepCoefficients(PARAMS, 0.5, 72);
    expect(c.betaCool).toBeLessThan(0);
    expect(c.betaHeat).toBeGreaterThan(0);
    expect(c.alpha).toBeGreaterThan(0);
    expect(c.alpha).toBeLessThan(1);
  });
});

describe('predictTrajectory', () => {
  it('chains the steps from the start temperature', () => {
    const steps = [
      { hours: 0.5, outdoorF: 95, coolDuty: 1, heatDuty: 0 },
      { hours: 0.5, outdoorF: 95, coolDuty: 0, heatDuty: 0 },
    ];
    const [first, second] = predictTrajectory(PARAMS, 74, steps);
    expect(first).toBeCloseTo(fineEuler(74, 0.5, 95, 1, 0), 3);
    expect(second).toBeCloseTo(fineEuler(first!, 0.5, 95, 0, 0), 3);
    expect(predictTrajectory(PARAMS, 74, [])).toEqual([]);
  });
});
