import { describe, expect, it } from 'vitest';
import { inBandSlots } from './comfort.js';
import { episodeEntry, indoorTemps } from './day-view.js';

describe('inBandSlots', () => {
  it('counts measured slots inside the band, bounds included', () => {
    const high = Array<number>(48).fill(74);
    const low = Array<number>(48).fill(70);
    const indoor = Array.from({ length: 48 }, (_, s) => (s === 0 ? 70 : s === 1 ? 74 : s === 2 ? 74.01 : s === 3 ? 69.9 : s < 10 ? 72 : null));
    expect(inBandSlots(indoor, high, low)).toEqual({ inBand: 8, measured: 10 });
  });
});

describe('day view helpers', () => {
  it('rounds slot temperatures to 2 decimals and keeps gaps', () => {
    expect(indoorTemps([72.456, null, 70])).toEqual([72.46, null, 70]);
  });

  it('answers an episode with UTC times and its local start hour', () => {
    const e = { start: new Date('2026-06-01T23:10:00Z'), end: new Date('2026-06-02T00:10:00Z'), startHour: 18, readings: 3 };
    expect(episodeEntry(e)).toEqual({ start: '2026-06-01T23:10:00.000Z', end: '2026-06-02T00:10:00.000Z', start_hour: 18, readings: 3 });
  });
});
