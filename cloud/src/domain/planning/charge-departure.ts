// When a state-of-charge reading says the plan no longer holds: the battery or car is further from
// its planned trajectory than a margin, so the rest of the day is re-planned from the reading
// (docs/schedules-and-recompute.md "Re-plans from the measured state").
import { SLOTS_PER_DAY } from '../time/slot-grid.js';

/** A reading this many percentage points or more outside the planned charge re-plans the rest of the day. */
export const CHARGE_REPLAN_MARGIN_PCT = 10;

/**
 * True when `readingPct`, read during `slot` of a planned day, lies more than the margin outside
 * the charges the plan holds in that slot (from the end of the slot before to the end of this
 * one: a charging slot may reach its level early). A slot the plan does not cover says nothing.
 */
export function chargeDeparts(trajectory: readonly unknown[], slot: number, readingPct: number): boolean {
  if (slot < 0 || slot >= SLOTS_PER_DAY) return false;
  const end = trajectory[slot];
  const before = slot > 0 ? trajectory[slot - 1] : end;
  if (typeof end !== 'number' || typeof before !== 'number') return false;
  return readingPct < Math.min(before, end) - CHARGE_REPLAN_MARGIN_PCT || readingPct > Math.max(before, end) + CHARGE_REPLAN_MARGIN_PCT;
}

/** A car's charge changing by less than this many points says nothing (a sensor's rounding, standby drain). */
export const CAR_CHARGE_STEP_PCT = 1;
/** How far back a car's fall of charge is looked for: parked this long after a drive, it stays where it is. */
export const DRIVING_WINDOW_MS = 1_800_000;

/**
 * For a car without a plug sensor, whether a charge reading that departs from the plan says
 * something a re-plan can act on. Not while the car is driven (its charge below the highest of the
 * half hour before: it is away, and falls further), and not when its charge has not moved from the
 * one the plan started from (the planned charging did not happen: the car is away or unplugged, and
 * a re-plan from the same charge plans the same). So a day away re-plans once per stop after a
 * drive, and a car plugged in late re-plans once its charge rises. `planStartPct` is null when the
 * plan did not start from a reading.
 */
export function carChargeIsNews(readingPct: number, highestOfHalfHourPct: number | null, planStartPct: number | null): boolean {
  if (highestOfHalfHourPct !== null && readingPct <= highestOfHalfHourPct - CAR_CHARGE_STEP_PCT) return false;
  return planStartPct === null || Math.abs(readingPct - planStartPct) >= CAR_CHARGE_STEP_PCT;
}
