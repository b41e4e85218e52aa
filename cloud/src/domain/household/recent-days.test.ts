// The recent days behind the measured profile: the same window, measured days and day type.
import { describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../time/calendar.js';
import { householdLoadDaysFor, recentLoadDays } from './recent-days.js';
import type { SlotMean } from './measured-profile.js';

/** Every slot of `date` at `kw`, except the slots in `missing`. */
const dayMeans = (date: string, kw: number, missing: number[] = []): SlotMean[] =>
  Array.from({ length: 48 }, (_, slot) => ({ date, slot, kw })).filter((m) => !missing.includes(m.slot));

const FILL = Array.from({ length: 48 }, (_, s) => s / 10);

describe('recentLoadDays', () => {
  it('keeps the measured days of the 28 before the date, of its type, oldest first; gaps take the profile', () => {
    // Monday 2026-03-16; each day's load is its distance back, in kW.
    const date = '2026-03-16';
    // The Monday a week back is sparse (20 slots) and the planned day itself has readings: neither counts.
    const means = Array.from({ length: 35 }, (_, k) => dayMeans(addDays(date, -(k + 1)), k + 1, k === 2 ? [5, 6] : []).slice(0, k === 6 ? 20 : 48)).flat();
    means.push(...dayMeans(date, 99));
    const days = recentLoadDays(means, date, FILL);
    const weekdays = Array.from({ length: 28 }, (_, k) => k + 1).filter((back) => back !== 7 && ![0, 6].includes(weekdayOf(addDays(date, -back))));
    expect(days.map((d) => d[0])).toEqual(weekdays.reverse());
    // Three days back (Friday) had slots 5 and 6 missing: the profile's values.
    const friday = days.find((d) => d[0] === 3)!;
    expect([friday[4], friday[5], friday[6], friday[7]]).toEqual([3, 0.5, 0.6, 3]);
  });

  it('uses all measured days while the day type has fewer than 3', () => {
    // Saturday 2026-03-14 after a Monday-Friday of readings.
    const means = [1, 2, 3, 4, 5].flatMap((back) => dayMeans(addDays('2026-03-14', -back), back));
    expect(recentLoadDays(means, '2026-03-14', FILL)).toHaveLength(5);
  });
});

describe('householdLoadDaysFor', () => {
  it('has days only for a measured load: a set or typical profile has no spread', () => {
    const start = Date.parse('2026-03-09T00:00:00Z');
    const means = Array.from({ length: 5 * 48 }, (_, i) => ({ start: new Date(start + i * 1_800_000), meanWatts: 1000 }));
    const load = { loadKw48: Array(48).fill(1), daysMeasured: 5 };
    expect(householdLoadDaysFor(means, { ...load, source: 'measured' }, 'UTC', '2026-03-14')).toEqual(Array(5).fill(Array(48).fill(1)));
    expect(householdLoadDaysFor(means, { ...load, source: 'set' }, 'UTC', '2026-03-14')).toBeNull();
    expect(householdLoadDaysFor(means, { ...load, source: 'typical' }, 'UTC', '2026-03-14')).toBeNull();
  });
});
