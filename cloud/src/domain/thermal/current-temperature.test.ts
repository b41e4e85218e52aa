import { describe, expect, it } from 'vitest';
import { currentIndoorTempF } from './current-temperature.js';

const at = (min: number) => new Date(Date.UTC(2026, 6, 1, 12) + min * 60_000);
const reading = (min: number, indoorTempF: number) => ({ at: at(min), indoorTempF, hvacState: 'COOL' as const });

describe('currentIndoorTempF', () => {
  it('averages the readings of the last 30 minutes (smoothing the thermostat ripple)', () => {
    const readings = [reading(-40, 80), reading(-25, 72), reading(-10, 73), reading(0, 74), reading(5, 90)];
    expect(currentIndoorTempF(readings, at(0))).toBe(73);
  });

  it('falls back to the latest earlier reading', () => {
    expect(currentIndoorTempF([reading(-120, 70), reading(-90, 71)], at(0))).toBe(71);
  });

  it('is null without a reading at or before the instant', () => {
    expect(currentIndoorTempF([reading(10, 70)], at(0))).toBeNull();
    expect(currentIndoorTempF([], at(0))).toBeNull();
  });
});
