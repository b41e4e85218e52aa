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
