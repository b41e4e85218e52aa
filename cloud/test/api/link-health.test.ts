import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { hvacReading, minutesAgo } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const NO_READINGS = 'No readings in the last 6 hours. Check that the integration or device is online and pushing readings.';

/**
 * Pushes one reading per entry of `minutes` (minutes ago), indoor temperature from `tempAt(i)`.
 * One clock reading spaces the batch: with one per reading, a millisecond tick between two made
 * "3 hours 15 minutes" read "3 hours 14 minutes" now and then.
 */
async function pushAt(token: string, minutes: number[], tempAt: (i: number) => number, applianceId?: string, nowMs = Date.now()) {
  const readings = minutes.map((m, i) =>
    hvacReading({ timestamp: minutesAgo(m, nowMs), indoor_temp: tempAt(i), ...(applianceId && { appliance_id: applianceId }) }),
  );
  const res = await api.post('/api/v1/readings', { readings }, { token });
  if (res.status !== 201) throw new Error(`push failed: ${res.status} ${JSON.stringify(res.body)}`);
  return readings.map((r) => r.timestamp);
}

const health = (token: string) => api.get('/api/v1/integration/health', { token });
const every = (stepMin: number, fromMin: number, toMin: number) =>
  Array.from({ length: Math.floor((toMin - fromMin) / stepMin) + 1 }, (_, i) => fromMin + i * stepMin);
const varying = (i: number) => 72 + (i % 3) * 0.3;

describe('GET /api/v1/integration/health', () => {
  it('refuses a call without a token', async () => {
    expect(await api.get('/api/v1/integration/health')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });

  it('is no_data with no appliances listed when the account has no HVAC', async () => {
    const user = await signUp(api);
    await createAppliance(cloud, user, 'ev_charger');
    expect(await health(user.token)).toMatchObject({
      status: 200,
      body: {
        status: 'no_data',
        last_reading_at: null,
        last_reading_age_seconds: null,
        sample_count: 0,
        message: 'No HVAC appliance is registered, so there is no reading stream to check. Add an HVAC appliance and push its readings.',
        lookback_hours: 6,
        appliances: [],
      },
    });
  });

  it('is no_data for an HVAC without readings in the last 6 hours (older ones and unassigned ones do not count)', async () => {
    const user = await signUp(api);
    await pushAt(user.token, [5, 10], varying); // stored unassigned: no HVAC yet
    const hvacId = await createAppliance(cloud, user, 'hvac', { name: 'Upstairs' });
    await pushAt(user.token, [365, 420], varying);
    const expected = { status: 'no_data', last_reading_at: null, last_reading_age_seconds: null, sample_count: 0, message: NO_READINGS, lookback_hours: 6 };
    expect((await health(user.token)).body).toEqual({ ...expected, appliances: [{ appliance_id: hvacId, name: 'Upstairs', ...expected }] });
  });

  it('is healthy when readings are recent and the temperature varies', async () => {
    const user = await signUp(api);
    const hvacId = await createAppliance(cloud, user, 'hvac', { name: 'Living room' });
    const stamps = await pushAt(user.token, every(5, 1, 56), varying);
    const res = await health(user.token);
    expect(res.status).toBe(200);
    const { appliances, ...overall } = res.body;
    expect(overall).toMatchObject({ status: 'healthy', last_reading_at: stamps[0], sample_count: 12, lookback_hours: 6 });
    expect(overall.last_reading_age_seconds).toBeGreaterThanOrEqual(59);
    expect(overall.last_reading_age_seconds).toBeLessThan(90);
    expect(overall.message).toMatch(/^Readings are arriving normally; the newest is from (1|2) minutes? ago\.$/);
    expect(appliances).toEqual([{ appliance_id: hvacId, name: 'Living room', ...overall }]);
  });

  it('is stale_data when the newest reading is more than 30 minutes old, flat or not', async () => {
    const user = await signUp(api);
    await createAppliance(cloud, user, 'hvac');
    await pushAt(user.token, every(15, 45, 225), () => 72);
    const { body } = await health(user.token);
    expect(body).toMatchObject({ status: 'stale_data', sample_count: 13 });
    expect(body.last_reading_age_seconds).toBeGreaterThanOrEqual(45 * 60);
    expect(body.message).toMatch(
      /^The newest reading is from 4[56] minutes ago; readings normally come every few minutes, so the push pipeline may be stalled\./,
    );
  });

  it('is frozen_sensor when 12+ on-cadence readings over 3+ hours are identical', async () => {
    const user = await signUp(api);
    await createAppliance(cloud, user, 'hvac');
    // 14 flat readings over 3 h 15 min in the last 4 hours, and an older one that differed.
    await pushAt(user.token, [...every(15, 5, 200), 300], (i) => (i === 14 ? 75 : 72));
    const { body } = await health(user.token);
    expect(body).toMatchObject({
      status: 'frozen_sensor',
      sample_count: 15,
      message:
        'Readings arrive on time, but the indoor temperature has stayed at exactly 72.0 °F for 3 hours 15 minutes (14 readings); the temperature sensor may be frozen. Check the sensor that reports the indoor temperature.',
    });
  });

  it('is healthy when a 0.1 F step breaks an otherwise flat run', async () => {
    const user = await signUp(api);
    await createAppliance(cloud, user, 'hvac');
    await pushAt(user.token, every(15, 5, 200), (i) => (i === 6 ? 72.1 : 72));
    expect((await health(user.token)).body.status).toBe('healthy');
  });

  it('reports each HVAC oldest first, takes the worst status, and leaves out other appliances and other users', async () => {
    const user = await signUp(api);
    const healthy = await createAppliance(cloud, user, 'hvac', { name: 'A' });
    const ev = await createAppliance(cloud, user, 'ev_charger');
    const stale = await createAppliance(cloud, user, 'hvac', { name: 'B', isActive: false });
    const dehumidifier = await createAppliance(cloud, user, 'dehumidifier');
    const silent = await createAppliance(cloud, user, 'hvac', { name: 'C' });
    const [newest] = await pushAt(user.token, every(5, 2, 30), varying, healthy);
    await pushAt(user.token, [40, 50], varying, stale);
    await pushAt(user.token, [1], varying, dehumidifier);
    await api.post(`/api/v1/appliances/${ev}/readings`, { readings: [{ timestamp: minutesAgo(1), state: 'CHARGING', value: 40 }] }, { token: user.token });
    const other = await signUp(api);
    await createAppliance(cloud, other, 'hvac');
    await pushAt(other.token, [1, 2, 3], varying);

    const { body } = await health(user.token);
    expect(body.appliances.map((a: { appliance_id: string; status: string; sample_count: number }) => [a.appliance_id, a.status, a.sample_count])).toEqual([
      [healthy, 'healthy', 6],
      [stale, 'stale_data', 2],
      [silent, 'no_data', 0],
    ]);
    expect(body).toMatchObject({ status: 'no_data', last_reading_at: newest, sample_count: 8 });
    expect(body.message).toBe(`2 of 3 HVAC units need attention. Most urgent: ${NO_READINGS}`);
  });
});

describe('healthFor (the block the schedules endpoints inline)', () => {
  it('judges the window relative to the `now` it is given', async () => {
    const user = await signUp(api);
    const hvacId = await createAppliance(cloud, user, 'hvac', { name: 'Den' });
    await pushAt(user.token, [5, 10, 15], varying);
    const now = new Date();
    expect(await cloud.services.linkHealth.healthFor(user.userId, now)).toMatchObject({ status: 'healthy', sample_count: 3 });
    // Seen from three hours ago the readings are still in the future, beyond the allowed clock skew.
    const earlier = await cloud.services.linkHealth.healthFor(user.userId, new Date(now.getTime() - 3 * 3600_000));
    expect(earlier).toMatchObject({ status: 'no_data', sample_count: 0, appliances: [{ appliance_id: hvacId, name: 'Den', status: 'no_data' }] });
    // Seen from 40 minutes later the newest one is 45 minutes old.
    const later = await cloud.services.linkHealth.healthFor(user.userId, new Date(now.getTime() + 40 * 60_000));
    expect(later).toMatchObject({ status: 'stale_data', sample_count: 3 });
  });
});
