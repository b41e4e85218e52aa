// A home battery re-planned in the afternoon with less charge than the rest of the dear hours
// would take covers the house from now on, rather than sit idle while the house imports at the
// same price to keep its charge for the evening (which, on a lighter evening, is left unused).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { storedRows } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const DAY_MS = 86_400_000;
const SLOT_MS = 1_800_000;
/** EDF heures creuses: 20.68 c from 22:00 to 06:00, 27 c otherwise. */
const HEURES_CREUSES = Array.from({ length: 24 }, (_, h) => (h < 6 || h >= 22 ? 20.68 : 27));
/** The house's evenings (16:00-21:00) by week, kW (last week first): one light week in four, whatever the day type. */
const EVENINGS_KW = [2.4, 0.2, 2.2, 2.0];

describe('a home battery re-planned in the dear hours', () => {
  it('covers the house in the current half hour rather than hold its charge for later slots at the same price', async () => {
    const user = await signUp(api);
    expect((await api.patch('/auth/me', { timezone: 'UTC' }, { token: user.token })).status).toBe(200);
    expect((await api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: HEURES_CREUSES }, { token: user.token })).status).toBe(200);
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'battery' });
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    // Four weeks of the house's measured load (the days the battery is planned for); 1.2 kW from
    // 07:00 to 09:00, 0.3 kW outside the evening.
    for (let daysAgo = 1; daysAgo <= 28; daysAgo++) {
      const evening = EVENINGS_KW[Math.floor((daysAgo - 1) / 7)]!;
      const readings = Array.from({ length: 48 }, (_, s) => ({
        timestamp: new Date(today - daysAgo * DAY_MS + s * SLOT_MS + 600_000).toISOString(),
        value: 1000 * (s >= 32 && s < 42 ? evening : s >= 14 && s < 18 ? 1.2 : 0.3),
      }));
      expect((await api.post('/api/v1/household-load/readings', { readings }, { token: user.token })).status).toBe(201);
    }
    const charge = (pct: number, atMs: number) =>
      rows(cloud, "INSERT INTO appliance_readings (user_id, appliance_id, ts, state, value) VALUES ($1, $2, $3, 'IDLE', $4)", [
        user.userId,
        battery,
        new Date(atMs).toISOString(),
        pct,
      ]);
    const planAt = (atMs: number) => cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'recompute' }], new Date(atMs));

    // The day starts at 50 %; at 12:30 (slot 25) the battery holds 37 %, less than the 27 c hours
    // left until 22:00 take on most days.
    await charge(50, today);
    await planAt(today + 300_000);
    await charge(37, today + 25 * SLOT_MS);
    await planAt(today + 25 * SLOT_MS + 300_000);

    const [, replan] = await storedRows(cloud, battery);
    expect(replan).toMatchObject({ from_slot: 25 });
    const { discharge_intervals: covers, intervals: charging, value_trajectory: trajectory } = replan!.schedule;
    // Every 27 c half hour from now to 22:00 covers the house; it refills in the cheap hours after.
    expect(covers.slice(25, 44)).toEqual(Array(19).fill(true));
    expect(trajectory[25]).toBeLessThan(37);
    expect(charging.slice(25, 44)).toEqual(Array(19).fill(false));
    expect(trajectory[47]).toBeGreaterThanOrEqual(50);
  });
});
