// Turns market price points into the 48 local half-hour slot prices of a user's day.
import { slotStartsUtc, type LocalDate } from '../time/slot-grid.js';
import type { PricePoint } from './price-point.js';

/** Rounds to 4 decimals, the precision of every dynamic rate we return. */
export function round4(value: number): number {
  const r = Math.round(value * 10_000) / 10_000;
  return Object.is(r, -0) ? 0 : r;
}

/** The point covering an instant; when several overlap, the latest-starting one (most specific) wins. */
export function pointAt(points: readonly PricePoint[], instant: Date): PricePoint | undefined {
  const t = instant.getTime();
  let best: PricePoint | undefined;
  for (const p of points) {
    if (p.startUtc.getTime() <= t && t < p.endUtc.getTime()) {
      if (!best || p.startUtc.getTime() > best.startUtc.getTime()) best = p;
    }
  }
  return best;
}

/**
 * cents/kWh per local half-hour slot: the price covering each slot start ($/MWh ÷ 10, negatives
 * kept) plus the adder, rounded to 4 decimals. Returns null when any slot start is uncovered,
 * because a partial dynamic day would silently mix sources; the caller falls back to the zone plan.
 */
export function dynamicCurve(points: readonly PricePoint[], date: LocalDate, timeZone: string, adderCentsPerKwh: number): number[] | null {
  const rates: number[] = [];
  for (const start of slotStartsUtc(date, timeZone)) {
    const point = pointAt(points, start);
    if (!point || !Number.isFinite(point.pricePerMwh)) return null;
    rates.push(round4(point.pricePerMwh / 10 + adderCentsPerKwh));
  }
  return rates;
}
