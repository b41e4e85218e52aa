// The indoor temperature a plan starts from, consistent with how the model was fitted.
import { readingDuty, type Duty, type RatedPowerW, type ThermalReading } from './duty.js';

/** Readings this close before `at` are averaged, smoothing the thermostat's on/off ripple. */
export const CURRENT_WINDOW_MS = 30 * 60_000;

/**
 * Mean indoor temperature of the readings in the 30 minutes up to `at`; the latest earlier
 * reading when none falls inside; null without any reading at or before `at`.
 */
export function currentIndoorTempF(readings: readonly ThermalReading[], at: Date): number | null {
  const atMs = at.getTime();
  let sum = 0;
  let count = 0;
  let latest: ThermalReading | null = null;
  for (const r of readings) {
    const ms = r.at.getTime();
    if (ms > atMs) continue;
    if (!latest || ms > latest.at.getTime()) latest = r;
    if (atMs - ms <= CURRENT_WINDOW_MS) {
      sum += r.indoorTempF;
      count++;
    }
  }
  if (count > 0) return sum / count;
  return latest ? latest.indoorTempF : null;
}

/**
 * Mean duty per direction of the readings in the 30 minutes up to `at` (what the unit was doing
 * as the plan starts; the air springs back from it when the plan lets the home drift). Zero
 * without readings there.
 */
export function recentDuty(readings: readonly ThermalReading[], at: Date, ratedPowerW: RatedPowerW): Duty {
  const atMs = at.getTime();
  let cool = 0;
  let heat = 0;
  let count = 0;
  for (const r of readings) {
    const ms = r.at.getTime();
    if (ms > atMs || atMs - ms > CURRENT_WINDOW_MS) continue;
    const d = readingDuty(r, ratedPowerW);
    [cool, heat, count] = [cool + d.cool, heat + d.heat, count + 1];
  }
  return count > 0 ? { cool: cool / count, heat: heat / count } : { cool: 0, heat: 0 };
}
