// The next-day estimators the measured profile chooses among, each a per-slot weighted
// median of some of the measured days before its target day. Why these: docs/home-plan.md.
export const SLOTS = 48;
/** How far back an estimate reads, days before its target. */
export const WINDOW_DAYS = 28;
/** An estimate from a pool of days needs at least this many of them. */
export const MIN_DAYS = 3;
/** Weekdays and weekends are estimated apart once the day type has this many measured days. */
export const MIN_DAYS_PER_TYPE = 3;
/** `typed`: weight halves every this many days back, so the pool follows the seasons within weeks. */
const HALF_LIFE_DAYS = 14;
/** `recent`: the days of the last two weeks alike, whatever their type. */
const RECENT_DAYS = 14;
/** Each neighbouring half hour counts this much of the slot's own: habits shift by half an hour. */
const NEIGHBOUR_SHARE = 0.5;
/** `levelled`: yesterday's level relative to its own estimate, bounded (an evening away is no trend). */
const LEVEL_BOUNDS = [0.5, 2] as const;

export type Method = 'typed' | 'recent' | 'weekday' | 'levelled';
export const METHODS: readonly Method[] = ['typed', 'recent', 'weekday', 'levelled'];

/** A measured day: how many days before the planned day it is, its weekday (0 = Sunday) and 48 slot means, kW. */
export interface MeasuredDay {
  age: number;
  weekday: number;
  kw: readonly (number | null)[];
}

/** 48 kW values (null for a slot no pooled day covers), or null when the estimator has too few days. */
export type Estimate = (number | null)[] | null;

export const isWeekend = (weekday: number) => weekday === 0 || weekday === 6;

/** One slot's readings and its neighbours', over every measured day, sorted by value once for every estimate. */
interface SlotPool {
  kw: Float64Array;
  day: Int32Array;
  share: Float64Array;
  /** Per day, the shares it has in the pool (1 for the slot, NEIGHBOUR_SHARE per neighbour read). */
  dayShare: Float64Array;
}

/** Per slot, the days that read it, in increasing order of their value there. */
function sortedDaysBySlot(days: readonly MeasuredDay[]): number[][] {
  const value = new Float64Array(days.length);
  return Array.from({ length: SLOTS }, (_, slot) => {
    const read: number[] = [];
    for (let i = 0; i < days.length; i++) {
      const kw = days[i]!.kw[slot];
      if (kw == null) continue;
      value[i] = kw;
      read.push(i);
    }
    return read.sort((a, b) => value[a]! - value[b]!);
  });
}

/** A slot's pool: its own sorted values and its neighbours' (at NEIGHBOUR_SHARE), merged in order. */
function slotPool(days: readonly MeasuredDay[], sorted: readonly number[][], slot: number): SlotPool {
  const lists = [0, -1, 1].map((offset) => {
    const s = (slot + offset + SLOTS) % SLOTS;
    return { slot: s, order: sorted[s]!, share: offset === 0 ? 1 : NEIGHBOUR_SHARE, next: 0 };
  });
  const n = lists.reduce((sum, l) => sum + l.order.length, 0);
  const pool: SlotPool = { kw: new Float64Array(n), day: new Int32Array(n), share: new Float64Array(n), dayShare: new Float64Array(days.length) };
  for (let j = 0; j < n; j++) {
    let pick = null;
    let pickKw = Infinity;
    for (const l of lists) {
      if (l.next >= l.order.length) continue;
      const kw = days[l.order[l.next]!]!.kw[l.slot]!;
      if (kw < pickKw) {
        pick = l;
        pickKw = kw;
      }
    }
    const day = pick!.order[pick!.next++]!;
    pool.kw[j] = pickKw;
    pool.day[j] = day;
    pool.share[j] = pick!.share;
    pool.dayShare[day]! += pick!.share;
  }
  return pool;
}

/** The weighted median of a slot's pool under per-day weights (0 leaves a day out); null when nothing weighs. */
function weightedMedian({ kw, day, share, dayShare }: SlotPool, dayWeight: Float64Array): number | null {
  let total = 0;
  for (let d = 0; d < dayShare.length; d++) total += dayWeight[d]! * dayShare[d]!;
  if (total <= 0) return null;
  const half = total / 2;
  let acc = 0;
  for (let j = 0; j < kw.length; j++) {
    const w = dayWeight[day[j]!]! * share[j]!;
    if (w === 0) continue;
    acc += w;
    if (acc > half + 1e-9) return kw[j]!;
    if (acc >= half - 1e-9) {
      // Exactly half below: the midpoint with the next weighed value (an even count of equal weights).
      for (let k = j + 1; k < kw.length; k++) if (dayWeight[day[k]!]! > 0) return (kw[j]! + kw[k]!) / 2;
      return kw[j]!;
    }
  }
  return kw[kw.length - 1]!;
}

/**
 * Every estimator over the measured days of a readings window, for a target `age` days before the
 * planned day (0 = the planned day itself, 1 = yesterday as if it were being planned). Each
 * reads only the days 1 to WINDOW_DAYS before its target. Memoized: the backtest reuses them.
 */
export function estimators(days: readonly MeasuredDay[], plannedWeekday: number): (method: Method, age: number) => Estimate {
  const sorted = sortedDaysBySlot(days);
  const pools = Array.from({ length: SLOTS }, (_, slot) => slotPool(days, sorted, slot));
  const memo = new Map<string, Estimate>();
  const weekdayAt = (age: number) => (((plannedWeekday - age) % 7) + 7) % 7;
  const median = (weight: (d: MeasuredDay) => number): Estimate => {
    const w = Float64Array.from(days, weight);
    if (w.reduce((n, x) => n + (x > 0 ? 1 : 0), 0) < MIN_DAYS) return null;
    return pools.map((p) => weightedMedian(p, w));
  };
  const compute = (method: Method, age: number): Estimate => {
    const before = (d: MeasuredDay) => d.age > age && d.age <= age + WINDOW_DAYS;
    const weekday = weekdayAt(age);
    switch (method) {
      case 'typed': {
        const sameType = days.filter((d) => before(d) && isWeekend(d.weekday) === isWeekend(weekday)).length;
        const pooled = (d: MeasuredDay) => before(d) && (sameType < MIN_DAYS_PER_TYPE || isWeekend(d.weekday) === isWeekend(weekday));
        const recency = (d: MeasuredDay) => 0.5 ** ((d.age - age) / HALF_LIFE_DAYS);
        const typed = median((d) => (pooled(d) ? recency(d) : 0));
        // A slot none of the type's days covers takes the estimate over every day of the window.
        const all = typed && typed.some((v) => v === null) ? median((d) => (before(d) ? recency(d) : 0)) : null;
        return typed && typed.map((v, s) => v ?? all?.[s] ?? null);
      }
      case 'recent':
        return median((d) => (before(d) && d.age - age <= RECENT_DAYS ? 1 : 0));
      case 'weekday':
        return median((d) => (before(d) && d.weekday === weekday ? 1 : 0));
      case 'levelled': {
        const today = estimate('typed', age);
        const yesterday = days.find((d) => d.age === age + 1);
        const expected = estimate('typed', age + 1);
        if (!today || !yesterday || !expected) return null;
        let drawn = 0;
        let forecast = 0;
        yesterday.kw.forEach((kw, s) => {
          if (kw != null && expected[s] != null) {
            drawn += kw;
            forecast += expected[s]!;
          }
        });
        const level = forecast > 0 ? Math.min(LEVEL_BOUNDS[1], Math.max(LEVEL_BOUNDS[0], drawn / forecast)) : 1;
        return today.map((v) => (v === null ? null : v * level));
      }
    }
  };
  const estimate = (method: Method, age: number): Estimate => {
    const key = `${method}@${age}`;
    if (!memo.has(key)) memo.set(key, compute(method, age));
    return memo.get(key)!;
  };
  return estimate;
}
