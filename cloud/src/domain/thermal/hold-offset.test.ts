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
    expect(learnHoldOffsetF(cycling(6, -1.5, 'COOL'))).toEqual({ cool: -1.35, heat: null });
  });

  it('learns the heating offset apart', () => {
    expect(learnHoldOffsetF(cycling(6, 0.8, 'HEAT')).heat).toBeCloseTo(0.95, 6);
  });

  it('ignores drifting (no cycling), readings without a setpoint, and too few readings', () => {
    const drifting = cycling(6, -4, 'COOL').map((r) => ({ ...r, hvacAction: 'idle' }));
    expect(learnHoldOffsetF(drifting)).toEqual({ cool: null, heat: null });
    expect(learnHoldOffsetF(cycling(6, -1, 'COOL', { targetTempF: null }))).toEqual({ cool: null, heat: null });
    expect(learnHoldOffsetF(cycling(1, -1, 'COOL'))).toEqual({ cool: null, heat: null });
  });
});
