// The household's measured load profile: 48 kW values for a day, estimated from the
// half-hour means of the whole-home sensor over the weeks before it: a blend of a few estimators,
// each weighed by how well it forecast the home's own last two weeks. Method and why: docs/home-plan.md.
import type { LocalDate } from '../time/slot-grid.js';
import { addDays, daysBetween, weekdayOf } from '../time/calendar.js';
import { estimators, METHODS, MIN_DAYS, SLOTS, WINDOW_DAYS, type MeasuredDay, type Method } from './profile-estimators.js';

export { isWeekend, MIN_DAYS, MIN_DAYS_PER_TYPE, SLOTS, WINDOW_DAYS } from './profile-estimators.js';
/** A day counts as measured when its readings cover at least this many of its 48 slots ("most slots"). */
export const MIN_SLOTS_PER_DAY = 36;
/** The estimators are scored on the measured days among this many before the planned day. */
export const BACKTEST_DAYS = 14;
/** Weighing needs this many scored days (half the backtest); before that, `typed` alone. */
const MIN_BACKTEST_DAYS = BACKTEST_DAYS / 2;
/** An estimator weighs its backtest error to this power, inverted: 10 % worse than another, half as much. */
const SHARPNESS = 8;
/** Readings are read this far back: the window of the planned day and of each backtest day. */
export const READ_DAYS = WINDOW_DAYS + BACKTEST_DAYS;

/** One half hour's mean load, already placed on the local slot grid. */
export interface SlotMean {
  date: LocalDate;
  slot: number;
  kw: number;
}

export interface MeasuredProfile {
  /** 48 kW values for the day, or null when fewer than MIN_DAYS days of the window are measured. */
  loadKw48: number[] | null;
  /** Measured days in the WINDOW_DAYS before the date (each covering at least MIN_SLOTS_PER_DAY slots). */
  daysMeasured: number;
  /** How much each estimator counts, from the backtest (shares summing to 1, rounded); empty without a profile. */
  weights: Partial<Record<Method, number>>;
}

/** Fills empty slots by linear interpolation between the nearest filled ones (around midnight too). */
function fillGaps(values: (number | null)[]): number[] {
  const filled = values.flatMap((v, i) => (v === null ? [] : [i]));
  return values.map((v, i) => {
    if (v !== null) return v;
    const before = [...filled].reverse().find((j) => j < i) ?? filled.at(-1)!;
    const after = filled.find((j) => j > i) ?? filled[0]!;
    const span = (after - before + SLOTS) % SLOTS || SLOTS;
    const t = ((i - before + SLOTS) % SLOTS) / span;
    return values[before]! + t * (values[after]! - values[before]!);
  });
}

/** The measured days among the `within` days before `date` (later or older means are ignored). */
export function measuredDays(means: readonly SlotMean[], date: LocalDate, within = READ_DAYS): MeasuredDay[] {
  const byDay = new Map<LocalDate, (number | null)[]>();
  for (const m of means) {
    if (m.slot < 0 || m.slot >= SLOTS || !Number.isFinite(m.kw)) continue;
    const day = byDay.get(m.date) ?? new Array<number | null>(SLOTS).fill(null);
    day[m.slot] = m.kw;
    byDay.set(m.date, day);
  }
  return [...byDay]
    .map(([d, kw]) => ({ age: daysBetween(d, date), weekday: weekdayOf(d), kw }))
    .filter((d) => d.age >= 1 && d.age <= within && d.kw.filter((v) => v !== null).length >= MIN_SLOTS_PER_DAY);
}

const meanAbsoluteError = (forecast: readonly (number | null)[], day: MeasuredDay) => {
  let sum = 0;
  let n = 0;
  day.kw.forEach((kw, s) => {
    if (kw != null && forecast[s] != null) {
      sum += Math.abs(forecast[s]! - kw);
      n += 1;
    }
  });
  return n > 0 ? sum / n : 0;
};

/**
 * Backtest: each estimator forecasts each measured day of the BACKTEST_DAYS before the planned
 * one from the days before that day, as if planning it. Each then weighs its mean error to the
 * power -SHARPNESS (`typed` alone until MIN_BACKTEST_DAYS days are scored). An estimator without
 * enough days for a day counts `typed`'s forecast there (it would fall back to it).
 */
function weighMethods(estimate: ReturnType<typeof estimators>, days: readonly MeasuredDay[]): Map<Method, number> {
  const errors = new Map<Method, number>(METHODS.map((m) => [m, 0]));
  let scored = 0;
  for (const day of days) {
    const typed = day.age <= BACKTEST_DAYS ? estimate('typed', day.age) : null;
    if (!typed) continue;
    scored += 1;
    for (const m of METHODS) errors.set(m, errors.get(m)! + meanAbsoluteError(estimate(m, day.age) ?? typed, day));
  }
  if (scored < MIN_BACKTEST_DAYS) return new Map([['typed', 1]]);
  const raw = METHODS.filter((m) => estimate(m, 0) !== null).map((m) => [m, (errors.get(m)! / scored + 1e-6) ** -SHARPNESS] as const);
  const total = raw.reduce((s, [, w]) => s + w, 0);
  return new Map(raw.map(([m, w]) => [m, w / total]));
}

/**
 * The profile for `date` from the slot means of the READ_DAYS days before it: measured once
 * MIN_DAYS days of the WINDOW_DAYS before it are, by the estimator the backtest chooses; a slot
 * no day covers is interpolated.
 */
export function measuredProfile(means: readonly SlotMean[], date: LocalDate): MeasuredProfile {
  const days = measuredDays(means, date);
  const daysMeasured = days.filter((d) => d.age <= WINDOW_DAYS).length;
  if (daysMeasured < MIN_DAYS) return { loadKw48: null, daysMeasured, weights: {} };
  const estimate = estimators(days, weekdayOf(date));
  const weights = weighMethods(estimate, days);
  const typed = estimate('typed', 0)!;
  const raw = typed.map((fallback, s) => {
    if (fallback === null) return null;
    let kw = 0;
    for (const [m, w] of weights) kw += w * (estimate(m, 0)![s] ?? fallback);
    return kw;
  });
  return {
    loadKw48: fillGaps(raw).map((kw) => Math.round(Math.max(0, kw) * 1000) / 1000),
    daysMeasured,
    weights: Object.fromEntries([...weights].map(([m, w]) => [m, Math.round(w * 100) / 100])),
  };
}

/** The first date a profile for `date` reads readings from. */
export const windowStart = (date: LocalDate): LocalDate => addDays(date, -READ_DAYS);
