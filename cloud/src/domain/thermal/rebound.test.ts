import { describe, expect, it } from 'vitest';
import { fitRebound } from './fit.js';
import type { ThermalSample } from './resample.js';
import { stepCoefficients, stepTemperature, type ThermalParams } from './thermal-model.js';

const PARAMS: ThermalParams = { lossPerHour: 0.05, coolingFPerHour: -3, heatingFPerHour: 3, gainFPerHour: 0.4 };

/**
 * Days of 30-minute cooling steps: the unit runs at `duty` for two hours, then rests two hours,
 * over and over; the air follows the model, and in the first resting step after running it also
 * springs back by `springF` × the duty it stopped from.
 */
function days(count: number, duty: number, springF: number): ThermalSample[] {
  const out: ThermalSample[] = [];
  let temp = 74;
  for (let i = 0; i < count * 48; i++) {
    const u = i % 8 < 4 ? duty : 0;
    const outdoorF = 85 + 8 * Math.sin((2 * Math.PI * i) / 48);
    let end = stepTemperature(stepCoefficients(PARAMS, 0.5, outdoorF), temp, u, 0);
    if (u === 0 && i % 8 === 4) end += springF * duty;
    out.push({
      gridIndex: i,
      startMs: i * 1_800_000,
      hours: 0.5,
      startF: temp,
      endF: end,
      coolDuty: u,
      heatDuty: 0,
      outdoorF,
      setpointChangeF: null,
      endSetpointF: null,
    });
    temp = end;
  }
  return out;
}

describe('fitRebound', () => {
  it('learns how far the air springs back per unit of the duty the unit stopped from', () => {
    expect(fitRebound(PARAMS, days(7, 0.6, 3))).toBeCloseTo(3, 0);
    expect(fitRebound(PARAMS, days(7, 0.6, 3))).toBeGreaterThan(2.5);
  });

  it('is 0 for a home that follows the lumped model, and never negative', () => {
    expect(fitRebound(PARAMS, days(7, 0.6, 0))).toBeCloseTo(0, 6);
    expect(fitRebound(PARAMS, days(7, 0.6, -2))).toBe(0);
  });
});
