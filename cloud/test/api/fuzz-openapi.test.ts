// Fuzzes every operation of GET /api/v1/openapi.json with hostile bodies, query strings, path
// values and Authorization headers (test/support/openapi-fuzz.ts) and asserts that nothing answers
// 5xx and every 4xx carries its detail. CI runs a small budget; longer or other campaigns:
//   FUZZ_RUNS=5000 FUZZ_SEED=7 npx vitest run --project api test/api/fuzz-openapi.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { claimDevice } from '../support/devices.js';
import { apiClient, signUp } from '../support/http.js';
import { fuzzRequests, operationsOf, runFuzz, type FuzzContext } from '../support/openapi-fuzz.js';
import { startTestCloud } from '../support/test-cloud.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 450);
const SEED = Number(process.env.FUZZ_SEED ?? 11019);

let cloud: RunningCloud;
let doc: any;
let ctx: FuzzContext;

beforeAll(async () => {
  // No auth throttling: the fuzzer should reach the handlers, not the rate limiter.
  cloud = await startTestCloud({ authRateLimitPerMinute: 0, authRateLimitPerIpPerMinute: 0 });
  const api = apiClient(cloud.url);
  const user = await signUp(api);
  const hvac = await createAppliance(cloud, user, 'hvac');
  const ev = await createAppliance(cloud, user, 'ev_charger');
  const battery = await createAppliance(cloud, user, 'home_battery');
  const device = await claimDevice(api, user.token);
  doc = (await api.get('/api/v1/openapi.json')).body;
  const today = new Date().toISOString().slice(0, 10);
  ctx = {
    userToken: user.token,
    deviceToken: device.deviceToken,
    pathValues: { appliance_id: [hvac, ev, battery, device.applianceId], applianceId: [hvac, ev], device_id: [device.deviceId], deviceId: [device.deviceId], date: [today, '2026-01-01'] },
  };
}, 60_000);
afterAll(() => cloud.stop());

describe('fuzzing every OpenAPI operation', () => {
  it(`answers ${RUNS} hostile requests (seed ${SEED}) without a 5xx, every 4xx with its detail`, async () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(40);
    const requests = fuzzRequests(doc, ctx, { seed: SEED, runs: RUNS });
    const report = await runFuzz(cloud.url, requests, { concurrency: 4 });
    console.log(`fuzz seed ${SEED}: ${report.sent} requests over ${operations.length} operations, by status ${JSON.stringify(report.byStatus)}, ${report.serverErrors.length} 5xx`);
    expect(report.sent).toBe(requests.length);
    expect(report.serverErrors).toEqual([]);
    expect(report.withoutDetail).toEqual([]);
  }, 600_000);
});
