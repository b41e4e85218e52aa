// The home the living-days harness lives in, set up through the public API only: an account in
// the home's time zone on a two-level tariff, a home battery with no target, and the home's
// recorded whole-home load before the first lived instant (the measured profile's window).
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
}

/** The tariff's 24 hourly prices. */
export function hourlyPrices(t: TwoLevelTariff): number[] {
  const [from, to] = t.peakHours;
  return Array.from({ length: 24 }, (_, h) => ((from < to ? h >= from && h < to : h >= from || h < to) ? t.peak : t.base));
}

/** Signs up, sets the zone and tariff, creates the battery and pushes `history` (oldest first) with the battery's first charge. */
export async function setUpHome(
  url: string,
  timeZone: string,
  tariff: TwoLevelTariff,
  history: readonly HalfHourMean[],
  startPct: number,
  at: Date,
): Promise<LivedHome> {
  const { access_token: token } = await call(url, 'POST', '/auth/signup', {
    email: `living-${Date.now()}@example.com`,
    password: 'living-days-password',
    location_zip: '75001',
  });
  await call(url, 'PATCH', '/auth/me', { timezone: timeZone }, token);
  await call(url, 'PUT', '/api/v1/rates', { pricing_source: 'custom', hourly_rates_cents_per_kwh: hourlyPrices(tariff) }, token);
  const { appliance_id: batteryId } = await call(
    url,
    'POST',
    '/api/v1/appliances',
    { appliance_type: 'home_battery', name: 'Battery', config: BATTERY_CONFIG },
    token,
  );
  for (let i = 0; i < history.length; i += BATCH) await pushLoad(url, token, history.slice(i, i + BATCH));
  await pushCharge(url, token, batteryId, at, startPct);
  return { token, batteryId };
}

/** Whole-home readings, one per half hour at its start, of its mean. */
export function pushLoad(url: string, token: string, means: readonly HalfHourMean[]): Promise<unknown> {
  const readings = means.map((m) => ({ timestamp: m.start.toISOString(), value: Math.round(m.meanWatts) }));
  return call(url, 'POST', '/api/v1/household-load/readings', { readings }, token);
}

/** The battery's charge at `at`, percent. */
export function pushCharge(url: string, token: string, batteryId: string, at: Date, pct: number): Promise<unknown> {
  const reading = { timestamp: at.toISOString(), state: 'IDLE', value: Math.round(pct * 100) / 100 };
  return call(url, 'POST', `/api/v1/appliances/${batteryId}/readings`, { readings: [reading] }, token);
}
