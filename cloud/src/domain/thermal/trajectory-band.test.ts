import { describe, expect, it } from 'vitest';
import type { ThermalSample } from './resample.js';
import { stepCoefficients, stepTemperature, type ThermalParams } from './thermal-model.js';
import { PLANNING_MARGIN_F, START_ERROR_F, bandAt, learnTrajectoryBand } from './trajectory-band.js';

const PARAMS: ThermalParams = { lossPerHour: 0.05, coolingFPerHour: -3, heatingFPerHour: 3, gainFPerHour: 0.4 };

/** Steps of a home that follows PARAMS plus a random walk of ±`walkF` per step (what no model can see). */
function steps(count: number, gapAt: number | null = null, walkF = 0.1): ThermalSample[] {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  let temp = 74;
  return Array.from({ length: count }, (_, i) => {
    const duty = 0.3 + 0.2 * Math.sin(i / 5);
    const outdoorF = 85 + 8 * Math.sin((2 * Math.PI * i) / 48);
    const startF = temp;
    temp = stepTemperature(stepCoefficients(PARAMS, 0.5, outdoorF), temp, duty, 0) + walkF * random();
    const gridIndex = gapAt != null && i >= gapAt ? i + 10 : i;
    return {
      gridIndex,
      startMs: gridIndex * 1_800_000,
      hours: 0.5,
      startF,
      endF: temp,
      coolDuty: duty,
      heatDuty: 0,
      outdoorF,
      setpointChangeF: null,
      endSetpointF: null,
    };
  });
}

describe('learnTrajectoryBand', () => {
  /** The half-width of horizon group `i`: the start error is the first hour's only. */
  const halfWidth = (i: number) => PLANNING_MARGIN_F + (i === 0 ? START_ERROR_F : 0);
  const centre = (band: { lowF: number[]; highF: number[] }, i: number) => (band.lowF[i]! + band.highF[i]!) / 2;

  it("spans the planning margin each side of the home's median residual, the start error wider in the first hour", () => {
    const band = learnTrajectoryBand(PARAMS, steps(150, null, 0.4))!;
    expect(band.horizonHours).toEqual([1, 3, 6, 12, 24]);
    band.lowF.forEach((low, i) => {
      expect(low).toBeLessThan(0);
      expect(band.highF[i]).toBeGreaterThan(0);
      expect(band.highF[i]! - low).toBeCloseTo(2 * halfWidth(i), 1);
    });
    expect(band.highF[0]! - band.lowF[0]!).toBeGreaterThan(band.highF[1]! - band.lowF[1]! + START_ERROR_F);
  });

  it('centres on where the thermostat holds the air while it regulates, not on the model', () => {
    // The thermostat holds the air 0.4 F above its 74 F setpoint (±0.1 F) whatever the model predicts.
    const held = steps(150).map((s, i) => ({ ...s, endSetpointF: 74, startF: 74.4 + 0.1 * Math.sin(i), endF: 74.4 + 0.1 * Math.sin(i + 1) }));
    const band = learnTrajectoryBand({ ...PARAMS, coolHoldOffsetF: 0.4 }, held)!;
    band.lowF.forEach((_, i) => expect(Math.abs(centre(band, i))).toBeLessThan(0.1));
  });

  it('follows a home that lands on one side of the prediction', () => {
    // The home runs 0.3 F warmer than the model every step: every residual is positive.
    const warm = steps(150).map((s) => ({ ...s, endF: stepTemperature(stepCoefficients(PARAMS, 0.5, s.outdoorF), s.startF, s.coolDuty, 0) + 0.3 }));
    const band = learnTrajectoryBand(PARAMS, warm)!;
    band.lowF.forEach((low, i) => {
      expect(centre(band, i)).toBeGreaterThan(0.25);
      expect(band.highF[i]! - low).toBeCloseTo(2 * halfWidth(i), 6);
    });
  });

  it('is not moved by setback recoveries the air takes hours to follow', () => {
    // The thermostat holds the air 0.4 F above its 74 F setpoint; every 2 hours the setpoint drops
    // from 78 F to 74 F while the air is at 78 F, and the unit runs flat out for two steps (as the
    // model predicts from where the air is).
    const recovering = (setbackStepF: number) => {
      let airF = 78;
      return steps(150).map((s, i): ThermalSample => {
        const held = { ...s, endSetpointF: 74, startF: 74.4, endF: 74.4 };
        if (i % 4 === 0) return { ...held, startF: 78.4, endF: (airF = 78), coolDuty: 0.5, setpointChangeF: -setbackStepF };
        if (i % 4 > 2) return held;
        const startF = airF;
        airF = stepTemperature(stepCoefficients(PARAMS, 0.5, s.outdoorF), startF, 1, 0);
        return { ...held, startF, endF: airF, coolDuty: 1 };
      });
    };
    const band = learnTrajectoryBand({ ...PARAMS, coolHoldOffsetF: 0.4 }, recovering(4))!;
    // The same steps with a setpoint change of 1 F, which a plan makes too: runs cross it.
    const crossed = learnTrajectoryBand({ ...PARAMS, coolHoldOffsetF: 0.4 }, recovering(1))!;
    band.lowF.forEach((_, i) => expect(Math.abs(centre(band, i))).toBeLessThan(0.1));
    // Beyond the first hour, runs that cross a recovery carry the setpoint through the flat-out steps: most land above it.
    expect(crossed.lowF.slice(1).every((_, i) => centre(crossed, i + 1) > centre(band, i + 1) + 1)).toBe(true);
  });

  it('has no band without enough held-out steps', () => {
    expect(learnTrajectoryBand(PARAMS, steps(8))).toBeNull();
  });

  it('centres a horizon no run reaches on the longest one reached (runs stop at gaps)', () => {
    const band = learnTrajectoryBand(PARAMS, steps(40, 20))!;
    expect(band.lowF[4]).toBe(band.lowF[3]);
    expect(band.highF[4]).toBe(band.highF[3]);
  });
});

describe('bandAt', () => {
  const band = { horizonHours: [1, 3, 24], lowF: [-0.1, -0.3, -0.8], highF: [0.2, 0.4, 0.9] };
  it.each([
    [0.5, -0.1, 0.2],
    [1, -0.1, 0.2],
    [2.5, -0.3, 0.4],
    [30, -0.8, 0.9],
  ])('at %s h ahead gives %s / %s F', (hours, lowF, highF) => {
    expect(bandAt(band, hours)).toEqual({ lowF, highF });
  });
});
