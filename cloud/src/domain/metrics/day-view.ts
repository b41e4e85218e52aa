// One local day of one HVAC as GET /api/v1/me/metrics/day/{date} answers it.
import type { Episode } from './day-input.js';
import type { MetricsEpisode } from './metric-bodies.js';
import { round } from './rounding.js';

export type { MetricsDayView, MetricsEpisode } from './metric-bodies.js';

/** A 48-number array stored in a schedule body, else null (absent, null or malformed). */
export function slotNumbers(value: unknown): number[] | null {
  return Array.isArray(value) && value.length === 48 && value.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (value as number[]) : null;
}

/**
 * The setpoints an HVAC schedule body asks for: setpoint_temps, else (defaults and legacy rows)
 * the middle of the comfort band, which is what clients apply. Null without a band.
 */
export function plannedSetpoints(schedule: Record<string, unknown>): number[] | null {
  const setpoints = slotNumbers(schedule.setpoint_temps);
  if (setpoints) return setpoints;
  const high = slotNumbers(schedule.high_temps);
  const low = slotNumbers(schedule.low_temps);
  return high && low ? high.map((h, s) => (h + low[s]!) / 2) : null;
}

/** Mean indoor temperatures per slot as answered (2 decimals, null without a reading). */
export const indoorTemps = (indoorF: readonly (number | null)[]): (number | null)[] => indoorF.map((t) => (t === null ? null : round(t, 2)));

/** An episode as answered. */
export function episodeEntry(e: Episode): MetricsEpisode {
  return { start: e.start.toISOString(), end: e.end.toISOString(), start_hour: e.startHour, readings: e.readings };
}
