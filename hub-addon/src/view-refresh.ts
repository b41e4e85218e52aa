// When the add-on pulls its schedules view. Not at the boundary instant: a fleet of add-ons runs on
// NTP-synced clocks, so pulling at every half hour would bring every home to the cloud in the same
// second. The slot is applied at the boundary from the view the add-on holds; the view is pulled
// a per-install lead before each boundary (drawn once at start, in [1, 6) minutes), so the fleet's
// pulls spread over 5 minutes and the view applied at a boundary is at most 6 minutes old. A
// pause switch (it does not move `updated-at`) set more than the lead before a boundary is honored
// at it, else at the next one. The first boundary of a local day is the exception: the cloud
// serves that day's plan only once the day has begun, so the view is pulled the same lead after
// midnight and slot 0 applied then (yesterday's last slot holds meanwhile). See docs/hub-addon.md "Applying the plan".
import { localSlotAt, nextBoundaryMs } from './local-time.js';

/** The shortest lead: the pull has this long to be answered before its boundary. */
export const VIEW_LEAD_MIN_MS = 60_000;
/** The leads of a fleet spread over this window. */
export const VIEW_LEAD_WINDOW_MS = 5 * 60_000;

/** A per-install lead in [VIEW_LEAD_MIN_MS, VIEW_LEAD_MIN_MS + VIEW_LEAD_WINDOW_MS). */
export function drawViewLeadMs(random: () => number = Math.random): number {
  return VIEW_LEAD_MIN_MS + Math.floor(random() * VIEW_LEAD_WINDOW_MS);
}

/** True when the boundary at `ms` is the first of a local date. */
export function startsLocalDay(ms: number, zone: string): boolean {
  return localSlotAt(ms, zone).date !== localSlotAt(ms - 1, zone).date;
}

/**
 * The next instant after `nowMs` to pull the view: `leadMs` before a boundary, skipping the
 * boundaries that start a local day (their view is pulled after them, see `awaitsDayPlan`).
 */
export function nextViewRefreshMs(nowMs: number, zone: string, leadMs: number): number {
  for (let b = nextBoundaryMs(nowMs, zone); ; b = nextBoundaryMs(b, zone)) {
    if (b - leadMs > nowMs && !startsLocalDay(b, zone)) return b - leadMs;
  }
}

/**
 * True when the boundary at `boundaryMs` starts a local day and the held view is the day
 * before's: its slot waits for the new day's view (pulled `leadMs` later) instead of applying
 * yesterday's plan. A view of any other date (a clock far from the cloud's) is applied as held.
 */
export function awaitsDayPlan(viewDate: string | null, boundaryMs: number, zone: string): boolean {
  return startsLocalDay(boundaryMs, zone) && viewDate === localSlotAt(boundaryMs - 1, zone).date;
}
