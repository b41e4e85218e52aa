// With tomorrow's prices known (a tariff always), a home battery is planned over today and
// tomorrow together: it keeps charge at midnight for a dear tomorrow morning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { localTomorrow, newestRow } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

// 60 c until 09:00, 10 c 10:00-14:00, 25 c from 18:00, 20 c otherwise: every day alike.
const HOURLY = Array.from({ length: 24 }, (_, h) => (h < 9 ? 60 : h >= 10 && h < 14 ? 10 : h >= 18 ? 25 : 20));

describe('a home battery with tomorrow known', () => {
  it('keeps charge at midnight for the next morning at 60 c rather than spend it all on the 25 c evening, and serves 48 slots', async () => {
    const user = await signUp(api);
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'battery' });
    expect((await api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY }, { token: user.token })).status).toBe(200);
    const now = new Date();
    const [outcome] = await cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'nightly', runAt: now }], now);
    expect(outcome).toMatchObject({ status: 'fulfilled' });
    const row = await newestRow(cloud, battery, localTomorrow());
    expect(row.constraints_used).toMatchObject({ tomorrow_prices_known: true, pricing_source: 'custom' });
    const trajectory = row.schedule.value_trajectory as number[];
    const evening = (row.schedule.discharge_intervals as boolean[]).slice(36);
    expect(trajectory).toHaveLength(48);
    // Filled at the 10 c midday.
    expect(trajectory[27]).toBe(100);
    // The day's floor is its start (50 %); without tomorrow the 25 c evening, worth more than the
    // 10 c refill, would take it down to that floor. Tomorrow's 60 c morning keeps more.
    expect(row.constraints_used).toMatchObject({ target_charge_pct: 50 });
    expect(evening.some(Boolean)).toBe(true);
    expect(trajectory[47]).toBeGreaterThan(60);
  });
});
