import { WEATHER_DETAIL, type WeatherForecastInput, type WeatherPushResponse } from '../contract/weather.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { dayBoundsUtc, localDateOf } from '../domain/time/slot-grid.js';
import { serviceUnavailable } from '../errors.js';
import { log } from '../log.js';
import type { Store, WeatherForecastRow } from '../store/index.js';
import type { PlanningEvents } from './planning-events.js';
import type { ProfilesService } from './profiles.js';

/** A stored forecast push, as the optimizer and the model refit read it. */
export interface WeatherForecast {
  pushedAt: Date;
  /** Hour 0 of the arrays: local midnight of the account's date at push time. */
  startsAt: Date;
  hourlyTempsF: number[];
  hourlyHumidity: number[] | null;
  hourlyWindMph: number[] | null;
}

/** A push counts as fresh for this long; the optimizer falls back after it. */
export const WEATHER_FRESH_MS = 24 * 3_600_000;
// The longest push covers 72 hours, so a push starting this much before a window can still reach it.
const LONGEST_PUSH_MS = 72 * 3_600_000;

function toForecast(row: WeatherForecastRow): WeatherForecast {
  return {
    pushedAt: row.pushed_at,
    startsAt: row.starts_at,
    hourlyTempsF: row.hourly_temps_f,
    hourlyHumidity: row.hourly_humidity,
    hourlyWindMph: row.hourly_wind_mph,
  };
}

/** Forecast pushes: storing them, and reading them back for planning. */
export function createWeatherService(store: Store, deps: { profiles: ProfilesService; planningEvents: PlanningEvents }) {
  const { profiles, planningEvents } = deps;

  return {
    /** Stores a validated push as a new row (history is kept) and publishes a `weather` change. */
    async push(userId: string, forecast: WeatherForecastInput, now: Date): Promise<WeatherPushResponse> {
      const timeZone = effectiveTimeZone(await profiles.ensure(userId));
      try {
        await store.weather.insert({
          userId,
          pushedAt: now,
          startsAt: dayBoundsUtc(localDateOf(now, timeZone), timeZone).start,
          hourlyTempsF: forecast.hourly_temps_f,
          hourlyHumidity: forecast.hourly_humidity ?? null,
          hourlyWindMph: forecast.hourly_wind_mph ?? null,
        });
      } catch (err) {
        // The contract names this write failure, whatever the database's reason.
        log('weather').warn({ userId, err: (err as Error).message }, 'weather forecast not stored');
        throw serviceUnavailable(WEATHER_DETAIL.storeFailed);
      }
      planningEvents.changed(userId, 'weather');
      return { accepted_hours: forecast.hourly_temps_f.length, pushed_at: now.toISOString() };
    },

    /** The newest push of the last 24 hours before `now`, or null (then use the fallback source). */
    async latestFreshForecast(userId: string, now: Date): Promise<WeatherForecast | null> {
      const row = await store.weather.latestPushedBetween(userId, new Date(now.getTime() - WEATHER_FRESH_MS), now);
      return row ? toForecast(row) : null;
    },

    /** Every push with at least one hour in [from, to), oldest push first (model refits). */
    async forecastHistory(userId: string, from: Date, to: Date): Promise<WeatherForecast[]> {
      const rows = await store.weather.listStartingBetween(userId, new Date(from.getTime() - LONGEST_PUSH_MS), to);
      return rows.map(toForecast).filter((f) => f.startsAt.getTime() + f.hourlyTempsF.length * 3_600_000 > from.getTime());
    },
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
