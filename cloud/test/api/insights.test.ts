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

const insights = (id: string, token?: string) => api.get(`/api/v1/appliances/${id}/insights`, token === undefined ? {} : { token });

describe('GET /api/v1/appliances/{appliance_id}/insights', () => {
  it('needs a signed-in user', async () => {
    const owner = await signUp(api);
    const hvac = await createAppliance(cloud, owner, 'hvac');
    expect(await insights(hvac)).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });

  it("answers 404 Appliance not found for another user's HVAC, a missing id, a malformed id and a non-HVAC appliance", async () => {
    const owner = await signUp(api);
    const other = await signUp(api);
    const hvac = await createAppliance(cloud, owner, 'hvac');
    const ev = await createAppliance(cloud, owner, 'ev_charger');
    for (const [id, token] of [
      [hvac, other.token],
      ['0b7f7a1e-5c7d-4f2e-9a57-3f1f9d1f0c11', owner.token],
      ['not-a-uuid', owner.token],
      [ev, owner.token],
    ] as const) {
      expect(await insights(id, token)).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
    }
  });

  it('returns no hints for a unit without readings', async () => {
    const owner = await signUp(api);
    const hvac = await createAppliance(cloud, owner, 'hvac');
    const res = await insights(hvac, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ appliance_id: hvac, window_days: 30, hints: [] });
    expect(Number.isNaN(Date.parse(res.body.generated_at))).toBe(false);
  });

  it('reports short cycling from readings that start the compressor every four minutes for hours', async () => {
    const owner = await signUp(api);
    const hvac = await createAppliance(cloud, owner, 'hvac');
    // Four hours of readings every 2 minutes: running, resting, running... (15 starts an hour).
    const readings = Array.from({ length: 120 }, (_, i) =>
      hvacReading({ appliance_id: hvac, timestamp: minutesAgo(241 - 2 * i), indoor_temp: 74, hvac_action: i % 2 === 0 ? 'cooling' : 'idle', outdoor_temp: 90 }),
    );
    for (let i = 0; i < readings.length; i += 100) {
      const pushed = await api.post('/api/v1/readings', { readings: readings.slice(i, i + 100) }, { token: owner.token });
      expect(pushed.status).toBe(201);
    }
    const res = await insights(hvac, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.hints).toHaveLength(1);
    const [hint] = res.body.hints;
    expect(hint).toMatchObject({ kind: 'short_cycling', numbers: { threshold_starts_per_hour: 10, window_hours: 3 } });
    expect(hint.numbers.starts_per_hour).toBeGreaterThanOrEqual(14);
    expect(hint.confidence).toBeGreaterThan(0.5);
    expect(hint.confidence).toBeLessThanOrEqual(1);
    expect(Date.parse(hint.since)).toBeLessThan(Date.now() - 3 * 3_600_000);
    expect(hint.advice).toMatch(/technician/);
    // The other owner's view of the unit stays hidden.
    expect((await insights(hvac, (await signUp(api)).token)).status).toBe(404);
  });
});
