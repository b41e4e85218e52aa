import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../domain/time/slot-grid.js';
import { marketDaysCovering } from './price-feeds.js';

const NY = 'America/New_York';

describe('which market days an account needs', () => {
  it.each<[string, string, LocalDate[]]>([
    ['the market zone itself', NY, ['2024-07-01']],
    ['a zone ahead of the market (UTC+14)', 'Pacific/Kiritimati', ['2024-06-30', '2024-07-01']],
    ['a zone behind the market', 'Pacific/Honolulu', ['2024-07-01', '2024-07-02']],
  ])('%s', (_name, timeZone, days) => {
    expect(marketDaysCovering([{ date: '2024-07-01', timeZone }], NY)).toEqual(days);
  });

  it('merges the days of several accounts, sorted and without repeats', () => {
    const local = [
      { date: '2024-07-02', timeZone: NY },
      { date: '2024-07-01', timeZone: 'Pacific/Kiritimati' },
      { date: '2024-07-01', timeZone: NY },
    ];
    expect(marketDaysCovering(local, NY)).toEqual(['2024-06-30', '2024-07-01', '2024-07-02']);
  });
});
