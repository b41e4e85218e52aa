// Weather: once a day, inside 02:30-03:30 UTC, push the hourly forecast of the profile's
// weather_entity_id (weather.get_forecasts) to POST /api/v1/weather, at the install's own offset
// into the window (weather.ts), so a fleet's pushes and the re-plans they cause spread over the hour.
import type { AddonContext, Stop } from '../context.js';
import { describe } from '../ha.js';
import { viaCloud } from '../reachability.js';
import { drawWeatherPushOffsetMs, forecastForPush, isPushDue, type ForecastItem } from '../weather.js';

/** Pushes the forecast now; returns whether it was accepted. */
export async function pushForecast(ctx: AddonContext): Promise<boolean> {
  const entityId = ctx.state.profile?.weather_entity_id;
  if (!entityId) return false;
  const entity = ctx.ha.entity(entityId);
  if (!entity) {
    ctx.log.warn('weather entity does not exist in Home Assistant', { entity_id: entityId });
    return false;
  }
  try {
    const response = (await ctx.ha.call('weather', 'get_forecasts', entityId, { type: 'hourly' }, true)) as
      Record<string, { forecast?: ForecastItem[] }> | undefined;
    const items = response?.[entityId]?.forecast ?? [];
    const forecast = forecastForPush(items, entity, ctx.ha.temperatureUnit, ctx.clock.now(), ctx.state.timezone);
    if (!forecast) {
      ctx.log.warn('hourly forecast too short to push (needs 24 hours)', { entity_id: entityId, items: items.length });
      return false;
    }
    const res = await viaCloud(ctx, 'weather', () => ctx.cloud.pushWeather(forecast));
    ctx.state.stats.weatherPushes++;
    ctx.log.info('forecast pushed', { entity_id: entityId, accepted_hours: res.accepted_hours });
    return true;
  } catch (e) {
    ctx.log.warn('forecast push failed', { entity_id: entityId, error: describe(e) });
    return false;
  }
}

/** Checks every 10 minutes whether today's push is due. */
export function startWeatherPush(ctx: AddonContext): Stop {
  const offsetMs = ctx.timing.weatherPushOffsetMs ?? drawWeatherPushOffsetMs();
  let stopped = false;
  let timer = ctx.clock.setTimeout(() => {}, 0);
  const check = async () => {
    if (stopped) return;
    timer = ctx.clock.setTimeout(() => ctx.tasks.run(check), ctx.timing.weatherCheckMs);
    const now = ctx.clock.now();
    const day = new Date(now).toISOString().slice(0, 10);
    if (isPushDue(now, offsetMs) && ctx.state.lastWeatherPushDate !== day && ctx.ha.connected) {
      if (await pushForecast(ctx)) ctx.state.lastWeatherPushDate = day;
    }
  };
  timer = ctx.clock.setTimeout(() => ctx.tasks.run(check), 0);
  return () => {
    stopped = true;
    ctx.clock.clearTimeout(timer);
  };
}
