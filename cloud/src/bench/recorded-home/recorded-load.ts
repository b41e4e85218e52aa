// A recorded home: a year of one real home's whole-home load, half-hourly, held out
// from every choice in the measured profile. Source and licence: bench-data/NOTICE.md.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { addDays, type LocalDate } from '../../domain/time/calendar.js';
import { localDateOf, slotDurationsHours, slotIndexOf, SLOTS_PER_DAY } from '../../domain/time/slot-grid.js';

const DATA = new URL('../../../bench-data/emhass-home-load-2024.csv.gz', import.meta.url);
/** The home is in France (EMHASS's own study of this series reads it in Europe/Paris). */
export const TIME_ZONE = 'Europe/Paris';

/** A half hour's mean load as the cloud stores it (what `toSlotMeans` and the profile read). */
export interface HalfHourMean {
  start: Date;
  meanWatts: number;
}

/** One local day: its 48 slot means in kW (null where nothing was recorded) and slot lengths in hours. */
export interface RecordedDay {
  date: LocalDate;
  kw: (number | null)[];
  hours: number[];
}

export interface RecordedHome {
  means: HalfHourMean[];
  days: RecordedDay[];
}

/**
 * Reads the series. An empty value is a gap; so is an exact 0 W (13 values, all at the edges of
 * gaps: a home never draws nothing, the logger did).
 */
export function loadRecordedHome(): RecordedHome {
  const lines = gunzipSync(readFileSync(DATA)).toString('utf8').trim().split('\n').slice(1);
  const means = lines.flatMap((line) => {
    const [start, watts] = line.split(',');
    const w = Number(watts);
    return watts && w > 0 ? [{ start: new Date(start!), meanWatts: w }] : [];
  });
  return { means, days: localDays(means) };
}

/** The series on the local slot grid, every local day from the first full one to the last. */
function localDays(means: readonly HalfHourMean[]): RecordedDay[] {
  const sums = new Map<LocalDate, { sum: number[]; count: number[] }>();
  for (const m of means) {
    const date = localDateOf(m.start, TIME_ZONE);
    const day = sums.get(date) ?? { sum: Array(SLOTS_PER_DAY).fill(0), count: Array(SLOTS_PER_DAY).fill(0) };
    const slot = slotIndexOf(m.start, TIME_ZONE); // a repeated hour's two readings share a slot
    day.sum[slot] += m.meanWatts / 1000;
    day.count[slot] += 1;
    sums.set(date, day);
  }
  const dates = [...sums.keys()].sort();
  const days: RecordedDay[] = [];
  for (let date = addDays(dates[0]!, 1); date < dates.at(-1)!; date = addDays(date, 1)) {
    const day = sums.get(date);
    days.push({
      date,
      kw: Array.from({ length: SLOTS_PER_DAY }, (_, s) => (day && day.count[s]! > 0 ? day.sum[s]! / day.count[s]! : null)),
      hours: slotDurationsHours(date, TIME_ZONE),
    });
  }
  return days;
}
