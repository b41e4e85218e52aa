// The recorded homes with solar: two houses in Konstanz from Open Power System Data's household
// data (`../shared/data/recorded/opsd-konstanz/`, CC BY 4.0: Open Power System Data, 2020, Data
// Package Household Data, version 2020-04-15, doi:10.25832/household_data/2020-04-15). Hourly
// cumulative meter readings (kWh) become half-hour means (an hour's energy spread over its two
// half hours), on the Europe/Berlin slot grid.
import { HOUR_MS } from '../../domain/forecast/hourly-series.js';
import { readRecorded } from '../recorded-data.js';
import { localDays, slotMeansByDate, type HalfHourMean, type RecordedDay, type SlotMeans } from './recorded-load.js';

export const OPSD_TIME_ZONE = 'Europe/Berlin';
/** Where the homes are (Konstanz, Germany): what Home Assistant there would give the add-on, and the add-on the profile. */
export const KONSTANZ = { lat: 47.66, lon: 9.18 };

/** A home with solar: the load a battery may cover and the solar it may store, both behind the meter the battery sits behind. */
export interface SolarHome {
  name: string;
  /** The load the battery may cover, half-hour means. */
  loadMeans: HalfHourMean[];
  /** The solar generation the battery may store, half-hour means (what the service's forecast learns from). */
  pvMeans: HalfHourMean[];
  /** Load per local day (gaps null) and, aligned, generation per local day. */
  days: RecordedDay[];
  pvDays: SlotMeans[];
}

/** Hourly energies, kWh, of the named meters: null for an hour whose readings (either end) are missing. */
function hourlyEnergies(csv: string, meters: readonly string[]): { start: Date; kwh: (number | null)[] }[] {
  const [header, ...lines] = csv.trim().split('\n');
  const columns = header!.split(',');
  const at = meters.map((m) => columns.findIndex((c) => c.endsWith(`_${m}`)));
  if (at.some((i) => i < 0)) throw new Error(`a meter of ${meters.join(', ')} is missing from the file`);
  let previous: (number | null)[] | null = null;
  const hours: { start: Date; kwh: (number | null)[] }[] = [];
  for (const line of lines) {
    const cells = line.split(',');
    const readings = at.map((i) => (cells[i] ? Number(cells[i]) : null));
    // A row stamps the end of the hour its step covers: the step from the previous row starts an hour earlier.
    const start = new Date(new Date(cells[0]!).getTime() - HOUR_MS);
    if (previous) {
      const before = previous;
      hours.push({ start, kwh: readings.map((r, k) => (r === null || before[k] === null ? null : r - before[k]!)) });
    }
    previous = readings;
  }
  return hours;
}

/** Two half-hour means (W) per hour of known energy. */
const halfHours = (start: Date, kwh: number): HalfHourMean[] => [
  { start, meanWatts: kwh * 1000 },
  { start: new Date(start.getTime() + HOUR_MS / 2), meanWatts: kwh * 1000 },
];

function solarHome(name: string, hours: { start: Date; loadKwh: number | null; pvKwh: number | null }[]): SolarHome {
  const loadMeans = hours.flatMap((h) => (h.loadKwh === null ? [] : halfHours(h.start, h.loadKwh)));
  const pvMeans = hours.flatMap((h) => (h.pvKwh === null ? [] : halfHours(h.start, h.pvKwh)));
  const days = localDays(loadMeans, OPSD_TIME_ZONE);
  const pvByDate = slotMeansByDate(pvMeans, OPSD_TIME_ZONE);
  return { name, loadMeans, pvMeans, days, pvDays: days.map((d) => pvByDate.get(d.date) ?? d.kw.map(() => null)) };
}

/**
 * House 6 (export metered from 2016-05-13), seen at its meter: the load a battery there covers is
 * the import, the solar it stores is the export. Import - export + PV is no household load here:
 * something behind the meter takes the PV that is not exported (README.md, "House 6").
 * An hour is a gap when a reading is missing or a meter steps back.
 */
export function loadHouse6(): SolarHome {
  const hours = hourlyEnergies(readRecorded('opsd-konstanz/power_of_residential_6.csv'), ['grid_import', 'grid_export']);
  const firstExport = hours.findIndex((h) => h.kwh[1] !== null);
  const step = (kwh: number | null | undefined) => (kwh != null && kwh >= 0 ? kwh : null);
  return solarHome(
    'OPSD house 6',
    hours.slice(firstExport).map(({ start, kwh: [imported, exported] }) => ({ start, loadKwh: step(imported), pvKwh: step(exported) })),
  );
}

/**
 * House 1: import and PV meters only, and its heat pump metered apart (its energy exceeds the
 * import), so import + PV is no load. Its import is taken as the household load, and its PV as if
 * it were behind the same meter: a real load and a real array of one home, the battery between them.
 */
export function loadHouse1(): SolarHome {
  const hours = hourlyEnergies(readRecorded('opsd-konstanz/power_of_residential_1.csv'), ['grid_import', 'pv']);
  return solarHome(
    'OPSD house 1',
    hours.map(({ start, kwh: [imported, pv] }) => ({
      start,
      loadKwh: imported != null && imported >= 0 ? imported : null,
      pvKwh: pv != null && pv >= 0 ? pv : null,
    })),
  );
}
