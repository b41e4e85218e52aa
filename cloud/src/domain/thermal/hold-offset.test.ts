import { describe, expect, it } from 'vitest';
import type { ThermalReading } from './duty.js';
import { learnHoldOffsetF } from './hold-offset.js';

const START = Date.UTC(2026, 6, 1);

/** Readings every 5 minutes for `hours`: the unit cycles (running every third reading) with the air `offsetF` from a 74 F setpoint. */
function cycling(hours: number, offsetF: number, state: 'COOL' | 'HEAT', overrides: Partial<ThermalReading> = {}): ThermalReading[] {
  return Array.from({ length: hours * 12 }, (_, i) => ({
    at: new Date(START + i * 300_000),
    indoorTempF: 74 + offsetF + (i % 3 === 0 ? -0.3 : 0.15),
    hvacState: state,
    hvacAction: i % 3 === 0 ? (state === 'COOL' ? 'cooling' : 'heating') : 'idle',
    targetTempF: 74,
    ...overrides,
  }));
}

describe('learnHoldOffsetF', () => {
  it('learns how far below its setpoint a cooling thermostat holds the air', () => {
    const learned = learnHoldOffsetF(cycling(6, -1.5, 'COOL'));
    expect(learned.heat).toBeNull();
    expect(Math.abs(learned.cool! + 1.5)).toBeLessThan(0.1);
  });

  it('learns the heating offset apart', () => {
    expect(Math.abs(learnHoldOffsetF(cycling(6, 0.8, 'HEAT')).heat! - 0.8)).toBeLessThan(0.1);
  });

  it('is not snapped to the whole degrees of a sensor that rounds to 1 F', () => {
    // The air swings 0.1-0.9 F above the setpoint (0.5 on average); the sensor reports whole degrees.
    const rounded = cycling(6, 0, 'HEAT').map((r, i) => ({ ...r, indoorTempF: Math.round(74.1 + (0.8 * ((i * 7) % 11)) / 10) }));
    expect(learnHoldOffsetF(rounded).heat).toBeGreaterThan(0.2);
    expect(learnHoldOffsetF(rounded).heat).toBeLessThan(0.8);
  });

  it('counts a unit that modulates below its full output as regulating, not one running flat out', () => {
    const running = (hours: number, offsetF: number, powerW: number, from = 0) =>
      cycling(hours, offsetF, 'HEAT', { hvacAction: 'heating', powerW }).map((r, i) => ({ ...r, at: new Date(START + from + i * 300_000) }));
    const rated = { cool: null, heat: 2000 };
    // Six hours modulating at half output 0.2 F above the setpoint, then six flat out 3 F short of it.
    const readings = [...running(6, 0.2, 1000), ...running(6, -3, 2000, 6 * 3_600_000)];
    expect(Math.abs(learnHoldOffsetF(readings, rated).heat! - 0.2)).toBeLessThan(0.1);
    // Without a rated power every running reading is full duty: nothing regulates.
    expect(learnHoldOffsetF(readings).heat).toBeNull();
  });

  it('ignores drifting (no cycling), readings without a setpoint, and too few readings', () => {
    const drifting = cycling(6, -4, 'COOL').map((r) => ({ ...r, hvacAction: 'idle' }));
    expect(learnHoldOffsetF(drifting)).toEqual({ cool: null, heat: null });
    expect(learnHoldOffsetF(cycling(6, -1, 'COOL', { targetTempF: null }))).toEqual({ cool: null, heat: null });
    expect(learnHoldOffsetF(cycling(1, -1, 'COOL'))).toEqual({ cool: null, heat: null });
  });
});
