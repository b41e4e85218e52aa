// The household's measured load profile (issue 20): 48 kW values for a day, estimated from the
// half-hour means of the whole-home sensor over the weeks before it. Method and why: docs/home-plan.md.
import type { LocalDate } from '../time/slot-grid.js';
import { addDays, daysBetween, weekdayOf } from '../time/calendar.js';

export const SLOTS = 48;
/** How far back readings count, days. */
export const WINDOW_DAYS = 28;
/** A day counts as measured when its readings cover at least this many of its 48 slots ("most slots"). */
export const MIN_SLOTS_PER_DAY = 36;
/** The measured profile is used from this many measured days on. */
export const MIN_DAYS = 3;
/** Weekdays and weekends are estimated apart once the day type has this many measured days. */
export const MIN_DAYS_PER_TYPE = 3;
/** Weight halves every this many days back: recent weeks count more than older ones. */
const HALF_LIFE_DAYS = 14;
/** Share of the values dropped at each end (5 or more values): a holiday or an odd day does not pull the slot. */
const TRIM = 0.2;

/** One half hour's mean load, already placed on the local slot grid. */
export interface SlotMean {
  date: LocalDate;
  slot: number;
  kw: number;
}

export interface MeasuredProfile {
  /** 48 kW values for the day, or null when fewer than MIN_DAYS days are measured. */
  loadKw48: number[] | null;
  /** Measured days in the window (each covering at least MIN_SLOTS_PER_DAY slots). */
  daysMeasured: number;
  /** Which days the estimate used: the target's day type, or all measured days. */
  basis: 'weekday' | 'weekend' | 'all' | null;
}

const isWeekend = (date: LocalDate) => {
  const d = weekdayOf(date);
  return d === 0 || d === 6;
};

/** Recency-weighted trimmed mean of (value, weight) pairs: the ends dropped, the rest averaged by weight. */
function trimmedMean(values: { v: number; w: number }[]): number {
  const sorted = [...values].sort((a, b) => a.v - b.v);
  const cut = sorted.length >= 5 ? Math.floor(sorted.length * TRIM) : 0;
  const kept = sorted.slice(cut, sorted.length - cut);
  const weight = kept.reduce((s, x) => s + x.w, 0);
  return kept.reduce((s, x) => s + x.v * x.w, 0) / weight;
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

/**
 * The profile for `date` from the slot means of the WINDOW_DAYS days before it (later or older
 * means are ignored): per slot, a recency-weighted trimmed mean over the measured days of the
 * date's type (weekday or weekend) when there are enough of them, else over all measured days;
 * a slot no such day covers takes the mean over all measured days, else is interpolated.
 */
export function measuredProfile(means: readonly SlotMean[], date: LocalDate): MeasuredProfile {
  const byDay = new Map<LocalDate, (number | null)[]>();
  for (const m of means) {
    const age = daysBetween(m.date, date);
    if (age < 1 || age > WINDOW_DAYS || m.slot < 0 || m.slot >= SLOTS || !Number.isFinite(m.kw)) continue;
    const day = byDay.get(m.date) ?? new Array<number | null>(SLOTS).fill(null);
    day[m.slot] = m.kw;
    byDay.set(m.date, day);
  }
  const measured = [...byDay].filter(([, slots]) => slots.filter((v) => v !== null).length >= MIN_SLOTS_PER_DAY);
  if (measured.length < MIN_DAYS) return { loadKw48: null, daysMeasured: measured.length, basis: null };
  const weekend = isWeekend(date);
  const sameType = measured.filter(([d]) => isWeekend(d) === weekend);
  const pool = sameType.length >= MIN_DAYS_PER_TYPE ? sameType : measured;
  const estimate = (days: typeof measured, slot: number) => {
    const values = days.flatMap(([d, slots]) => (slots[slot] == null ? [] : [{ v: slots[slot]!, w: 0.5 ** (daysBetween(d, date) / HALF_LIFE_DAYS) }]));
    return values.length > 0 ? trimmedMean(values) : null;
  };
  const raw = Array.from({ length: SLOTS }, (_, slot) => estimate(pool, slot) ?? estimate(measured, slot));
  return {
    loadKw48: fillGaps(raw).map((kw) => Math.round(Math.max(0, kw) * 1000) / 1000),
    daysMeasured: measured.length,
    basis: pool === measured ? 'all' : weekend ? 'weekend' : 'weekday',
  };
}

/** The first date a profile for `date` reads readings from. */
export const windowStart = (date: LocalDate): LocalDate => addDays(date, -WINDOW_DAYS);
