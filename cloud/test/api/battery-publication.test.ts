// When a day-ahead zone publishes tomorrow's prices, the price refresh stores them and the zone's
// accounts re-plan by themselves: a home battery is then planned over today and tomorrow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { FAKE_CREDENTIALS, pjmDayBody, startFakePriceFeed, type FakePriceFeed } from '../../src/testing/fake-price-feed.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { DEBOUNCE_MS } from '../support/replans.js';
import { newestRow } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

const NY = 'America/New_York';
let cloud: RunningCloud;
let api: ApiClient;
let fake: FakePriceFeed;

beforeAll(async () => {
  fake = await startFakePriceFeed();
  cloud = await startTestCloud({ priceFeedBaseUrls: { '*': fake.url }, priceFeedCredentials: FAKE_CREDENTIALS, priceFeedRetries: 0 });
  api = apiClient(cloud.url);
});
afterAll(async () => {
  await cloud.stop();
  await fake.close();
});

const queue = () => cloud.services.recomputeQueue;
/** Runs the account's due planning jobs (the debounce passed). */
async function runReplans() {
  await queue().settled();
  await queue().runDue(new Date(Date.now() + 10 * DEBOUNCE_MS));
}

describe("a day-ahead zone publishing tomorrow's prices", () => {
  it('re-plans the battery over today and tomorrow: charge bought tonight for a 60 c morning that a plan of today alone does not see', async () => {
    const user = await signUp(api);
    await api.patch('/auth/me', { timezone: NY }, { token: user.token });
    await api.put('/api/v1/rates', { pricing_source: 'dynamic', dynamic_zone: 'pjm-dom' }, { token: user.token });
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'battery' });
    const today = localDateOf(new Date(), NY);
    // Today is flat: nothing to gain today, so without tomorrow the battery idles at its start.
    fake.serve('pjm-dom', today, { body: pjmDayBody(today, () => 100) });
    await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['pjm-dom'] });
    await runReplans();
    const before = await newestRow(cloud, battery, today);
    expect(before.constraints_used).toMatchObject({ pricing_source: 'dynamic', tomorrow_prices_known: false });
    const start = before.constraints_used.day_start_pct as number;
    expect(before.schedule.value_trajectory[47]).toBeCloseTo(start, 1);

    // Published: 600 $/MWh until 09:00 tomorrow. The refresh stores it and the zone's accounts re-plan.
    const tomorrow = addDays(today, 1);
    fake.serve('pjm-dom', tomorrow, { body: pjmDayBody(tomorrow, (h) => (h < 9 ? 600 : 100)) });
    const report = await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['pjm-dom'] });
    expect(report.days.find((d) => d.date === tomorrow)).toMatchObject({ status: 'fetched', changed: true });
    await runReplans();
    const after = await newestRow(cloud, battery, today);
    expect(after).toMatchObject({ trigger: 'debounced', constraints_used: { tomorrow_prices_known: true, day_start_pct: start } });
    expect(after.schedule.value_trajectory).toHaveLength(48);
    // It charges tonight at 10 c for the morning at 60 c: midnight finds it well above its start.
    expect(after.schedule.value_trajectory[47]).toBeGreaterThan(start + 10);
  });
});
