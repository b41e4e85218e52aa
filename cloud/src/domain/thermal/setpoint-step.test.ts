import { describe, expect, it } from 'vitest';
import type { ThermalReading } from './duty.js';
import { learnSetpointStepC, thermostatSetpointF } from './setpoint-step.js';

/** Readings reporting each setpoint in turn, as a thermostat reports them (F with one decimal). */
const reporting = (setpointsF: number[], count = 48): ThermalReading[] =>
  Array.from({ length: count }, (_, i) => ({
    at: new Date(Date.UTC(2026, 0, 1) + i * 300_000),
    indoorTempF: 70,
    hvacState: 'HEAT',
    hvacAction: 'idle',
    targetTempF: setpointsF[i % setpointsF.length]!,
  }));

describe('learnSetpointStepC', () => {
  it('recognises a Celsius thermostat from setpoints on the half-degree Celsius grid (22.0, 22.5, 24.5 C)', () => {
    expect(learnSetpointStepC(reporting([71.6, 72.5, 76.1]))).toBe(0.5);
  });

  it('says nothing when the setpoints are whole or half degrees F, even where those are also on the Celsius grid', () => {
    expect(learnSetpointStepC(reporting([68, 72, 72.5]))).toBeNull();
    expect(learnSetpointStepC(reporting([71.6, 72.5, 73]))).toBeNull();
  });

  it('says nothing with few setpoints reported', () => {
    expect(learnSetpointStepC(reporting([71.6], 10))).toBeNull();
    expect(learnSetpointStepC(reporting([71.6]).map((r) => ({ ...r, targetTempF: null })))).toBeNull();
  });
});

describe('thermostatSetpointF', () => {
  it.each([
    [77.5, 0.5, 77.9],
    [75, 0.5, 75.2],
    [72.5, 0.5, 72.5],
    [72.5, null, 72.5],
  ])('sends %s F to a thermostat of step %s C: it holds %s F', (sent, step, held) => {
    expect(thermostatSetpointF(sent, step)).toBe(held);
  });
});
