// A home the weather feed cannot place (no ZIP: no irradiance forecast) learns its array's output
// from the array's own production readings: after a week of them its solar forecast follows what
// the array made, whatever nameplate the config states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastLocation } from '../../src/domain/forecast/location.js';
import { arrayGeometry, typicalSkyKwPerKw } from '../../src/domain/solar/array-forecast.js';
import { MIN_RECENT_DAYS, slotSuns } from '../../src/domain/solar/recent-yield.js';
import { addDays, localDateOf, slotStartsUtc } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { realSpeedClockFrom, startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

/** A November day from 09:05 UTC at real speed, in Berlin: the day's sun is ahead. */
const { setting: CLOCK, clock } = realSpeedClockFrom(Date.parse('2026-11-18T09:05:00Z'));
const ZONE = 'Europe/Berlin';
/** The array makes this many times what 1 kW of nameplate makes under the typical sky. */
const MADE_PER_KW = 3;

beforeAll(async () => {
  cloud = await startTestCloud({ clock: CLOCK });
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

/** The typical sky's output of 1 kW of nameplate over a local day where the service places a home without a ZIP. */
const typicalKw = (date: string) => typicalSkyKwPerKw(arrayGeometry({}), slotSuns(date, ZONE, forecastLocation('', ZONE)));

/** A home without a ZIP with an array of no stated size that made MADE_PER_KW x the typical sky on `days` days before today. */
async function home(days: number) {
  const user = await signUp(api);
  await api.patch('/auth/me', { timezone: ZONE }, { token: user.token });
  const created = await api.post(
    '/api/v1/appliances',
    { appliance_type: 'solar', name: 'Roof', config: { production_sensor_entity_id: 'sensor.pv_power' } },
    { token: user.token },
  );
  expect(created.status).toBe(201);
  const solar = created.body.appliance_id as string;
  const today = localDateOf(clock(), ZONE);
  const readings = Array.from({ length: days }, (_, k) => addDays(today, -(k + 1))).flatMap((date) => {
    const unit = typicalKw(date);
    return slotStartsUtc(date, ZONE).flatMap((start, s) =>
      unit[s]! > 0 ? [{ timestamp: new Date(start.getTime() + 60_000).toISOString(), state: 'ON', value: 1000 * MADE_PER_KW * unit[s]! }] : [],
    );
  });
  for (let i = 0; i < readings.length; i += 100) {
    const res = await api.post(`/api/v1/appliances/${solar}/readings`, { readings: readings.slice(i, i + 100) }, { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  expect((await api.post('/api/v1/schedule/recompute', {}, { token: user.token })).status).toBe(200);
  const history = await api.get(`/api/v1/schedules/history?appliance_id=${solar}&start=${today}&end=${today}`, { token: user.token });
  expect(history.status).toBe(200);
  const row = history.body.appliances[0].history.at(-1);
  return { today, schedule: row.schedule, used: row.constraints_used };
}

describe('a solar forecast without irradiance', () => {
  it("follows the array's last days of production (learned tier)", async () => {
    const { today, schedule, used } = await home(MIN_RECENT_DAYS + 1);
    expect(schedule.source).toBe('learned');
    expect(used).toMatchObject({ yield_source: 'learned', yield_kw_per_wm2: null, model_fit: null, nameplate_kw: 0 });
    const unit = typicalKw(today);
    schedule.generation_kw_48.forEach((kw: number, s: number) => expect(kw).toBeCloseTo(MADE_PER_KW * unit[s]!, 2));
    expect(schedule.generation_kwh).toBeGreaterThan(1); // three times a typical day's sun
  });

  it('forecasts from the nameplate alone (none stated: nothing) until a week of production is in', async () => {
    const { schedule, used } = await home(MIN_RECENT_DAYS - 1);
    expect(schedule.source).toBe('nameplate');
    expect(used).toMatchObject({ yield_source: 'nameplate' });
    expect(schedule.generation_kwh).toBe(0);
  });
});
