// The day's and the next day's solar generation forecast on a recorded home with PV, made the way
// the service makes it with no weather forecast (the bench has none): the array's typical-sky output
// (`forecastArray`'s nameplate tier, default geometry), its scale and per-hour factors learned from
// the home's own production of the days before, as the learned tier learns a yield and a shading
// profile. And the persistence forecast peers use: yesterday's production.
import { forecastArray, solarArrayFromConfig } from '../../domain/solar/array-forecast.js';
import { sunPosition } from '../../domain/solar/sun-position.js';
import { HOUR_MS } from '../../domain/forecast/hourly-series.js';
import { slotStartsUtc } from '../../domain/time/slot-grid.js';
import type { Forecaster } from './forecasters.js';
import type { SolarHome } from './opsd-homes.js';
import { OPSD_TIME_ZONE } from './opsd-homes.js';

/** Konstanz, rounded to 0.1 degree as the service rounds a location. */
const LOCATION = { lat: 47.7, lon: 9.2 };
/** Days of production the scale and the hourly factors are learned from. */
const LEARN_DAYS = 14;
/** The hourly factors' bounds and the fewest recorded slots an hour needs to have one (the learned tier's shading rules). */
const FACTOR_MAX = 1.5;
const MIN_HOUR_SLOTS = 3;

export type SolarForecastName = 'service' | 'persistence';

export function solarForecasters(home: SolarHome): Record<SolarForecastName, Forecaster> {
  // Output per kW of nameplate under the typical sky, per slot of each day.
  const unitKw = home.days.map((d) => {
    const starts = slotStartsUtc(d.date, OPSD_TIME_ZONE);
    const suns = starts.map((start, s) => sunPosition(new Date(start.getTime() + (d.hours[s]! * HOUR_MS) / 2), LOCATION.lat, LOCATION.lon));
    return forecastArray(solarArrayFromConfig('bench', { system_size_kw: 1 }, null), suns, null).generationKw;
  });
  return {
    // Today's forecast and tomorrow's, both learned from the days before today (a two-day horizon's).
    service: (index) => {
      const past = Array.from({ length: Math.min(LEARN_DAYS, index) }, (_, k) => index - 1 - k);
      const made = Array(24).fill(0) as number[];
      const typical = Array(24).fill(0) as number[];
      const counted = Array(24).fill(0) as number[];
      for (const i of past)
        home.pvDays[i]!.forEach((kw, s) => {
          if (kw === null || unitKw[i]![s]! <= 0) return;
          const hour = Math.floor(s / 2);
          made[hour]! += kw;
          typical[hour]! += unitKw[i]![s]!;
          counted[hour]! += 1;
        });
      const scale =
        made.reduce((a, b) => a + b, 0) /
        Math.max(
          1e-9,
          typical.reduce((a, b) => a + b, 0),
        );
      if (!(scale > 0)) return null;
      const factor = made.map((m, h) => (counted[h]! >= MIN_HOUR_SLOTS ? Math.min(FACTOR_MAX, m / typical[h]! / scale) : 1));
      return [index, index + 1].flatMap((i) => (unitKw[i] ?? []).map((kw, s) => scale * kw * factor[Math.floor(s / 2)]!));
    },
    persistence: (index) => {
      const yesterday = home.pvDays[index - 1];
      return yesterday ? yesterday.map((kw) => kw ?? 0) : null;
    },
  };
}
