// Reading planning inputs out of stored jsonb (configs, constraints) defensively: the API validated
// them, but a row written by an older version or by hand must never fail a plan.
import { isHhMm, minuteOfDay } from '../time/slot-grid.js';

/** The finite number stored under `key`, else `fallback`. */
export function numberOr(record: Record<string, unknown>, key: string, fallback: number): number {
  const v = record[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** The `HH:MM` stored under `key` as minutes after midnight, or null when unset or malformed. */
export function minuteOr(record: Record<string, unknown>, key: string): number | null {
  const v = record[key];
  return typeof v === 'string' && isHhMm(v) ? minuteOfDay(v) : null;
}
