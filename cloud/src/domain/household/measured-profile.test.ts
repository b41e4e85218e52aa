// The measured household profile on synthetic homes: weekday and weekend shapes, noise, a holiday,
// gaps in the readings, and days too sparse to count.
import { describe, expect, it } from 'vitest';
import { TYPICAL_HOUSEHOLD_LOAD_KW } from '../planning/household-load.js';
import { addDays, weekdayOf } from '../time/calendar.js';
import { chooseHouseholdLoad } from './load-source.js';
import { measuredProfile, type SlotMean } from './measured-profile.js';
// The benches' seeded generator, so every run sees the same homes.
import { seededRandom as seeded } from '../../bench/optimizer/random.js';

const perSlot = (f: (hour: number) => number) => Array.from({ length: 48 }, (_, i) => f(i / 2));
/** Weekdays: out during the day, a 2.5 kW evening. Weekends: home all day, a late breakfast. */
const WEEKDAY = perSlot((h) => (h < 6 ? 0.5 : h < 9 ? 1.6 : h < 17 ? 0.7 : h < 21 ? 2.5 : 1));
const WEEKEND = perSlot((h) => (h < 8 ? 0.5 : h < 12 ? 1.8 : h < 17 ? 1.3 : h < 21 ? 2.2 : 1));
const isWeekend = (d: string) => [0, 6].includes(weekdayOf(d));

interface Home {
  means: SlotMean[];
  /** What each day actually drew, per slot (noise included; gaps are still known here). */
  actual: Map<string, number[]>;
}

/** `days` days ending the day before `until`: noise of ±25 %, a weekday holiday, 10 % missing half hours, one lost day. */
function syntheticHome(until: string, days: number, seed: number, opts: { holiday?: string; lostDay?: string; scale?: number } = {}): Home {
  const rng = seeded(seed);
  const means: SlotMean[] = [];
  const actual = new Map<string, number[]>();
  for (let k = days; k >= 1; k--) {
    const date = addDays(until, -k);
    const shape = isWeekend(date) || date === opts.holiday ? WEEKEND : WEEKDAY;
    const day = shape.map((kw) => kw * (opts.scale ?? 1) * (1 + 0.5 * (rng() - 0.5)) + (rng() < 0.05 ? 2 * rng() : 0));
    actual.set(date, day);
    if (date === opts.lostDay) continue;
    day.forEach((kw, slot) => {
      if (rng() >= 0.1) means.push({ date, slot, kw });
    });
  }
  return { means, actual };
}

const mae = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length;

describe('measuredProfile', () => {
  it('needs 3 days that each cover most slots: 2 full days, or sparse days, are not enough', () => {
    const two = syntheticHome('2026-03-10', 2, 1);
    expect(measuredProfile(two.means, '2026-03-10')).toEqual({ loadKw48: null, daysMeasured: 2, basis: null });
    // Three days, one of them with only 30 of its 48 slots: still two measured days.
    const sparse = [
      ...two.means,
      ...perSlot(() => 1)
        .slice(0, 30)
        .map((kw, slot) => ({ date: '2026-03-07', slot, kw })),
    ];
    expect(measuredProfile(sparse, '2026-03-10').daysMeasured).toBe(2);
    const three = syntheticHome('2026-03-10', 3, 1);
    const r = measuredProfile(three.means, '2026-03-10');
    expect(r.daysMeasured).toBe(3);
    expect(r.loadKw48).toHaveLength(48);
  });

  it('ignores readings of the planned day itself and of more than 28 days before', () => {
    const home = syntheticHome('2026-03-10', 3, 2);
    const noise = [...home.means, { date: '2026-03-10', slot: 36, kw: 90 }, { date: '2026-02-01', slot: 36, kw: 90 }];
    expect(measuredProfile(noise, '2026-03-10')).toEqual(measuredProfile(home.means, '2026-03-10'));
  });

  it('estimates weekdays and weekends apart, through noise, a holiday and gaps', () => {
    // 2026-03-16 is a Monday; the 4 weeks before it include a Wednesday holiday and a lost Thursday.
    const home = syntheticHome('2026-03-16', 28, 3, { holiday: '2026-03-04', lostDay: '2026-03-12' });
    const monday = measuredProfile(home.means, '2026-03-16');
    expect(monday.basis).toBe('weekday');
    expect(monday.daysMeasured).toBe(27);
    expect(mae(monday.loadKw48!, WEEKDAY)).toBeLessThan(0.12);
    const saturday = measuredProfile(home.means, '2026-03-14');
    expect(saturday.basis).toBe('weekend');
    expect(mae(saturday.loadKw48!, WEEKEND)).toBeLessThan(0.2);
    // The evening peak is the weekday's, not a blend with weekends.
    expect(monday.loadKw48![38]).toBeGreaterThan(2.3);
    expect(saturday.loadKw48![20]).toBeGreaterThan(1.6);
  });

  it('uses all measured days when a day type has fewer than 3 (a new home backfilled for a few days)', () => {
    // Five days before Saturday 2026-03-14: Mon-Fri only.
    const home = syntheticHome('2026-03-14', 5, 4);
    const r = measuredProfile(home.means, '2026-03-14');
    expect(r.basis).toBe('all');
    expect(mae(r.loadKw48!, WEEKDAY)).toBeLessThan(0.2);
  });

  it('interpolates a slot no day covers (a sensor that drops out at the same time every night)', () => {
    const home = syntheticHome('2026-03-10', 7, 5);
    const holed = home.means.filter((m) => m.slot !== 10);
    const r = measuredProfile(holed, '2026-03-10');
    expect(r.loadKw48![10]).toBeCloseTo((r.loadKw48![9]! + r.loadKw48![11]!) / 2, 2);
  });

  it('forecasts the next day better than repeating yesterday, on ten synthetic homes over four weeks', () => {
    let profileError = 0;
    let persistenceError = 0;
    for (let seed = 10; seed < 20; seed++) {
      const home = syntheticHome('2026-04-27', 56, seed, { holiday: '2026-04-03', scale: 0.5 + (seed - 10) * 0.3 });
      for (let k = 28; k >= 1; k--) {
        const date = addDays('2026-04-27', -k);
        const profile = measuredProfile(home.means, date).loadKw48!;
        profileError += mae(profile, home.actual.get(date)!);
        persistenceError += mae(home.actual.get(addDays(date, -1))!, home.actual.get(date)!);
      }
    }
    // Persistence misses every weekday/weekend switch and every noisy day; the profile at least 30 % better.
    expect(profileError).toBeLessThan(0.7 * persistenceError);
  });
});

describe('chooseHouseholdLoad', () => {
  const set = Array(48).fill(1.5);
  const measured = Array(48).fill(0.8);
  it('measured wins once there is a profile, then the set one, then the typical one', () => {
    expect(chooseHouseholdLoad({ loadKw48: measured, daysMeasured: 3 }, set)).toEqual({ source: 'measured', loadKw48: measured, daysMeasured: 3 });
    expect(chooseHouseholdLoad({ loadKw48: null, daysMeasured: 2 }, set)).toEqual({ source: 'set', loadKw48: set, daysMeasured: 2 });
    expect(chooseHouseholdLoad({ loadKw48: null, daysMeasured: 0 }, null)).toEqual({
      source: 'typical',
      loadKw48: [...TYPICAL_HOUSEHOLD_LOAD_KW],
      daysMeasured: 0,
    });
  });
});
