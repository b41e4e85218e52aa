import { describe, expect, it } from 'vitest';
import { slotStartsUtc } from '../time/slot-grid.js';
import { slotMeansKw } from './slot-means.js';

/** One mean per UTC half hour of the day around `date`, W equal to its minutes since midnight UTC. */
function utcMeans(date: string) {
  const from = Date.parse(`${date}T00:00:00Z`) - 86_400_000;
  return Array.from({ length: 144 }, (_, k) => {
    const start = new Date(from + k * 1_800_000);
    return { start, meanWatts: 1000 * (start.getUTCHours() * 60 + start.getUTCMinutes()) };
  });
}

describe('slotMeansKw', () => {
  it('gives each local slot the mean of the UTC half hour it starts', () => {
    const starts = slotStartsUtc('2026-06-21', 'Europe/Berlin');
    const kw = slotMeansKw(utcMeans('2026-06-21'), starts);
    starts.forEach((start, s) => expect(kw[s]).toBe(start.getUTCHours() * 60 + start.getUTCMinutes()));
  });

  it('in a zone offset by :45, the UTC half hour a quarter hour earlier (no mean starts on its slots)', () => {
    const starts = slotStartsUtc('2026-06-21', 'Asia/Kathmandu');
    expect(starts[0]!.getUTCMinutes()).toBe(15);
    const kw = slotMeansKw(utcMeans('2026-06-21'), starts);
    starts.forEach((start, s) => expect(kw[s]).toBe(start.getUTCHours() * 60 + start.getUTCMinutes() - 15));
  });

  it('leaves a slot without a reading empty', () => {
    const starts = slotStartsUtc('2026-06-21', 'UTC');
    expect(slotMeansKw([{ start: starts[3]!, meanWatts: 2500 }], starts).filter((kw) => kw !== null)).toEqual([2.5]);
  });
});
