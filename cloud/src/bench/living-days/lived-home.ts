// The home the living-days harness lives in, set up through the public API only: an account in
// the home's time zone on its tariff (custom hourly import and export prices), a home battery with
// no target, a solar array with a production sensor when the home has one, and the home's recorded
// load and production before the first lived instant (the measured profile's window).
import type { Coordinates } from '../../domain/forecast/location.js';
import { call } from '../cloud-process.js';
import type { TwoLevelTariff } from '../recorded-home/battery-replay.js';
import type { HalfHourMean } from '../recorded-home/recorded-load.js';

/** The reference battery of bench:recorded-home, as an appliance config (efficiencies are the defaults, 0.95 each way). */
export const BATTERY_CONFIG = {
  entity_id: 'switch.home_battery',
  soc_entity_id: 'sensor.home_battery',
  capacity_kwh: 13.5,
  max_charge_rate_kw: 5,
  max_discharge_rate_kw: 5,
};
/** Readings per request (the API's cap). */
const BATCH = 100;

export interface LivedHome {
  token: string;
  batteryId: string;
  /** The solar array's appliance, when the home has one. */
  solarId: string | null;
}

/** A day's prices as the account's custom rates hold them: 24 hourly import prices and, when exports earn, 24 export prices, cents/kWh. */
export interface LivedPrices {
  importCents: number[];
  exportCents: number[] | null;
}

/** The tariff's 24 hourly prices. */
export function hourlyPrices(t: TwoLevelTariff): number[] {
  const [from, to] = t.peakHours;
  return Array.from({ length: 24 }, (_, h) => ((from < to ? h >= from && h < to : h >= from || h < to) ? t.peak : t.base));
}

export interface HomeSetUp {
  timeZone: string;
  /** The account's ZIP ('' for none). */
  zip: string;
  /** The profile's coordinates, or null. */
  coordinates: Coordinates | null;
  prices: LivedPrices;
  /** Household load pushed before the first lived instant, oldest first. */
  history: readonly HalfHourMean[];
  /** Solar production pushed before it, oldest first; null for a home without solar. */
  solarHistory: readonly HalfHourMean[] | null;
  startPct: number;
  at: Date;
}

/** Signs up, sets the zone and the rates, creates the battery (and the array) and pushes the history with the battery's first charge. */
export async function setUpHome(url: string, home: HomeSetUp): Promise<LivedHome> {
  const { access_token: token } = await call(url, 'POST', '/auth/signup', {
    email: `living-${Date.now()}@example.com`,
    password: 'living-days-password',
    location_zip: home.zip,
  });
  const place = home.coordinates && { latitude: home.coordinates.lat, longitude: home.coordinates.lon };
  await call(url, 'PATCH', '/auth/me', { timezone: home.timeZone, ...place }, token);
  await call(
    url,
    'PUT',
    '/api/v1/rates',
    {
      pricing_source: 'custom',
      hourly_rates_cents_per_kwh: home.prices.importCents,
      ...(home.prices.exportCents && { export_hourly_rates_cents_per_kwh: home.prices.exportCents }),
    },
    token,
  );
  const create = async (appliance_type: string, name: string, config: object): Promise<string> =>
    (await call(url, 'POST', '/api/v1/appliances', { appliance_type, name, config }, token)).appliance_id;
  const batteryId = await create('home_battery', 'Battery', BATTERY_CONFIG);
  const solarId = home.solarHistory ? await create('solar', 'PV', { production_sensor_entity_id: 'sensor.pv_power' }) : null;
  for (let i = 0; i < home.history.length; i += BATCH) await pushLoad(url, token, home.history.slice(i, i + BATCH));
  if (solarId && home.solarHistory)
    for (let i = 0; i < home.solarHistory.length; i += BATCH) await pushSolar(url, token, solarId, home.solarHistory.slice(i, i + BATCH));
  await pushCharge(url, token, batteryId, home.at, home.startPct);
  return { token, batteryId, solarId };
}

/** Whole-home readings, one per half hour at its start, of its mean. */
export function pushLoad(url: string, token: string, means: readonly HalfHourMean[]): Promise<unknown> {
  const readings = means.map((m) => ({ timestamp: m.start.toISOString(), value: Math.round(m.meanWatts) }));
  return call(url, 'POST', '/api/v1/household-load/readings', { readings }, token);
}

/** Production readings, one per half hour at its start, of its mean. */
export function pushSolar(url: string, token: string, solarId: string, means: readonly HalfHourMean[]): Promise<unknown> {
  const readings = means.map((m) => ({ timestamp: m.start.toISOString(), state: 'ON', value: Math.round(m.meanWatts) }));
  return call(url, 'POST', `/api/v1/appliances/${solarId}/readings`, { readings }, token);
}

/** The battery's charge at `at`, percent. */
export function pushCharge(url: string, token: string, batteryId: string, at: Date, pct: number): Promise<unknown> {
  const reading = { timestamp: at.toISOString(), state: 'IDLE', value: Math.round(pct * 100) / 100 };
  return call(url, 'POST', `/api/v1/appliances/${batteryId}/readings`, { readings: [reading] }, token);
}
