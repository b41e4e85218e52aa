import { describe, expect, it } from 'vitest';
import type { ThermalReading } from './duty.js';
import { learnSetpointStepC, setpointStepOf, thermostatSetpointF } from './setpoint-step.js';

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

describe('setpointStepOf', () => {
  it('takes the step the newest reading reports', () => {
    const readings = reporting([68, 72, 72.5]).map((r, i) => ({ ...r, setpointStep: i === 40 ? ({ step: 1, unit: 'F' } as const) : null }));
    expect(setpointStepOf(readings)).toEqual({ step: 1, unit: 'F' });
    const older = readings.map((r, i) => ({ ...r, setpointStep: i === 3 ? ({ step: 0.5, unit: 'C' } as const) : r.setpointStep }));
    expect(setpointStepOf(older)).toEqual({ step: 1, unit: 'F' });
  });

  it('keeps the Celsius step its setpoints show over a reported F step (a Celsius device whose step Home Assistant gives in °C)', () => {
    const readings = reporting([71.6, 72.5, 76.1]).map((r) => ({ ...r, setpointStep: { step: 0.5, unit: 'F' } as const }));
    expect(setpointStepOf(readings)).toEqual({ step: 0.5, unit: 'C' });
  });

  it('learns the Celsius step when no reading reports one, and has none otherwise', () => {
    expect(setpointStepOf(reporting([71.6, 72.5, 76.1]))).toEqual({ step: 0.5, unit: 'C' });
    expect(setpointStepOf(reporting([68, 72, 72.5]))).toBeNull();
  });
});

describe('thermostatSetpointF', () => {
  it.each([
    [77.5, { setpointStepC: 0.5 }, 77.9],
    [75, { setpointStepC: 0.5 }, 75.2],
    [72.5, { setpointStepC: 0.5 }, 72.5],
    [72.5, { setpointStepF: 1 }, 73],
    [69.5, { setpointStepF: 1 }, 70],
    [72.4, { setpointStepF: 1 }, 72],
    [72.5, { setpointStepF: 0.5 }, 72.5],
    [72.5, {}, 72.5],
  ])('sends %s F to a thermostat whose model has %j: it holds %s F', (sent, params, held) => {
    expect(thermostatSetpointF(sent, params)).toBe(held);
  });
});
