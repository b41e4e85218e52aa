// An intraday re-plan changes only the slots from the current one on: the slots already past keep
// what the previous plan of the day said, because that is what the devices applied.
import { SLOTS } from '../planners/types.js';

type Schedule = Record<string, unknown>;

const isSlotArray = (v: unknown): v is unknown[] => Array.isArray(v) && v.length === SLOTS;
const splice = (past: readonly unknown[], next: readonly unknown[], fromSlot: number) => [...past.slice(0, fromSlot), ...next.slice(fromSlot)];

/** What an HVAC applied in a slot of a row: its setpoint, or the band's middle on a defaults row. */
function appliedSetpoints(previous: Schedule): unknown[] | null {
  if (isSlotArray(previous.setpoint_temps)) return previous.setpoint_temps;
  const { high_temps: high, low_temps: low } = previous;
  if (!isSlotArray(high) || !isSlotArray(low)) return null;
  return high.map((h, i) => (typeof h === 'number' && typeof low[i] === 'number' ? (h + (low[i] as number)) / 2 : null));
}

/**
 * The re-planned schedule with slots before `fromSlot` taken from `previous` (the newest row of the
 * same day), field by field: every 48-slot array of `next` whose counterpart in `previous` is one
 * too. An HVAC plan after a defaults row keeps the band middles the client applied as its past
 * setpoints. Solar is a forecast, not a plan anyone applied: it is re-forecast whole.
 */
export function keepPastSlots(type: string, next: Schedule, previous: Schedule | null, fromSlot: number): Schedule {
  if (!previous || fromSlot <= 0 || type === 'solar') return next;
  const merged: Schedule = { ...next };
  for (const [key, value] of Object.entries(next)) {
    const before = key === 'setpoint_temps' && type === 'hvac' ? appliedSetpoints(previous) : previous[key];
    if (isSlotArray(value) && isSlotArray(before)) merged[key] = splice(before, value, fromSlot);
  }
  return merged;
}
