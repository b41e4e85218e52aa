// When the add-on sends its readings. The capture stays on the clock's 5-minute marks (the
// readings' timestamps are the marks), but a fleet of add-ons runs on NTP-synced clocks, so
// sending at the mark would bring every home to the cloud in the same second 288 times a day. The
// batch goes a per-install delay after the mark instead, drawn once at start in [0, 4) minutes:
// the fleet's pushes spread over 4 minutes of every 5, each push ends before the next capture
// (the minute left over covers a slow answer), and the newest stored reading is never more than
// 9 minutes old, far inside link health's 30-minute `stale_data` rule. See docs/hub-addon.md "Readings".

/** The delays of a fleet spread over this window, shorter than the 5-minute cycle. */
export const PUSH_DELAY_WINDOW_MS = 4 * 60_000;

/** A per-install delay after each mark in [0, PUSH_DELAY_WINDOW_MS). */
export function drawPushDelayMs(random: () => number = Math.random): number {
  return Math.floor(random() * PUSH_DELAY_WINDOW_MS);
}

/** The first mark of the `everyMs` grid after `nowMs`. */
export function nextMarkMs(nowMs: number, everyMs: number): number {
  return (Math.floor(nowMs / everyMs) + 1) * everyMs;
}
