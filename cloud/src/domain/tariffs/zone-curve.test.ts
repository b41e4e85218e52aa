import { describe, expect, it } from 'vitest';
import { findPlan, type TouPlan } from './catalog.js';
import { apiSeasonOf, dayTypeOf, seasonOf, zoneCurve } from './zone-curve.js';

function plan(id: number): TouPlan {
  const p = findPlan(id);
  if (!p) throw new Error(`no plan ${id}`);
  return p;
}

describe('dayTypeOf', () => {
  it.each([
    [0, 'weekend'],
    [1, 'weekday'],
    [2, 'weekday'],
    [3, 'weekday'],
    [4, 'weekday'],
    [5, 'weekday'],
    [6, 'weekend'],
  ] as const)('weekday %i is a %s', (weekday, expected) => {
    expect(dayTypeOf(weekday)).toBe(expected);
  });
});

describe('seasonOf', () => {
  it.each([
    [1, 6, 'summer'],
    [1, 5, 'winter'],
    [1, 10, 'winter'],
    [7, 10, 'summer'], // SDG&E summer runs June-October
    [7, 11, 'winter'],
    [9, 5, 'summer'], // APS summer starts in May
    [10, 4, 'winter'],
  ] as const)('plan %i month %i is %s', (id, month, season) => {
    expect(seasonOf(plan(id), month)).toEqual({ key: season, season });
  });

  it('falls back to the first season for a month no season lists', () => {
    const partial: TouPlan = { ...plan(1), seasons: [{ name: 'summer', months: [6, 7, 8, 9] }] };
    expect(seasonOf(partial, 1)).toEqual({ key: 'summer', season: 'summer' });
  });

  it('labels a non-summer/winter season name by its months', () => {
    const split: TouPlan = {
      ...plan(10),
      seasons: [
        { name: 'peak', months: [7, 8] },
        { name: 'shoulder', months: [5, 6, 9, 10] },
        { name: 'off', months: [1, 2, 3, 4, 11, 12] },
      ],
    };
    expect(seasonOf(split, 7)).toEqual({ key: 'peak', season: 'summer' });
    expect(seasonOf(split, 9)).toEqual({ key: 'shoulder', season: 'summer' });
    expect(seasonOf(split, 1)).toEqual({ key: 'off', season: 'winter' });
  });
});

describe('apiSeasonOf', () => {
  it.each([
    ['summer', [6], 'summer'],
    ['Summer Peak', [7, 8], 'summer'],
    ['winter', [6, 7], 'winter'],
    ['WINTER', [1], 'winter'],
    ['high', [5, 6, 7, 8], 'summer'],
    ['low', [11, 12, 1, 2], 'winter'],
    ['even', [4, 5, 10, 11], 'winter'], // a tie is not "mostly warm"
  ] as const)('%s over %j is %s', (name, months, expected) => {
    expect(apiSeasonOf(name, months)).toBe(expected);
  });
});

describe('zoneCurve', () => {
  // 2024-07-15 is a Monday (summer weekday); 2024-01-13 a Saturday and 2024-01-14 a Sunday (winter weekend).
  it.each([
    { id: 4, date: '2024-07-15', season: 'summer', slots: { 0: 34, 31: 34, 32: 58, 41: 58, 42: 34, 47: 34 } },
    { id: 4, date: '2024-07-13', season: 'summer', slots: { 32: 46 } }, // summer weekend mid-peak
    { id: 4, date: '2024-01-13', season: 'winter', slots: { 0: 37, 15: 37, 16: 33, 32: 51, 47: 37 } },
    { id: 1, date: '2024-01-14', season: 'winter', slots: { 0: 35, 32: 44, 42: 35 } },
    { id: 2, date: '2024-07-15', season: 'summer', slots: { 33: 45.377, 34: 58.873, 39: 58.873, 40: 45.377 } },
    { id: 2, date: '2024-07-14', season: 'summer', slots: { 34: 45.377 } }, // no weekend peak
    { id: 9, date: '2024-01-16', season: 'winter', slots: { 20: 3.2, 29: 3.2, 30: 23.068 } },
    { id: 12, date: '2024-10-01', season: 'winter', slots: { 30: 7.628 } },
  ] as const)('plan $id on $date', ({ id, date, season, slots }) => {
    const curve = zoneCurve(plan(id), date);
    expect(curve.season).toBe(season);
    expect(curve.rates).toHaveLength(48);
    for (const [slot, rate] of Object.entries(slots)) expect(curve.rates[Number(slot)]).toBe(rate);
  });

  it('slot pairs share their hour value', () => {
    const { rates } = zoneCurve(plan(11), '2024-07-15');
    for (let h = 0; h < 24; h++) expect(rates[2 * h]).toBe(rates[2 * h + 1]);
    expect(rates.slice(0, 48)).toEqual(plan(11).weekday.summer!.flatMap((v) => [v, v]));
  });
});
