// A recorded home: a year of one real home's whole-home load, half-hourly (EMHASS's published
// series, `../shared/data/recorded/emhass-home-2024/`), held out from every choice in the measured
// profile; and the slot grid every recorded home is placed on.
import { addDays, type LocalDate } from '../../domain/time/calendar.js';
import { localDateOf, slotDurationsHours, slotIndexOf, SLOTS_PER_DAY } from '../../domain/time/slot-grid.js';
import { readRecorded } from '../recorded-data.js';

const DATA = 'emhass-home-2024/emhass-home-2024.csv';
/** The home is in France (EMHASS's own study of this series reads it in Europe/Paris). */
export const TIME_ZONE = 'Europe/Paris';

/** A half hour's mean load as the cloud stores it (what `toSlotMeans` and the profile read). */
export interface HalfHourMean {
  start: Date;
  meanWatts: number;
}

/** The means (sorted by start) starting in [from, until). */
export function meansBetween(means: readonly HalfHourMean[], from: Date, until: Date): HalfHourMean[] {
  const firstAtOrAfter = (at: Date) => {
    let [lo, hi] = [0, means.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (means[mid]!.start < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return means.slice(firstAtOrAfter(from), firstAtOrAfter(until));
}

/** One local day: its 48 slot means in kW (null where nothing was recorded) and slot lengths in hours. */
export interface RecordedDay {
  date: LocalDate;
  kw: (number | null)[];
  hours: number[];
}

/** A local day's 48 slot means, kW, null where nothing was recorded. */
export type SlotMeans = (number | null)[];

export interface RecordedHome {
  means: HalfHourMean[];
  days: RecordedDay[];
}

/**
 * Reads the series. An empty value is a gap; so is an exact 0 W (13 values, all at the edges of
 * gaps: a home never draws nothing, the logger did).
 */
export function loadRecordedHome(): RecordedHome {
  const lines = readRecorded(DATA).trim().split('\n').slice(1);
  const means = lines.flatMap((line) => {
    const [start, watts] = line.split(',');
    const w = Number(watts);
    return watts && w > 0 ? [{ start: new Date(start!), meanWatts: w }] : [];
  });
  return { means, days: localDays(means, TIME_ZONE) };
}

/** Half-hour means on the local slot grid of `timeZone`, per local date (a repeated hour's two readings share a slot). */
export function slotMeansByDate(means: readonly HalfHourMean[], timeZone: string): Map<LocalDate, SlotMeans> {
  const sums = new Map<LocalDate, { sum: number[]; count: number[] }>();
  for (const m of means) {
    const date = localDateOf(m.start, timeZone);
    const day = sums.get(date) ?? { sum: Array(SLOTS_PER_DAY).fill(0), count: Array(SLOTS_PER_DAY).fill(0) };
    const slot = slotIndexOf(m.start, timeZone);
    day.sum[slot] += m.meanWatts / 1000;
    day.count[slot] += 1;
    sums.set(date, day);
  }
  return new Map([...sums].map(([date, d]) => [date, d.sum.map((sum, s) => (d.count[s]! > 0 ? sum / d.count[s]! : null))]));
}

/** The series on the local slot grid, every local day from the first full one to the last. */
export function localDays(means: readonly HalfHourMean[], timeZone: string): RecordedDay[] {
  const byDate = slotMeansByDate(means, timeZone);
  const dates = [...byDate.keys()].sort();
  const days: RecordedDay[] = [];
  for (let date = addDays(dates[0]!, 1); date < dates.at(-1)!; date = addDays(date, 1)) {
    days.push({ date, kw: byDate.get(date) ?? Array(SLOTS_PER_DAY).fill(null), hours: slotDurationsHours(date, timeZone) });
  }
  return days;
}
