// Hub forecast pushes as an outdoor temperature history: what the thermal fit uses for readings
// that carry no outdoor temperature.
import type { WeatherPoint } from '../thermal/resample.js';
import { HOUR_MS } from '../time/durations.js';

/**
 * Hourly points from pushes (any order of hours, oldest push first): a later push's value for an
 * hour replaces an earlier one (it was made closer to that hour). Sorted by time.
 */
export function weatherPointsFromPushes(pushes: readonly { startsAt: Date; hourlyTempsF: readonly number[] }[]): WeatherPoint[] {
  const byHour = new Map<number, number>();
  for (const push of pushes) {
    const first = push.startsAt.getTime();
    push.hourlyTempsF.forEach((tempF, i) => {
      if (Number.isFinite(tempF)) byHour.set(first + i * HOUR_MS, tempF);
    });
  }
  return [...byHour.entries()].sort(([a], [b]) => a - b).map(([ms, tempF]) => ({ at: new Date(ms), tempF }));
}
