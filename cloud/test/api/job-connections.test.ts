// The price refresh and the model refit used to hold a pooled connection for their
// whole run (a transaction-scoped advisory lock), so together with the planning workers they could
// leave the API no connection at all. Their locks now live on connections of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { FAKE_CREDENTIALS, pjmDayBody, startFakePriceFeed, type FakePriceFeed } from '../../src/testing/fake-price-feed.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

const NY = 'America/New_York';
const FEED_DELAY_MS = 6_000;
let fake: FakePriceFeed;
let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  fake = await startFakePriceFeed();
  // The smallest pool that leaves requests anything: one planning worker, one connection spare.
  cloud = await startTestCloud({
    dbPoolMax: 2,
    planningWorkers: 1,
    planningPollMs: 50,
    priceFeedBaseUrls: { '*': fake.url },
    priceFeedCredentials: FAKE_CREDENTIALS,
    priceFeedTimeoutMs: 30_000,
    priceFeedRetries: 0,
  });
  api = apiClient(cloud.url);
});
afterAll(async () => {
  await cloud.stop();
  await fake.close();
});

describe('database connections during the nightly jobs', () => {
  it('the API answers while a price refresh waits on a slow feed, the model refit and the nightly run work', async () => {
    const user = await signUp(api);
    expect((await api.patch('/auth/me', { timezone: NY }, { token: user.token })).status).toBe(200);
    expect((await api.put('/api/v1/rates', { pricing_source: 'dynamic', dynamic_zone: 'pjm-dom' }, { token: user.token })).status).toBe(200);
    await createAppliance(cloud, user, 'hvac');
    await createAppliance(cloud, user, 'ev_charger');
    const today = localDateOf(new Date(), NY);
    for (const date of [today, addDays(today, 1)]) fake.serve('pjm-dom', date, { body: pjmDayBody(date, (h) => 20 + h), delayMs: FEED_DELAY_MS });

    const now = new Date();
    const refresh = cloud.services.priceFeeds.refresh({ now });
    await new Promise((r) => setTimeout(r, 300)); // the refresh is waiting on its feed
    const refit = cloud.store.jobs.withRefitLock(() => cloud.services.modelRefit.refitAll(now));
    await cloud.services.nightlyRun.enqueue(now);
    cloud.services.recomputeQueue.start();

    const latenciesMs: number[] = [];
    for (let i = 0; i < 4; i++) {
      const started = Date.now();
      const res = await api.get('/api/v1/appliances', { token: user.token });
      latenciesMs.push(Date.now() - started);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 250));
    }
    // Before: the first request waited out the pool's 5 s acquire timeout (then 503).
    expect(Math.max(...latenciesMs)).toBeLessThan(2_500);

    expect(await refit).toMatchObject({ hvacs: 1, failed: 0 });
    const report = await refresh;
    expect(report.busy).toBe(false);
    expect(report.days.every((d) => d.status === 'fetched')).toBe(true);
  }, 60_000);
});
