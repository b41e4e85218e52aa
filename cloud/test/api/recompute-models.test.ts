import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastLocation } from '../../src/domain/forecast/location.js';
import { refitModels } from '../../src/jobs/refit-models.js';
import type { RunningCloud } from '../../src/server.js';
import { addAppliance, createAppliance } from '../support/appliances.js';
import { openMeteoBody, startFakeOpenMeteo, type FakeOpenMeteo } from '../support/fake-open-meteo.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { saveModel, warmupReadings } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;
let feed: FakeOpenMeteo;

const HOUR_MS = 3_600_000;
const CHICAGO = forecastLocation('60601', 'America/Chicago').key!;
/** A home in Chicago placed by its own coordinates (its ZIP area's centroid), and the feed's grid cell holding them. */
const CHICAGO_HOME = forecastLocation('60601', 'America/Chicago');
const CHICAGO_CELL = forecastLocation('', 'America/Chicago', CHICAGO_HOME).key!;
/** Global horizontal irradiance of the hour ending at `t` in Chicago: a clear day's arc, noon about 17:50 UTC. */
const ghi = (t: Date) => Math.max(0, Math.round(850 * Math.cos((2 * Math.PI * (t.getUTCHours() - 0.5 - 17.8)) / 24)));

beforeAll(async () => {
  feed = await startFakeOpenMeteo();
  const first = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 14 * 24 * HOUR_MS);
  for (const key of [CHICAGO, CHICAGO_CELL]) feed.serve(key, { body: openMeteoBody(first, 17 * 24, () => 70, ghi) });
  cloud = await startTestCloud({ weatherFallbackBaseUrl: feed.url });
  api = apiClient(cloud.url);
});
afterAll(async () => {
  await cloud.stop();
  await feed.close();
});

const models = (ids: string[]) =>
  rows<{ appliance_id: string; fitted_at: Date }>(cloud, 'SELECT appliance_id, fitted_at FROM thermal_models WHERE appliance_id = ANY($1::uuid[])', [ids]);

async function pushHvacReadings(token: string, readings: Record<string, unknown>[]) {
  for (let i = 0; i < readings.length; i += 100)
    expect((await api.post('/api/v1/readings', { readings: readings.slice(i, i + 100) }, { token })).status).toBe(201);
}

describe('the weekly model refit', () => {
  it('fits HVACs whose readings allow it, keeps a fitted model the data cannot replace, leaves inactive units alone', async () => {
    const user = await signUp(api);
    const warm = await createAppliance(cloud, user, 'hvac');
    await pushHvacReadings(
      user.token,
      warmupReadings(50).map((r) => ({ ...r, appliance_id: warm })),
    );
    const fitted = await createAppliance(cloud, user, 'hvac');
    await saveModel(cloud, fitted);
    const [kept] = await models([fitted]);
    const idle = await addAppliance(cloud, user.userId, 'hvac', { isActive: false });
    const report = await cloud.services.modelRefit.refitAll(new Date());
    expect(report.failed).toBe(0);
    const after = await models([warm, fitted, idle]);
    expect(after.map((m) => m.appliance_id).sort()).toEqual([warm, fitted].sort());
    expect(after.find((m) => m.appliance_id === fitted)!.fitted_at).toEqual(kept!.fitted_at);
  });

  // A home is placed by its ZIP, or by its own coordinates without one (a home outside the US).
  it.each([
    ['its ZIP', { location_zip: '60601' }, {}],
    ['its coordinates', {}, { timezone: 'America/Chicago', latitude: CHICAGO_HOME.lat, longitude: CHICAGO_HOME.lon }],
  ])("learns a solar array's yield from its production readings and the feed's irradiance history at %s, and plans with it", async (_, signup, profile) => {
    const user = await signUp(api, signup);
    expect((await api.patch('/auth/me', profile, { token: user.token })).status).toBe(200);
    const solar = await createAppliance(cloud, user, 'solar', { name: 'Roof' });
    await api.put(`/api/v1/appliances/${solar}`, { config: { system_size_kw: 6, tilt_degrees: 0 } }, { token: user.token });
    // 10 days of production at 5 W per W/m2, two readings in every daylight hour.
    const readings: Record<string, unknown>[] = [];
    const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    for (let t = end - 10 * 24 * HOUR_MS; t < end; t += HOUR_MS) {
      const hourEnd = new Date(t + HOUR_MS);
      if (ghi(hourEnd) < 50) continue;
      for (const minute of [15, 45]) readings.push({ timestamp: new Date(t + minute * 60_000).toISOString(), state: 'ON', value: 5 * ghi(hourEnd) });
    }
    for (let i = 0; i < readings.length; i += 100) {
      expect((await api.post(`/api/v1/appliances/${solar}/readings`, { readings: readings.slice(i, i + 100) }, { token: user.token })).status).toBe(201);
    }
    const report = await cloud.services.modelRefit.refitAll(new Date());
    expect(report).toMatchObject({ failed: 0 });
    expect(report.solarFitted).toBeGreaterThanOrEqual(1);
    const [fit] = await rows<{ fit: { yieldKwPerWm2: number; nDays: number } }>(cloud, 'SELECT fit FROM solar_yield_fits WHERE appliance_id = $1', [solar]);
    expect(fit!.fit.yieldKwPerWm2).toBeCloseTo(0.005, 3);
    expect(fit!.fit.nDays).toBeGreaterThanOrEqual(7);
    expect((await api.post('/api/v1/schedule/recompute', undefined, { token: user.token })).status).toBe(200);
    const history = (await api.get(`/api/v1/schedules/history?appliance_id=${solar}`, { token: user.token })).body.appliances[0].history;
    expect(history.at(-1).constraints_used).toMatchObject({ yield_source: 'learned', model_fit: { n_days: fit!.fit.nDays } });
  });

  it('forgets a learned yield the readings no longer support', async () => {
    const user = await signUp(api, { location_zip: '60601' });
    const solar = await createAppliance(cloud, user, 'solar');
    await cloud.store.solarFits.save(solar, {
      yieldKwPerWm2: 0.004,
      shadingByHour: null,
      rSquared: 0.9,
      nPairs: 80,
      nDays: 8,
      holdoutRmseKw: 0.1,
      calculatedAt: new Date(),
    });
    const now = Date.now();
    const readings = Array.from({ length: 40 }, (_, k) => ({
      timestamp: new Date(now - (k + 1) * HOUR_MS).toISOString(),
      state: 'ON',
      value: (k * 7919) % 3000,
    }));
    await api.post(`/api/v1/appliances/${solar}/readings`, { readings }, { token: user.token });
    await cloud.services.modelRefit.refitAll(new Date());
    expect(await rows(cloud, 'SELECT 1 FROM solar_yield_fits WHERE appliance_id = $1', [solar])).toEqual([]);
  });

  it('runs on one instance at a time: the job skips while another holds the refit lock', async () => {
    let inner: unknown = 'not run';
    await cloud.store.jobs.withRefitLock(async () => {
      inner = await cloud.store.jobs.withRefitLock(async () => 'ran');
      // The job itself resolves without refitting anything.
      await expect(refitModels({ modelRefit: cloud.services.modelRefit }, new Date())).resolves.toBeUndefined();
    });
    expect(inner).toBeNull();
  });
});
