import { describe, expect, it } from 'vitest';
import { compactDate, compactUtcMinute, localHourStarts, localHourStartUtc, usDateToLocal } from './market-time.js';

describe('market-time', () => {
  it('compacts dates and instants', () => {
    expect(compactDate('2024-07-05')).toBe('20240705');
    expect(compactUtcMinute(new Date('2024-06-01T22:00:00Z'))).toBe('202406012200');
  });

  it.each([
    ['07/10/2024', '2024-07-10'],
    [' 12/31/2023 ', '2023-12-31'],
    ['2024-07-10', undefined],
    ['7/10/2024', undefined],
  ])('usDateToLocal(%j) = %s', (text, expected) => {
    expect(usDateToLocal(text)).toBe(expected);
  });

  it.each([
    ['2024-07-15', 24],
    ['2024-03-10', 23],
    ['2024-11-03', 25],
  ])('Chicago %s has %i local hours', (date, n) => {
    const hours = localHourStarts(date, 'America/Chicago');
    expect(hours).toHaveLength(n);
    expect(hours[0]?.hour).toBe(0);
    expect(hours.at(-1)?.hour).toBe(23);
  });

  it.each([
    ['2024-07-15', 13, 0, '2024-07-15T18:00:00.000Z'],
    ['2024-11-03', 1, 0, '2024-11-03T06:00:00.000Z'], // first 01:00 (CDT)
    ['2024-11-03', 1, 1, '2024-11-03T07:00:00.000Z'], // repeated 01:00 (CST)
    ['2024-03-10', 2, 0, undefined], // skipped
    ['2024-07-15', 1, 1, undefined], // no repeat on an ordinary day
  ] as const)('localHourStartUtc(%s, %i, occurrence %i)', (date, hour, occ, expected) => {
    expect(localHourStartUtc(date, hour, 'America/Chicago', occ)?.toISOString()).toBe(expected);
  });
});
