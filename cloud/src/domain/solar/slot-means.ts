// Production readings reach planning as half-hour means on the UTC half-hour grid (the store groups
// them so). A local slot takes the mean of the UTC half hour it starts in: the same half hour in
// every zone offset by whole or half hours, and the one a quarter hour earlier in a zone offset
// by :45 (Nepal, Chatham), where no mean starts on a slot.
import { MINUTE_MS } from '../time/durations.js';

const HALF_HOUR_MS = 30 * MINUTE_MS;

type HalfHourMean = { start: Date; meanWatts: number };

/** The mean production of the slot starting at an instant, kW, or null where no reading was taken. */
export function slotMeanLookup(means: readonly HalfHourMean[]): (slotStart: Date) => number | null {
  const byStart = new Map(means.map((m) => [m.start.getTime(), m.meanWatts / 1000]));
  return (slotStart) => byStart.get(Math.floor(slotStart.getTime() / HALF_HOUR_MS) * HALF_HOUR_MS) ?? null;
}

/** Mean production per slot, kW, null where no reading was taken. */
export function slotMeansKw(means: readonly HalfHourMean[], slotStarts: readonly Date[]): (number | null)[] {
  return slotStarts.map(slotMeanLookup(means));
}
