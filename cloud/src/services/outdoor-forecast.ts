// The outdoor forecast resolver planning calls for every account: a fresh hub push (24 h), else
// the fallback feed at the account's location (its coordinates, else its ZIP's area), else the
// seasonal default, so planning always works, offline included. It never throws; whenever it
// passes over a better source it logs one line with the reasons. Choice rules:
// domain/forecast/outdoor-forecast.ts.
import type { Logger } from 'pino';
import { HOUR_MS, seriesToSlots, sliceSeries, type HourlySeries } from '../domain/forecast/hourly-series.js';
import { APPROXIMATE_LATITUDE, forecastLocation, type Coordinates, type ForecastLocation } from '../domain/forecast/location.js';
import type { FallbackWeather } from '../domain/forecast/open-meteo.js';
import { chooseOutdoorForecast, type OutdoorForecast } from '../domain/forecast/outdoor-forecast.js';
import type { IrradianceHistory } from '../domain/solar/yield-fit.js';
import { slotDurationsHours, slotStartsUtc, type LocalDate } from '../domain/time/slot-grid.js';
import { log } from '../log.js';
import { createWeatherFallback, type WeatherFallbackConfig } from './weather-fallback.js';
import type { WeatherService } from './weather.js';

/** The account facts the resolver needs (from the profile: user_id, location_zip, coordinatesOf, effectiveTimeZone). */
export interface ForecastAccount {
  userId: string;
  locationZip: string;
  /** The profile's coordinates, which place the forecast before the ZIP does; null without them. */
  coordinates: Coordinates | null;
  timeZone: string;
}

/** Where the account's forecast is asked for and its sun placed. */
export const locationOf = (account: ForecastAccount) => forecastLocation(account.locationZip, account.timeZone, account.coordinates);

/** The logger methods the resolver uses (pino's signature). */
export type ForecastLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

// Only when the inputs themselves are broken (an unknown zone, a malformed date): a mild constant.
const LAST_RESORT_TEMP_F = 65;

/** Wires the resolver over the weather push service and the fallback feed. */
export function createOutdoorForecastService(deps: {
  weather: Pick<WeatherService, 'latestFreshForecast'>;
  config: WeatherFallbackConfig;
  /** Replaces the named logger (tests read the lines). */
  logger?: ForecastLogger;
}) {
  const fallback = createWeatherFallback(deps.config);
  const logger = deps.logger ?? log('forecast');

  /** The fresh push as a series, or null with the reason appended. */
  async function pushedSeries(userId: string, now: Date, reasons: string[]): Promise<HourlySeries | null> {
    try {
      const push = await deps.weather.latestFreshForecast(userId, now);
      if (!push) reasons.push('no pushed forecast in the last 24 h');
      return push && { firstAt: push.startsAt, values: push.hourlyTempsF };
    } catch (err) {
      reasons.push(`pushed forecast unreadable: ${(err as Error).message}`);
      return null;
    }
  }

  /** The fallback weather for the location, or null with the reason appended. */
  async function fallbackWeather(location: ForecastLocation, now: Date, reasons: string[]): Promise<FallbackWeather | null> {
    if (location.key === null) {
      reasons.push('no coordinates or known location_zip for the fallback feed');
      return null;
    }
    const result = await fallback.weatherAt({ lat: location.lat, lon: location.lon, key: location.key }, now);
    if (!result.ok) reasons.push(result.reason);
    return result.ok ? result.weather : null;
  }

  return {
    /**
     * The outdoor forecast of the account's local `date`. The fallback feed is asked when no push
     * covers the day, or for irradiance when `needIrradiance` (the account has solar). Never throws.
     */
    async resolve(account: ForecastAccount, date: LocalDate, now: Date, opts: { needIrradiance?: boolean } = {}): Promise<OutdoorForecast> {
      try {
        const grid = { date, slotStarts: slotStartsUtc(date, account.timeZone), slotHours: slotDurationsHours(date, account.timeZone) };
        const location = locationOf(account);
        const reasons: string[] = [];
        const pushed = await pushedSeries(account.userId, now, reasons);
        const pushCovers = pushed !== null && seriesToSlots(pushed, grid.slotStarts, grid.slotHours) !== null;
        const weather = !pushCovers || opts.needIrradiance ? await fallbackWeather(location, now, reasons) : null;
        const chosen = chooseOutdoorForecast({ pushed, fallback: weather, location, grid });
        const { forecast } = chosen;
        const missingIrradiance = opts.needIrradiance && !forecast.irradiance;
        if (missingIrradiance && weather) reasons.push(`the fallback feed has no irradiance for ${date}`);
        if (forecast.source !== 'pushed' || missingIrradiance) {
          const why = [...reasons, ...chosen.reasons].join('; ');
          const level = weather === null && location.key !== null ? 'warn' : 'info';
          logger[level](
            { userId: account.userId, date, source: forecast.source, irradiance: forecast.irradiance !== null },
            `outdoor forecast from ${forecast.source}: ${why}`,
          );
        }
        return forecast;
      } catch (err) {
        logger.error({ userId: account.userId, date, err: (err as Error).message }, 'outdoor forecast inputs invalid; using a constant default');
        return {
          tempsF: new Array<number>(48).fill(LAST_RESORT_TEMP_F),
          irradiance: null,
          source: 'seasonal',
          location: { lat: APPROXIMATE_LATITUDE, lon: 0 },
        };
      }
    },

    /**
     * Hourly irradiance at the account's location for hours inside [from, to) that ended by `now`,
     * for fitting a learned solar yield (the fallback feed keeps its last 14 days). Null when the
     * feed has none. Never throws.
     */
    async irradianceHistory(account: ForecastAccount, from: Date, to: Date, now: Date): Promise<IrradianceHistory | null> {
      const reasons: string[] = [];
      try {
        const weather = await fallbackWeather(locationOf(account), now, reasons);
        // Samples sit mid-hour: the hour [t - 30 min, t + 30 min) must lie inside the window.
        const fromMs = from.getTime() + HOUR_MS / 2;
        const toMs = Math.min(to.getTime(), now.getTime()) - HOUR_MS / 2;
        const ghiWm2 = weather?.ghiWm2 ? sliceSeries(weather.ghiWm2, fromMs, toMs) : null;
        if (ghiWm2) return { ghiWm2, dhiWm2: weather?.dhiWm2 ? sliceSeries(weather.dhiWm2, fromMs, toMs) : null };
        if (weather) reasons.push('the fallback feed has no irradiance in the window');
      } catch (err) {
        reasons.push((err as Error).message);
      }
      logger.info({ userId: account.userId }, `no irradiance history for the learned solar fit: ${reasons.join('; ')}`);
      return null;
    },
  };
}

export type OutdoorForecastService = ReturnType<typeof createOutdoorForecastService>;
