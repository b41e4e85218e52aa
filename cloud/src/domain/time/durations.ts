// Fixed lengths of time in milliseconds: the one place they are written out. A local day is not
// always DAY_MS long (DST); the slot grid (slot-grid.ts) handles that.
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
