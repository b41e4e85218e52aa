import { describe, expect, it } from 'vitest';
import { comfortBand, type ComfortInputs } from './comfort-band.js';
import { DEFAULT_PREFERENCES } from './defaults.js';

const prefs = (over: Partial<ComfortInputs> = {}): ComfortInputs => ({ ...DEFAULT_PREFERENCES, ...over });

/** Indexes of the slots whose band is not the home band (base +/- 2). */
function awaySlots(band: { high: number[]; low: number[] }, base: number): number[] {
  return band.high.flatMap((h, i) => (h - base !== 2 ? [i] : []));
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('comfortBand', () => {
  it('gives the defaults a +/-2 F band in every slot (level 1 equals the home band)', () => {
    const band = comfortBand(prefs());
    expect(band.high).toEqual(Array(48).fill(74));
    expect(band.low).toEqual(Array(48).fill(70));
  });

  it.each([
    [2, 6],
    [3, 12],
  ] as const)("widens the away window [08:00, 17:00) to +/-%s's band", (savings_level, half) => {
    const band = comfortBand(prefs({ savings_level }));
    expect(band.high).toHaveLength(48);
    expect(awaySlots(band, 72)).toEqual(range(16, 33));
    expect(band.high[16]).toBe(72 + half);
    expect(band.low[33]).toBe(72 - half);
    expect(band.high[15]).toBe(74);
    expect(band.low[34]).toBe(70);
  });

  it('wraps midnight when time_away is later than time_home', () => {
    const band = comfortBand(prefs({ savings_level: 2, time_away: '22:00', time_home: '06:00' }));
    expect(awaySlots(band, 72)).toEqual([...range(0, 11), ...range(44, 47)]);
  });

  it('has no away window when time_away equals time_home', () => {
    expect(awaySlots(comfortBand(prefs({ savings_level: 3, time_away: '09:00', time_home: '09:00' })), 72)).toEqual([]);
  });

  it('counts a slot as away only when all of it is inside the window', () => {
    const band = comfortBand(prefs({ savings_level: 2, time_away: '08:15', time_home: '17:15' }));
    expect(awaySlots(band, 72)).toEqual(range(17, 33));
    const short = comfortBand(prefs({ savings_level: 2, time_away: '08:10', time_home: '08:35' }));
    expect(awaySlots(short, 72)).toEqual([]);
  });

  it('follows base_temperature', () => {
    const band = comfortBand(prefs({ base_temperature: 68.5, savings_level: 2 }));
    expect(band.high[0]).toBe(70.5);
    expect(band.low[20]).toBe(62.5);
  });

  it('uses the hourly arrays when set, each hour for both of its slots, ignoring the away window', () => {
    const high = Array.from({ length: 24 }, (_, h) => 70 + h / 2);
    const low = Array.from({ length: 24 }, (_, h) => 60 + h / 2);
    const band = comfortBand(prefs({ savings_level: 3, hourly_high_temps_f: high, hourly_low_temps_f: low }));
    expect(band.high).toEqual(high.flatMap((v) => [v, v]));
    expect(band.low).toEqual(low.flatMap((v) => [v, v]));
  });
});
