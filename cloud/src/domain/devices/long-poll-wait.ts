// The `wait` query parameter of GET /api/v1/devices/commands.

/** The longest a poll may park, in seconds: under the 60 s idle timeouts common in proxies. */
export const MAX_WAIT_S = 55;

export const WAIT_DETAIL = `wait must be a number of seconds (it is clamped to 0-${MAX_WAIT_S})`;

/**
 * Seconds to park for a raw query value: absent or empty means 0; any number is clamped to
 * [0, 55] and rounded down; anything else (text, repeated parameter) is null, answered with 400.
 */
export function parseWait(raw: unknown): number | null {
  if (raw === undefined || raw === '') return 0;
  if (typeof raw !== 'string' || !/^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(raw)) return null;
  return Math.floor(Math.min(MAX_WAIT_S, Math.max(0, Number(raw))));
}
