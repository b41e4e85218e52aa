// The day's and the next day's solar generation forecast on a recorded home with PV, made by the
// service's own code for a home without an irradiance forecast (the bench has no recorded weather
// forecasts: the service's case of a feed that is down): the typical sky at the home's
// coordinates, scaled to its production of the 14 days before and of yesterday (`fitRecentYield`,
// default geometry), forecast by `forecastArray`. And the persistence forecast peers use:
// yesterday's production; and how far each is from the day's real energy.
import { forecastLocation } from '../../domain/forecast/location.js';
import { mean } from '../../domain/metrics/rounding.js';
import { arrayGeometry, forecastArray, solarArrayFromConfig } from '../../domain/solar/array-forecast.js';
import { fitRecentYield, RECENT_YIELD_DAYS, slotSuns } from '../../domain/solar/recent-yield.js';
import { addDays, dayBoundsUtc, SLOTS_PER_DAY } from '../../domain/time/slot-grid.js';
import type { Forecaster } from './forecasters.js';
import { meansBetween } from './recorded-load.js';
import type { SolarHome } from './opsd-homes.js';
import { KONSTANZ, OPSD_TIME_ZONE } from './opsd-homes.js';
import type { SolarActuals } from './solar-replay.js';

/** Where the service places the homes from their profile's coordinates: its sun positions are those. */
const LOCATION = forecastLocation('', OPSD_TIME_ZONE, KONSTANZ);

export type SolarForecastName = 'service' | 'persistence';

export function solarForecasters(home: SolarHome): Record<SolarForecastName, Forecaster> {
  const geometry = arrayGeometry({});
  return {
    // Today's forecast and tomorrow's, both from the days before today (a two-day horizon's).
    service: (index) => {
      const { date } = home.days[index]!;
      const means = meansBetween(home.pvMeans, dayBoundsUtc(addDays(date, -RECENT_YIELD_DAYS), OPSD_TIME_ZONE).start, dayBoundsUtc(date, OPSD_TIME_ZONE).start);
      const fit = fitRecentYield({ date, timeZone: OPSD_TIME_ZONE, location: LOCATION, geometry, means });
      if (!fit) return null;
      const array = solarArrayFromConfig('bench', {}, null, fit);
      return [date, addDays(date, 1)].flatMap((d) => forecastArray(array, slotSuns(d, OPSD_TIME_ZONE, LOCATION), null).generationKw);
    },
    persistence: (index) => {
      const yesterday = home.pvDays[index - 1];
      return yesterday ? yesterday.map((kw) => kw ?? 0) : null;
    },
  };
}

/**
 * The mean absolute error of a forecast's energy for the day (kWh) over the measured days, and of
 * its energy for the day after (a 48-value forecast stands for both days, as planning reads it),
 * against the recorded generation.
 */
export function sunEnergyError(home: SolarHome, actual: SolarActuals, forecaster: Forecaster, first: number): { today: number; tomorrow: number } {
  const energy = (kw: readonly number[], i: number) => kw.reduce((e, v, s) => e + v * home.days[i]!.hours[s]!, 0);
  const errors = { today: [] as number[], tomorrow: [] as number[] };
  for (let i = first; i + 1 < home.days.length; i++) {
    const f = forecaster(i);
    if (!f) continue;
    if (actual.measured[i]) errors.today.push(Math.abs(energy(f.slice(0, SLOTS_PER_DAY), i) - energy(actual.pv[i]!, i)));
    const next = f.length > SLOTS_PER_DAY ? f.slice(SLOTS_PER_DAY) : f;
    if (actual.measured[i + 1]) errors.tomorrow.push(Math.abs(energy(next, i + 1) - energy(actual.pv[i + 1]!, i + 1)));
  }
  return { today: mean(errors.today) ?? NaN, tomorrow: mean(errors.tomorrow) ?? NaN };
}
