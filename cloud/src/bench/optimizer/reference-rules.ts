// The planning rules (the planners' .md notes) restated for the reference models,
// deliberately apart from the planners' own helpers (domain/planners/slots.ts): a slip on either
// side then shows up as a bench disagreement instead of being shared.
import type { DayContext } from '../../domain/planners/types.js';
import type { BenchOutcome } from './case.js';

/** One slot of a reference horizon; `index` 48 and up are tomorrow's slots, priced like today's. */
export interface RefSlot {
  index: number;
  hours: number;
  price: number;
  exportPrice: number | null;
}

/** A reference answer: the bench outcome plus whether HiGHS proved it optimal. */
export interface ReferenceResult extends BenchOutcome {
  optimal: boolean;
  status: string;
}

/** Today's slots from the plan start up to `end` (exclusive), continuing into tomorrow past 48. */
export function refSlots(day: DayContext, end: number): RefSlot[] {
  const out: RefSlot[] = [];
  for (let index = day.fromSlot; index < end; index++) {
    const i = index % 48;
    out.push({ index, hours: index < 48 ? day.slotHours[i]! : 0.5, price: day.pricesCentsPerKwh[i]!, exportPrice: day.exportPricesCentsPerKwh?.[i] ?? null });
  }
  return out;
}

/** Exclusive end of the slots ending at or before a deadline (the current slot always counts; at or before the start: tomorrow). */
export function refDeadlineEnd(fromSlot: number, deadlineMinute: number | null): number {
  if (deadlineMinute === null) return 48;
  const slotsBefore = Math.floor(deadlineMinute / 30);
  return deadlineMinute > fromSlot * 30 ? Math.max(fromSlot + 1, slotsBefore) : 48 + slotsBefore;
}

/** Slots of a day touched by the half-open minute window [start, end), wrapping midnight when start > end. */
export function refWindow(start: number, end: number): boolean[] {
  return Array.from({ length: 48 }, (_, i) => {
    const [a, b] = [i * 30, i * 30 + 30];
    return start < end ? a < end && b > start : a < end || b > start;
  });
}

/** Percent into [0, 100]. */
export const clampPct = (v: number): number => Math.min(100, Math.max(0, v));

/** A battery's charge in kWh at the start, and its target and minimum (never above the target). */
export interface ChargeLevels {
  capacityKwh: number;
  startKwh: number;
  targetKwh: number;
  minKwh: number;
}

/**
 * The charge levels of a battery (EV, robot) from its percentages; for one of no capacity, the
 * reference answer itself: nothing to buy, and which levels its charge misses.
 */
export function chargeLevels(input: { capacityKwh: number; socPct: number; targetPct: number; minPct: number }): ChargeLevels | ReferenceResult {
  const capacityKwh = Math.max(0, input.capacityKwh);
  const targetPct = clampPct(input.targetPct);
  const minPct = Math.min(clampPct(input.minPct), targetPct);
  const socPct = clampPct(input.socPct);
  if (capacityKwh === 0) {
    return {
      optimal: true,
      status: 'Optimal',
      costCents: 0,
      missed: [...(socPct < minPct ? ['min_charge_pct'] : []), ...(socPct < targetPct ? ['target_charge_pct'] : [])],
    };
  }
  const kwh = (pct: number) => (pct / 100) * capacityKwh;
  return { capacityKwh, startKwh: kwh(socPct), targetKwh: kwh(targetPct), minKwh: kwh(minPct) };
}

/** The outcome of a model HiGHS did not solve to optimality. */
export const unsolved = (status: string): ReferenceResult => ({ optimal: false, status, costCents: NaN, missed: [] });
