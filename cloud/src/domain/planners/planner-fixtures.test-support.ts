// Shared fixtures of the planner tests (excluded from the build: see tsconfig.json).
import type { DayContext } from './types.js';

/** A plain 48-slot UTC day with these prices; override any field. */
export const day = (prices: number[], over: Partial<DayContext> = {}): DayContext => ({
  date: '2026-01-14',
  timeZone: 'UTC',
  slotStarts: [],
  slotHours: Array(48).fill(0.5),
  pricesCentsPerKwh: prices,
  exportPricesCentsPerKwh: null,
  outdoorTempF: Array(48).fill(60),
  fromSlot: 0,
  ...over,
});
export const flat = (price: number) => Array<number>(48).fill(price);
export const priced = (base: number, overrides: Record<number, number>) => flat(base).map((p, i) => overrides[i] ?? p);
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
export const block = (from: number, to: number, price: number) => Object.fromEntries(range(from, to).map((i) => [i, price]));
export const on = (intervals: boolean[]) => intervals.flatMap((b, i) => (b ? [i] : []));
