// The measured household profile on synthetic homes (synthetic-homes.test-support.ts): weekday and
// weekend shapes, a weekly rhythm, habits that change, weather that lasts, a water heater on a
// timer, noise and spikes, holidays, gaps in the readings and days too sparse to count.
import { describe, expect, it } from 'vitest';
import { TYPICAL_HOUSEHOLD_LOAD_KW } from '../planning/household-load.js';
import { addDays, weekdayOf } from '../time/calendar.js';
import { median } from '../statistics.js';
import { householdLoadFor } from './account-load.js';
import { chooseHouseholdLoad } from './load-source.js';
import { measuredProfile, READ_DAYS } from './measured-profile.js';
import {
  commuter,
  everyDayAlike,
  habitShift,
  HOME_OFFICE,
  mae,
  perSlot,
  syntheticHome,
  WEEKDAY,
  WEEKEND,
  weekly,
  type HomeOptions,
} from './synthetic-homes.test-support.js';

const afternoon = (load: readonly number[]) => mae(load.slice(26, 32), Array(6).fill(0)); // 13:00-16:00

describe('measuredProfile', () => {
  it('needs 3 days that each cover most slots: 2 full days, or sparse days, are not enough', () => {
    const two = syntheticHome('2026-03-10', 2, 1);
    expect(measuredProfile(two.means, '2026-03-10')).toEqual({ loadKw48: null, daysMeasured: 2, weights: {} });
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

  it('counts only the last 28 days toward the 3 days, and ignores the planned day and readings older than it reads', () => {
    const home = syntheticHome('2026-03-10', 3, 2);
    const noise = [...home.means, { date: '2026-03-10', slot: 36, kw: 90 }, { date: addDays('2026-03-10', -READ_DAYS - 1), slot: 36, kw: 90 }];
    expect(measuredProfile(noise, '2026-03-10')).toEqual(measuredProfile(home.means, '2026-03-10'));
    // A sensor that stopped 29 days ago: its readings still feed a backtest, but give no profile.
    const stopped = syntheticHome('2026-02-09', 10, 2);
    expect(measuredProfile(stopped.means, '2026-03-10')).toEqual({ loadKw48: null, daysMeasured: 0, weights: {} });
  });

  it('estimates weekdays and weekends apart, through noise, a holiday and gaps', () => {
    // 2026-03-16 is a Monday; the 6 weeks before it include a Wednesday holiday and a lost Thursday.
    const home = syntheticHome('2026-03-16', 42, 3, { shape: commuter(['2026-03-04']), lostDays: ['2026-03-12'] });
    const monday = measuredProfile(home.means, '2026-03-16');
    expect(monday.daysMeasured).toBe(27);
    expect(mae(monday.loadKw48!, WEEKDAY)).toBeLessThan(0.15);
    const saturday = measuredProfile(home.means, '2026-03-14');
    expect(mae(saturday.loadKw48!, WEEKEND)).toBeLessThan(0.2);
    // The evening peak is the weekday's, the late breakfast the weekend's: not a blend of both.
    expect(monday.loadKw48![38]).toBeGreaterThan(2.2);
    expect(saturday.loadKw48![20]).toBeGreaterThan(1.5);
  });

  it('uses all measured days when a day type has fewer than 3 (a new home backfilled for a few days)', () => {
    // Five days before Saturday 2026-03-14: Mon-Fri only.
    const home = syntheticHome('2026-03-14', 5, 4);
    const r = measuredProfile(home.means, '2026-03-14');
    expect(r.weights).toEqual({ typed: 1 }); // too few days to backtest
    expect(mae(r.loadKw48!, WEEKDAY)).toBeLessThan(0.2);
  });

  it('interpolates a slot no day covers (a sensor that drops out at the same time every night)', () => {
    // Slots 9-11 never read: 9 and 11 take their read neighbours' values, 10 lies between them.
    const home = syntheticHome('2026-03-10', 7, 5);
    const holed = home.means.filter((m) => m.slot < 9 || m.slot > 11);
    const r = measuredProfile(holed, '2026-03-10');
    expect(r.loadKw48![10]).toBeCloseTo((r.loadKw48![9]! + r.loadKw48![11]!) / 2, 2);
  });

  it('learns a weekly rhythm: Wednesday afternoons with the children home', () => {
    const home = syntheticHome('2026-03-18', 42, 6, { shape: weekly });
    const wednesday = measuredProfile(home.means, '2026-03-18');
    expect(wednesday.weights.weekday).toBeGreaterThan(0.5);
    expect(afternoon(wednesday.loadKw48!)).toBeGreaterThan(1.1); // nearer the shape's 1.5 kW than a weekday's 0.7
  });

  it('follows a change of habits within two weeks (working from home from a Monday)', () => {
    const home = syntheticHome('2026-03-31', 42, 7, { shape: habitShift('2026-03-16') });
    expect(afternoon(measuredProfile(home.means, '2026-03-16').loadKw48!)).toBeLessThan(1);
    expect(afternoon(measuredProfile(home.means, '2026-03-31').loadKw48!)).toBeGreaterThan(1.1); // HOME_OFFICE's 1.4
  });

  it("carries yesterday's level through a cold snap (the whole home at 1.6x for ten days)", () => {
    const snap = (d: string) => (d >= '2026-03-20' ? 1.6 : 1);
    const home = syntheticHome('2026-03-27', 42, 8, { shape: everyDayAlike, levelOn: snap });
    const r = measuredProfile(home.means, '2026-03-27');
    expect(r.weights.levelled).toBeGreaterThan(0.5);
    const truth = HOME_OFFICE.map((kw) => kw * 1.6);
    expect(mae(r.loadKw48!, truth)).toBeLessThan(mae(measuredProfile(home.means, '2026-03-21').loadKw48!, truth));
  });

  it('a sensor read in W becomes a profile in kW (householdLoadFor), gaps and all', () => {
    // 1.2 kW all day, read in W every half hour for four days but missing 12 half hours a day.
    const means = Array.from({ length: 4 * 48 }, (_, k) => ({ start: new Date(Date.UTC(2026, 2, 6) + k * 1800_000), meanWatts: 1200 }));
    const read = means.filter((_, k) => k % 4 !== 0);
    const load = householdLoadFor(read, null, 'UTC', '2026-03-10');
    expect(load.source).toBe('measured');
    expect(load.daysMeasured).toBe(4);
    expect(load.loadKw48).toEqual(Array(48).fill(1.2));
  });

  it("forecasts the next day better than yesterday's load and a 14-day median, on every weekday, over eight kinds of home", () => {
    const kinds: HomeOptions[] = [
      { shape: commuter(['2026-04-03']) },
      { shape: weekly },
      { shape: everyDayAlike },
      { shape: habitShift('2026-04-13') },
      { shape: commuter(), levelPersistence: 0.9, levelStep: 0.15 },
      { shape: everyDayAlike, levelPersistence: 0.9, levelStep: 0.15 },
      { shape: commuter(), timerKw: 2.5 },
      { shape: weekly, levelOn: (d) => (d >= '2026-04-10' && d < '2026-04-20' ? 1.6 : 1) },
    ];
    const errors = Array.from({ length: 7 }, () => ({ profile: 0, persistence: 0, median14: 0 }));
    kinds.forEach((kind, k) => {
      for (const seed of [1, 2]) {
        const home = syntheticHome('2026-05-04', 70, 100 * k + seed, { ...kind, scale: 0.6 + 0.4 * seed });
        for (let back = 28; back >= 1; back--) {
          const date = addDays('2026-05-04', -back);
          const actual = home.actual.get(date)!;
          const e = errors[weekdayOf(date)]!;
          e.profile += mae(measuredProfile(home.means, date).loadKw48!, actual);
          e.persistence += mae(home.actual.get(addDays(date, -1))!, actual);
          const past = Array.from({ length: 14 }, (_, j) => home.actual.get(addDays(date, -1 - j))!);
          e.median14 += mae(
            actual.map((_, s) => median(past.map((day) => day[s]!))),
            actual,
          );
        }
      }
    });
    for (const e of errors) {
      expect(e.profile).toBeLessThan(0.8 * e.persistence);
      expect(e.profile).toBeLessThan(e.median14);
    }
    const total = (f: 'profile' | 'persistence' | 'median14') => errors.reduce((s, e) => s + e[f], 0);
    expect(total('profile')).toBeLessThan(0.7 * total('persistence'));
    expect(total('profile')).toBeLessThan(0.9 * total('median14'));
  }, 120_000); // 448 profiles: a few seconds on an idle machine
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
