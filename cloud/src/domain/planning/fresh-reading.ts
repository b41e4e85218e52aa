// Which readings may re-plan the day from the measured state: only those taken within the last hour
// when they arrive. A backlog a hub sends after an outage, or a backfill, describes hours the plan
// has already lived through; the next current reading says where things are now.

/** How old a reading may be, when it arrives, and still re-plan the day. */
export const REPLAN_READING_FRESH_MS = 3_600_000;

/** True when a reading taken at `takenAt` and received at `now` is recent enough to re-plan. */
export const isFreshForReplan = (takenAt: Date, now: Date): boolean => now.getTime() - takenAt.getTime() <= REPLAN_READING_FRESH_MS;
