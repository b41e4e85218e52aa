// Limits a user can otherwise exhaust, each answered with a clear detail and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { setTier } from '../../src/services/admin.js';
import { enrollToken, uniqueDeviceId } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud({ appliancesMaxPerAccount: 3, recomputeLimitPerMinute: 2, scheduleHistoryRowsPerDay: 3 });
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const create = (token: string, type: string, config: object) => api.post('/api/v1/appliances', { appliance_type: type, name: `a ${type}`, config }, { token });
const count = async (token: string) => ((await api.get('/api/v1/appliances', { token })).body as unknown[]).length;

describe('appliances per account', () => {
  it('refuses a create over the limit with 400 (a claim too), concurrent creates included, and stores nothing', async () => {
    const user = await signUp(api);
    await setTier(cloud.store, user.email, 'premium');
    const attempts = await Promise.all(Array.from({ length: 5 }, (_, i) => create(user.token, 'ev_charger', { entity_id: `switch.ev_${i}` })));
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400]);
    expect(attempts.find((r) => r.status === 400)!.body).toEqual({
      detail: 'Appliance limit reached: an account may have at most 3 appliances; delete one first',
    });
    expect(await count(user.token)).toBe(3);
    const claim = await api.post('/api/v1/devices/claim', {
      enroll_token: await enrollToken(api, user.token),
      device_id: uniqueDeviceId(),
      name: 'Den',
      hvac_type: 'mini_split',
    });
    expect(claim).toMatchObject({ status: 400, body: { detail: 'Appliance limit reached: an account may have at most 3 appliances; delete one first' } });
    expect(await count(user.token)).toBe(3);
  });
});

describe('entity id length', () => {
  it('refuses an entity id over 255 characters with 400 naming the field', async () => {
    const user = await signUp(api);
    const long = `switch.${'a'.repeat(249)}`;
    expect(long).toHaveLength(256);
    expect(await create(user.token, 'ev_charger', { entity_id: long })).toMatchObject({
      status: 400,
      body: { detail: 'entity_id: must be at most 255 characters' },
    });
    expect(await create(user.token, 'ev_charger', { entity_id: 'switch.ev', soc_entity_id: `sensor.${'b'.repeat(300)}` })).toMatchObject({
      status: 400,
      body: { detail: 'soc_entity_id: must be at most 255 characters' },
    });
    expect((await create(user.token, 'ev_charger', { entity_id: long.slice(0, 255) })).status).toBe(201);
    expect(await count(user.token)).toBe(1);
  });
});

describe('POST /api/v1/schedule/recompute per account per minute', () => {
  it('answers 429 with Retry-After over the limit, and counts each account apart', async () => {
    const user = await signUp(api);
    const other = await signUp(api);
    for (let i = 0; i < 2; i++) expect((await api.post('/api/v1/schedule/recompute', undefined, { token: user.token })).status).toBe(200);
    const refused = await api.post('/api/v1/schedule/recompute', undefined, { token: user.token });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({ detail: `Too many recomputes: at most 2 a minute per account; try again in ${retryAfter} seconds` });
    expect((await api.post('/api/v1/schedule/recompute', undefined, { token: other.token })).status).toBe(200);
  });
});

describe('schedule history rows', () => {
  it('a re-plan that changes nothing adds no row; each (appliance, day) keeps its newest rows only', async () => {
    const user = await signUp(api);
    const ev = (await create(user.token, 'ev_charger', { entity_id: 'switch.ev' })).body.appliance_id as string;
    const today = new Date().toISOString().slice(0, 10); // the account has no ZIP or zone: UTC
    const at = (slot: number) => new Date(Date.parse(`${today}T00:00:00Z`) + slot * 1_800_000 + 60_000);
    const plan = (now: Date) => cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'recompute' }], now);
    const history = async () =>
      (
        (await api.get(`/api/v1/schedules/history?appliance_id=${ev}&start=${today}&end=${today}`, { token: user.token })).body.appliances[0].history as {
          id: number;
          from_slot: number;
        }[]
      ).map((r) => r.from_slot);

    await plan(at(0));
    await plan(at(0));
    expect(await history()).toEqual([0]);
    for (const slot of [1, 2, 3, 4]) await plan(at(slot));
    expect(await history()).toEqual([2, 3, 4]);
  });
});
