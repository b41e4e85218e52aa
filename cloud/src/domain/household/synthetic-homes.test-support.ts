// Synthetic homes for the measured-profile tests (excluded from the build: see tsconfig.json).
// Each home draws, per local day, a base shape chosen by the day (weekday, weekend, a weekly
// rhythm, a holiday, a habit that changes), times a day level that drifts like the weather
// (persistent from one day to the next, as heating is), with its habits shifted by up to half an
// hour, multiplicative noise and right-skewed appliance spikes (a kettle, an oven: half-hour loads
// are skewed, so their median sits below their mean). Readings miss some half hours and some days.
import { seededRandom } from '../../bench/optimizer/random.js';
import { addDays, weekdayOf, type LocalDate } from '../time/calendar.js';
import type { SlotMean } from './measured-profile.js';

export const perSlot = (f: (hour: number) => number) => Array.from({ length: 48 }, (_, i) => f(i / 2));
/** Weekdays: out during the day, a 2.5 kW evening. */
export const WEEKDAY = perSlot((h) => (h < 6 ? 0.5 : h < 9 ? 1.6 : h < 17 ? 0.7 : h < 21 ? 2.5 : 1));
/** Weekends: home all day, a late breakfast. */
export const WEEKEND = perSlot((h) => (h < 8 ? 0.5 : h < 12 ? 1.8 : h < 17 ? 1.3 : h < 21 ? 2.2 : 1));
/** Working from home: the weekday's mornings and evenings, the weekend's afternoons. */
export const HOME_OFFICE = perSlot((h) => (h < 6 ? 0.5 : h < 9 ? 1.6 : h < 17 ? 1.4 : h < 21 ? 2.5 : 1));
/** French schools close on Wednesday afternoons: the children are home from noon. */
export const WEDNESDAY = perSlot((h) => (h < 6 ? 0.5 : h < 9 ? 1.6 : h < 12 ? 0.7 : h < 17 ? 1.5 : h < 21 ? 2.5 : 1));
/** Out on Friday evenings. */
export const FRIDAY = perSlot((h) => (h < 6 ? 0.5 : h < 9 ? 1.6 : h < 17 ? 0.7 : h < 19 ? 1.8 : h < 24 ? 0.6 : 1));

export const isWeekend = (d: LocalDate) => [0, 6].includes(weekdayOf(d));

/** What a home draws on a day, before level, noise and jitter. */
export type ShapeOf = (date: LocalDate) => readonly number[];

/** Commuters: weekday and weekend apart (a holiday looks like a weekend). */
export const commuter =
  (holidays: readonly LocalDate[] = []): ShapeOf =>
  (d) =>
    isWeekend(d) || holidays.includes(d) ? WEEKEND : WEEKDAY;
/** A weekly rhythm: commuters whose Wednesdays and Fridays differ from the other weekdays. */
export const weekly: ShapeOf = (d) => (isWeekend(d) ? WEEKEND : weekdayOf(d) === 3 ? WEDNESDAY : weekdayOf(d) === 5 ? FRIDAY : WEEKDAY);
/** Home every day alike (retired, or working from home): no weekday/weekend difference. */
export const everyDayAlike: ShapeOf = () => HOME_OFFICE;
/** Commuters who start working from home on `from`: the weekday shape changes. */
export const habitShift =
  (from: LocalDate): ShapeOf =>
  (d) =>
    isWeekend(d) ? WEEKEND : d >= from ? HOME_OFFICE : WEEKDAY;

export interface HomeOptions {
  /** Day shape; commuter() by default. */
  shape?: ShapeOf;
  /** Scale of the whole home. */
  scale?: number;
  /** Day-to-day level drift (log scale): AR(1) with this persistence and step, e.g. heating in a cold spell. */
  levelPersistence?: number;
  levelStep?: number;
  /** Days whose level is multiplied (a cold snap, a week away). */
  levelOn?: (date: LocalDate) => number;
  /** A water heater on an off-peak contact: this many kW from 22:00 sharp, for 1 to 3 hours (what was used). */
  timerKw?: number;
  /** Share of half hours never read, and whole days lost. */
  missing?: number;
  lostDays?: readonly LocalDate[];
}

export interface Home {
  means: SlotMean[];
  /** What each day actually drew, per slot (gaps are still known here). */
  actual: Map<LocalDate, number[]>;
}

/** `days` days ending the day before `until`. */
export function syntheticHome(until: LocalDate, days: number, seed: number, o: HomeOptions = {}): Home {
  const rng = seededRandom(seed); // the same homes every run
  const shape = o.shape ?? commuter();
  const means: SlotMean[] = [];
  const actual = new Map<LocalDate, number[]>();
  let logLevel = 0;
  for (let k = days; k >= 1; k--) {
    const date = addDays(until, -k);
    logLevel = (o.levelPersistence ?? 0) * logLevel + (o.levelStep ?? 0) * 2 * (rng() - 0.5);
    const level = (o.scale ?? 1) * Math.exp(logLevel) * (o.levelOn?.(date) ?? 1);
    const shift = rng() < 0.25 ? -1 : rng() < 0.33 ? 1 : 0; // habits half an hour early or late
    const base = shape(date);
    const day = base.map((_, s) => {
      const kw = base[(s + shift + 48) % 48]! * level * (1 + 0.5 * (rng() - 0.5));
      return kw + (rng() < 0.08 ? -Math.log(1 - rng()) * level : 0);
    });
    const heated = 2 + Math.floor(rng() * 5); // the tariff's contact switches it on at the same minute every night
    if (o.timerKw) for (let s = 44; s < 44 + heated; s++) day[s % 48]! += o.timerKw;
    actual.set(date, day);
    if (o.lostDays?.includes(date)) continue;
    day.forEach((kw, slot) => {
      if (rng() >= (o.missing ?? 0.1)) means.push({ date, slot, kw });
    });
  }
  return { means, actual };
}

export const mae = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length;
