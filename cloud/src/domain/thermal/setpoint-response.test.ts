import { describe, expect, it } from 'vitest';
import { oneStepRmseF, predictEnd } from './evaluate.js';
import { fitSetpointFollow, fitThermostatPull } from './fit.js';
import type { ThermalSample } from './resample.js';
import { stepCoefficients, stepTemperature, type ThermalParams } from './thermal-model.js';

const PARAMS: ThermalParams = { lossPerHour: 0.05, coolingFPerHour: -3, heatingFPerHour: 3, gainFPerHour: 0.4, coolHoldOffsetF: -0.5 };

/**
 * A week of cooling steps: the setpoint alternates 72/75 F every three hours, duty 0.4; the air
 * follows the lumped model, plus `follow` of each setpoint change, plus `pull` of the gap to where
 * the thermostat holds it (setpoint − 0.5 F).
 */
function week(follow: number, pull: number): ThermalSample[] {
  const out: ThermalSample[] = [];
  let temp = 74;
  for (let i = 0; i < 7 * 48; i++) {
    const setpoint = (k: number) => (Math.floor(k / 6) % 2 === 0 ? 72 : 75);
    const change = setpoint(i + 1) - setpoint(i);
    const outdoorF = 85 + 8 * Math.sin((2 * Math.PI * i) / 48);
    const model = stepTemperature(stepCoefficients(PARAMS, 0.5, outdoorF), temp, 0.4, 0) + follow * change;
    const end = model + pull * (setpoint(i + 1) - 0.5 - model);
    out.push({
      gridIndex: i,
      startMs: i * 1_800_000,
      hours: 0.5,
      startF: temp,
      endF: end,
      coolDuty: 0.4,
      heatDuty: 0,
      outdoorF,
      setpointChangeF: change,
      endSetpointF: setpoint(i + 1),
    });
    temp = end;
  }
  return out;
}

describe('the air answering the thermostat', () => {
  it('learns the fraction of a setpoint change the air follows at once', () => {
    expect(fitSetpointFollow(PARAMS, week(0.6, 0))).toBeCloseTo(0.6, 1);
    expect(fitSetpointFollow(PARAMS, week(0, 0))).toBe(0);
  });

  it('learns how much of the gap to the held temperature a regulating step closes, and predicts with both', () => {
    const data = week(0.3, 0.5);
    const follow = fitSetpointFollow(PARAMS, data);
    const pull = fitThermostatPull({ ...PARAMS, setpointFollow: follow }, data);
    expect(pull).toBeGreaterThan(0.3);
    const fitted = { ...PARAMS, setpointFollow: follow, thermostatPull: pull };
    expect(oneStepRmseF(fitted, data)!).toBeLessThan(oneStepRmseF(PARAMS, data)! / 2);
    // A step without a known setpoint is predicted by the model alone.
    const unknown = { ...data[10]!, setpointChangeF: null, endSetpointF: null };
    expect(predictEnd(fitted, unknown, unknown.startF)).toBeCloseTo(
      stepTemperature(stepCoefficients(PARAMS, 0.5, unknown.outdoorF), unknown.startF, 0.4, 0),
      9,
    );
  });
});
