// A home battery without a target under day-ahead prices: once tomorrow's prices are published and
// differ from today's, the day's floor is met by the end of tomorrow, so a dear evening may spend
// the charge below the day's start when tomorrow's cheap night refills it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { FAKE_CREDENTIALS, pjmDayBody, startFakePriceFeed, type FakePriceFeed } from '../../src/testing/fake-price-feed.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { DEBOUNCE_MS } from '../support/replans.js';
import { newestRow } from '../support/schedules.js';
import { realSpeedClockFrom, startTestCloud } from '../support/test-cloud.js';

const NY = 'America/New_York';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The cloud's clock at real speed from 19:05 UTC a week ago: 14:05 in New York (15:05 in summer time), the evening ahead. */
const { setting: CLOCK, clock } = realSpeedClockFrom(Math.floor(Date.now() / DAY_MS) * DAY_MS - 7 * DAY_MS + 19 * HOUR_MS + 5 * 60_000);

let cloud: RunningCloud;
let api: ApiClient;
let fake: FakePriceFeed;

beforeAll(async () => {
  fake = await startFakePriceFeed();
  cloud = await startTestCloud({ clock: CLOCK, priceFeedBaseUrls: { '*': fake.url }, priceFeedCredentials: FAKE_CREDENTIALS, priceFeedRetries: 0 });
  api = apiClient(cloud.url);
});
afterAll(async () => {
  await cloud.stop();
  await fake.close();
});

/** Stores the zone's published days and runs the re-plans they trigger. */
async function publish() {
  await cloud.services.priceFeeds.refresh({ now: clock(), zones: ['pjm-dom'] });
  await cloud.services.recomputeQueue.settled();
  await cloud.services.recomputeQueue.runDue(new Date(clock().getTime() + 10 * DEBOUNCE_MS));
}

describe("the day's floor under day-ahead prices", () => {
  it("spends the charge below the day's start on a dear evening once tomorrow's cheaper night is published, and keeps the start as the floor", async () => {
    const user = await signUp(api);
    await api.patch('/auth/me', { timezone: NY }, { token: user.token });
    await api.put('/api/v1/rates', { pricing_source: 'dynamic', dynamic_zone: 'pjm-dom' }, { token: user.token });
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'battery' });
    const today = localDateOf(clock(), NY);
    // 500 $/MWh from 18:00, 100 before: the evening is worth covering from the battery.
    fake.serve('pjm-dom', today, { body: pjmDayBody(today, (h) => (h >= 18 ? 500 : 100)) });
    await publish();
    const before = await newestRow(cloud, battery, today);
    expect(before.constraints_used).toMatchObject({ tomorrow_prices_known: false });
    const start = before.constraints_used.day_start_pct as number;
    // Today alone: whatever the evening uses is bought back before midnight, so the day ends at its start.
    expect(before.schedule.value_trajectory[47]).toBeCloseTo(start, 1);

    // Published: 10 $/MWh until 06:00 tomorrow. Tonight's evening may now empty the battery for the night to refill.
    const tomorrow = addDays(today, 1);
    fake.serve('pjm-dom', tomorrow, { body: pjmDayBody(tomorrow, (h) => (h < 6 ? 10 : 100)) });
    await publish();
    const after = await newestRow(cloud, battery, today);
    expect(after.constraints_used).toMatchObject({ tomorrow_prices_known: true, day_start_pct: start });
    expect(after.schedule.value_trajectory[47]).toBeLessThan(start - 10);
  });
});
