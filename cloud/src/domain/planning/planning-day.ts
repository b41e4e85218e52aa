// Which local day a run plans, and from which slot (docs/schedules-and-recompute.md "Which day").
import { addDays, localDateOf, slotIndexOnGrid, type LocalDate } from '../time/slot-grid.js';

/** A day to plan: the local date and the first slot the plan may change (0 = the whole day). */
export interface PlanningDay {
  date: LocalDate;
  fromSlot: number;
}

/** An intraday re-plan: the rest of the account's local today, from the slot `now` is in. */
export function intradayDay(now: Date, timeZone: string): PlanningDay {
  return { date: localDateOf(now, timeZone), fromSlot: slotIndexOnGrid(now, timeZone) };
}

/**
 * The nightly run plans each account's NEXT local day (the day after the local date of the run's
 * instant `runAt`), whole. A job processed so late that this day has already begun (a crashed
 * run resumed hours later) re-plans the rest of the account's local today instead: planning
 * slots already past would change nothing.
 */
export function nightlyDay(runAt: Date, now: Date, timeZone: string): PlanningDay {
  const next = addDays(localDateOf(runAt, timeZone), 1);
  const today = localDateOf(now, timeZone);
  return next > today ? { date: next, fromSlot: 0 } : intradayDay(now, timeZone);
}
