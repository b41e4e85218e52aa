// A user's 24 hourly prices spread over the 48 half-hour slots of the day.

/** Number of hourly values a custom curve (and a plan table) holds. */
export const HOURS_PER_DAY = 24;

/** Repeats each of 24 hourly values for its two half-hour slots (slot i uses hour floor(i/2)). */
export function expandHourly(hourly: readonly number[]): number[] {
  // Callers validate on write; a wrong length here is a programming error, not user input.
  if (hourly.length !== HOURS_PER_DAY) {
    throw new RangeError(`expected ${HOURS_PER_DAY} hourly values, got ${hourly.length}`);
  }
  return hourly.flatMap((v) => [v, v]);
}

/** A stored hourly array usable as a curve (24 finite values), else null. */
export function usableHourly(hourly: readonly number[] | null): readonly number[] | null {
  if (!hourly || hourly.length !== HOURS_PER_DAY) return null;
  return hourly.every((v) => typeof v === 'number' && Number.isFinite(v)) ? hourly : null;
}
