// Slot arithmetic the EV, battery, robot and water-heater planners share: deadlines and daily
// windows on the 48-slot grid, the horizon a plan optimizes over, and the shape of the returned arrays.
import { SLOT_MINUTES } from '../time/slot-grid.js';
import { SLOTS, type DayContext } from './types.js';

/** A slot's length away from DST changes, hours. */
export const NOMINAL_SLOT_HOURS = SLOT_MINUTES / 60;

/** One slot a planner optimizes: `index` 0-47 is today; 48 and up are tomorrow's slots (index - 48). */
export interface HorizonSlot {
  index: number;
  /** Real length, hours (0 for a slot skipped by a DST change). */
  hours: number;
  /** Import price, cents/kWh. */
  price: number;
  /** Export price, cents/kWh, or null when nothing exported is paid. */
  exportPrice: number | null;
}

/** Slot of the local day holding a wall-clock minute (0-1439). */
export const slotOfMinute = (minute: number): number => Math.floor(minute / SLOT_MINUTES);

/** True for an index past today's 48 slots. */
export const isTomorrow = (index: number): boolean => index >= SLOTS;

/**
 * End (exclusive index) of the slots counting toward a deadline for a plan starting at `fromSlot`
 *: a slot counts when it ends at or before the deadline, and the current slot counts
 * in full even when the deadline falls inside it. A deadline at or before the plan start is
 * tomorrow's, so the end lies in tomorrow's slots (48 + its slot); midnight is the end of today.
 * No deadline: the end of today.
 */
export function deadlineEnd(fromSlot: number, deadlineMinute: number | null): number {
  if (deadlineMinute === null) return SLOTS;
  if (deadlineMinute > fromSlot * SLOT_MINUTES) return Math.max(fromSlot + 1, slotOfMinute(deadlineMinute));
  return SLOTS + slotOfMinute(deadlineMinute);
}

/** Which of today's slots overlap the half-open window [start, end) of minutes, which may wrap midnight. */
export function windowSlots(startMinute: number, endMinute: number): boolean[] {
  const inside = (minute: number) => (startMinute <= endMinute ? minute >= startMinute && minute < endMinute : minute >= startMinute || minute < endMinute);
  return Array.from({ length: SLOTS }, (_, i) => {
    // A slot overlaps when the window holds its start or the window starts inside it.
    const first = i * SLOT_MINUTES;
    return inside(first) || (startMinute > first && startMinute < first + SLOT_MINUTES);
  });
}

/**
 * Slots [day.fromSlot, end) to optimize. Tomorrow's slots (end > 48) are priced at tomorrow's
 * prices when they are known (`day.tomorrow`), else like the same slot today (the best forecast
 * while tomorrow's day-ahead prices are not published), and last half an hour each.
 */
export function horizon(day: DayContext, end: number): HorizonSlot[] {
  const slots: HorizonSlot[] = [];
  for (let index = day.fromSlot; index < end; index++) {
    const slot = index % SLOTS;
    const prices = isTomorrow(index) && day.tomorrow ? day.tomorrow : day;
    slots.push({
      index,
      hours: isTomorrow(index) ? NOMINAL_SLOT_HOURS : (day.slotHours[slot] ?? 0),
      price: prices.pricesCentsPerKwh[slot] ?? 0,
      exportPrice: prices.exportPricesCentsPerKwh?.[slot] ?? null,
    });
  }
  return slots;
}

/** A per-slot input given for today (48 values) or for today and tomorrow (96): its value in horizon slot `index`. */
export const slotValue = (values: readonly number[] | null | undefined, index: number): number => values?.[index] ?? values?.[index % SLOTS] ?? 0;

/**
 * A 48-slot array: `before` for the slots before the plan start (the service keeps their previous
 * values), then the planned values of today's horizon slots, then `after` for today's slots the
 * horizon does not reach.
 */
export function todayArray<T>(fromSlot: number, planned: readonly T[], before: T, after: T): T[] {
  return Array.from({ length: SLOTS }, (_, i) => (i < fromSlot ? before : (planned[i - fromSlot] ?? after)));
}

/** Wall-clock label of the end of a horizon slot, e.g. "07:00", "07:00 tomorrow" or "midnight". */
export function endLabel(index: number): string {
  const minute = ((index % SLOTS) + 1) * SLOT_MINUTES;
  if (minute === SLOTS * SLOT_MINUTES) return isTomorrow(index) ? 'midnight tomorrow' : 'midnight';
  const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return isTomorrow(index) ? `${hhmm} tomorrow` : hhmm;
}

/** Rounded to 2 decimals, as trajectories and achieved values are reported. */
export const round2 = (v: number): number => Math.round(v * 100) / 100;

/** Sum of numbers. */
export const total = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0);
