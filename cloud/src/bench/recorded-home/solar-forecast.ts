// The day's and the next day's solar generation forecast on a recorded home with PV, made by the
// service's own code for a home without an irradiance forecast (the bench has no recorded weather
// forecasts: the service's case of a feed that is down): the typical sky at the home's
// coordinates, scaled to its production of the 14 days before (`fitRecentYield`, default
// geometry), forecast by `forecastArray`. And the persistence forecast peers use: yesterday's production.
import { forecastLocation } from '../../domain/forecast/location.js';
import { arrayGeometry, forecastArray, solarArrayFromConfig } from '../../domain/solar/array-forecast.js';
import { fitRecentYield, RECENT_YIELD_DAYS, slotSuns } from '../../domain/solar/recent-yield.js';
import { addDays, dayBoundsUtc } from '../../domain/time/slot-grid.js';
import type { Forecaster } from './forecasters.js';
import { meansBetween } from './recorded-load.js';
import type { SolarHome } from './opsd-homes.js';
import { KONSTANZ, OPSD_TIME_ZONE } from './opsd-homes.js';

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
