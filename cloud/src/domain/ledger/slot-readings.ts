// Readings of one local day placed on its 48 slots (the slot grid's starts, DST days included):
// per slot the last value read, its mean, and the mean metered power.
import { SLOTS_PER_DAY } from '../time/slot-grid.js';

/** One reading: when, its value (SoC %, tank F, indoor F) and its metered power, W. */
export interface TimedReading {
  at: Date;
  value: number;
  powerW: number | null;
  /** The outdoor temperature an HVAC reported with it, F. */
  outdoorF?: number | null;
}

/** Per slot: the last value, the mean value and the mean metered power in kW (null where nothing was read). */
export interface SlotSeries {
  lastValue: (number | null)[];
  meanValue: (number | null)[];
  powerKw: (number | null)[];
  /** Mean reported outdoor temperature, F. */
  outdoorF: (number | null)[];
}

/** The slot holding `at`: the last slot starting at or before it (-1 before the day). */
export function slotOfInstant(slotStarts: readonly Date[], at: Date): number {
  let lo = -1;
  let hi = slotStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (slotStarts[mid]!.getTime() <= at.getTime()) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Readings (oldest first) on the day's slots. */
export function slotSeries(slotStarts: readonly Date[], readings: readonly TimedReading[]): SlotSeries {
  const empty = () => Array<number | null>(SLOTS_PER_DAY).fill(null);
  const series: SlotSeries = { lastValue: empty(), meanValue: empty(), powerKw: empty(), outdoorF: empty() };
  const sums = Array.from({ length: SLOTS_PER_DAY }, () => ({ value: 0, n: 0, power: 0, p: 0, outdoor: 0, o: 0 }));
  for (const r of readings) {
    const slot = slotOfInstant(slotStarts, r.at);
    if (slot < 0) continue;
    const s = sums[slot]!;
    series.lastValue[slot] = r.value;
    s.value += r.value;
    s.n += 1;
    if (r.powerW !== null) {
      s.power += r.powerW;
      s.p += 1;
    }
    if (r.outdoorF !== undefined && r.outdoorF !== null) {
      s.outdoor += r.outdoorF;
      s.o += 1;
    }
  }
  sums.forEach((s, i) => {
    if (s.n > 0) series.meanValue[i] = s.value / s.n;
    if (s.p > 0) series.powerKw[i] = s.power / s.p / 1000;
    if (s.o > 0) series.outdoorF[i] = s.outdoor / s.o;
  });
  return series;
}

/** A per-slot series with its gaps filled from the nearest slot before (else after) that has a value; null when none has. */
export function filledSeries(values: readonly (number | null)[]): number[] | null {
  const first = values.find((v) => v !== null);
  if (first === undefined || first === null) return null;
  let last = first;
  return values.map((v) => (last = v ?? last));
}
