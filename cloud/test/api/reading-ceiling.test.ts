import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { hvacReading, minutesAgo, rows, storedCounts } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

// A ceiling of 5 readings per active appliance per UTC day keeps the cases small.
let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud({ readingsDailyLimitPerAppliance: 5 });
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const hvacBatch = (n: number) => ({ readings: Array.from({ length: n }, (_, i) => hvacReading({ timestamp: minutesAgo(i) })) });
const valueBatch = (n: number) => ({ readings: Array.from({ length: n }, (_, i) => ({ timestamp: minutesAgo(i), state: 'CHARGING', value: 40 + i })) });
const pushHvac = (token: string, n: number) => api.post('/api/v1/readings', hvacBatch(n), { token });
const pushValues = (token: string, applianceId: string, n: number) => api.post(`/api/v1/appliances/${applianceId}/readings`, valueBatch(n), { token });

const exceeded = (ceiling: number, basis: string, storedToday: number, batch: number) =>
  `Rate limit exceeded: at most ${ceiling} readings per day (${basis}); ${storedToday} already stored today and this batch of ${batch} would exceed it; resets at 00:00 UTC`;

/** Seconds until the next 00:00 UTC, as the Retry-After header should say. */
function secondsToUtcMidnight(): number {
  const now = new Date();
  return Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);
}

describe('the daily reading ceiling', () => {
  it('gives an account without appliances one appliance’s worth; a crossing batch is refused whole', async () => {
    const user = await signUp(api);
    expect(await pushHvac(user.token, 3)).toMatchObject({ status: 201, body: { accepted: 3 } });
    const refused = await pushHvac(user.token, 3);
    expect(refused).toMatchObject({
      status: 429,
      body: { detail: exceeded(5, "5 per active appliance; an account with no active appliance gets one appliance's worth", 3, 3) },
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Math.abs(retryAfter - secondsToUtcMidnight())).toBeLessThanOrEqual(5);
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 3, appliance: 0, counted: 3 });
    // What is left still fits, then nothing more does.
    expect(await pushHvac(user.token, 2)).toMatchObject({ status: 201, body: { accepted: 2 } });
    expect(await pushHvac(user.token, 1)).toMatchObject({ status: 429 });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 5, appliance: 0, counted: 5 });
  });

  it('scales with active appliances and is shared by both endpoints', async () => {
    const user = await signUp(api);
    await createAppliance(cloud, user, 'hvac');
    const ev = await createAppliance(cloud, user, 'ev_charger');
    expect(await pushHvac(user.token, 6)).toMatchObject({ status: 201 });
    expect(await pushValues(user.token, ev, 4)).toMatchObject({ status: 201 });
    expect(await pushValues(user.token, ev, 1)).toMatchObject({
      status: 429,
      body: { detail: exceeded(10, '5 per active appliance x 2 active appliances', 10, 1) },
    });
    expect(await pushHvac(user.token, 1)).toMatchObject({ status: 429, body: { detail: exceeded(10, '5 per active appliance x 2 active appliances', 10, 1) } });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 6, appliance: 4, counted: 10 });
  });

  it('does not count inactive appliances', async () => {
    const user = await signUp(api);
    await createAppliance(cloud, user, 'hvac');
    const battery = await createAppliance(cloud, user, 'home_battery', { isActive: false });
    expect(await pushValues(user.token, battery, 5)).toMatchObject({ status: 201 });
    expect(await pushHvac(user.token, 1)).toMatchObject({ status: 429, body: { detail: exceeded(5, '5 per active appliance x 1 active appliance', 5, 1) } });
  });

  it('counts per account', async () => {
    const first = await signUp(api);
    const second = await signUp(api);
    expect(await pushHvac(first.token, 5)).toMatchObject({ status: 201 });
    expect(await pushHvac(second.token, 5)).toMatchObject({ status: 201 });
  });

  it('does not count refused batches of other kinds (a 400 leaves the counter alone)', async () => {
    const user = await signUp(api);
    expect(await api.post('/api/v1/readings', { readings: [hvacReading({ indoor_temp: 10 })] }, { token: user.token })).toMatchObject({ status: 400 });
    expect(await pushHvac(user.token, 5)).toMatchObject({ status: 201 });
  });

  it('cannot be overshot by concurrent pushes', async () => {
    const user = await signUp(api);
    const results = await Promise.all(Array.from({ length: 6 }, () => pushHvac(user.token, 2)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 4, appliance: 0, counted: 4 });
  });

  it('counts whole-home load readings too: a crossing batch is refused whole, stores and counts nothing', async () => {
    const user = await signUp(api);
    await createAppliance(cloud, user, 'hvac');
    const loadBatch = (n: number, fromMin: number) => ({
      readings: Array.from({ length: n }, (_, i) => ({ timestamp: minutesAgo(fromMin + i), value: 900 + i })),
    });
    expect(await pushHvac(user.token, 2)).toMatchObject({ status: 201 });
    expect(await api.post('/api/v1/household-load/readings', loadBatch(2, 0), { token: user.token })).toMatchObject({ status: 201, body: { accepted: 2 } });
    expect(await api.post('/api/v1/household-load/readings', loadBatch(2, 10), { token: user.token })).toMatchObject({
      status: 429,
      body: { detail: exceeded(5, '5 per active appliance x 1 active appliance', 4, 2) },
    });
    const [stored] = await rows<{ n: number }>(cloud, 'SELECT count(*)::int AS n FROM household_load_readings WHERE user_id = $1', [user.userId]);
    expect(stored!.n).toBe(2);
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 2, appliance: 0, counted: 4 });
    expect(await api.post('/api/v1/household-load/readings', loadBatch(1, 20), { token: user.token })).toMatchObject({ status: 201 });
  });

  it('keeps one counter row per account and UTC day', async () => {
    const user = await signUp(api);
    await pushHvac(user.token, 2);
    await pushHvac(user.token, 1);
    const today = new Date().toISOString().slice(0, 10);
    expect(await rows(cloud, "SELECT to_char(day, 'YYYY-MM-DD') AS day, count FROM reading_counts WHERE user_id = $1", [user.userId])).toEqual([
      { day: today, count: 3 },
    ]);
  });
});
