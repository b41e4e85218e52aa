// Fuzzes every operation of GET /api/v1/openapi.json with hostile bodies (raw bytes that are not
// UTF-8 included), query strings, path values, credentials (expired, another secret, a refresh
// token, the other kind of token...) and another account's ids (test/support/openapi-fuzz.ts,
// fuzz-runner.ts). Asserts: no 5xx, every 4xx with its detail, nothing stored by a refused
// request, the other account's data never shown nor changed. CI runs a small fixed budget;
// longer or other campaigns, and the replay of one failure (printed with a curl line):
//   FUZZ_RUNS=5000 FUZZ_SEED=7 npx vitest run --project api test/api/fuzz-openapi.test.ts
//   FUZZ_SEED=11019 FUZZ_OPERATION='POST /api/v1/readings' FUZZ_PATH=3 npx vitest run ...
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { claimDevice } from '../support/devices.js';
import { hostileCredentials } from '../support/fuzz-credentials.js';
import { describeFailure, runFuzz, send } from '../support/fuzz-runner.js';
import { apiClient, signUp } from '../support/http.js';
import { operationsOf, plainRequest, type FuzzContext } from '../support/openapi-fuzz.js';
import { snapshotChanges, storeSnapshotter, type StoreSnapshotter } from '../support/store-snapshot.js';
import { createTestDatabase, startTestCloud, testConfig } from '../support/test-cloud.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 450);
const SEED = Number(process.env.FUZZ_SEED ?? 11019);
const ONLY = process.env.FUZZ_OPERATION ? { operation: process.env.FUZZ_OPERATION, path: process.env.FUZZ_PATH } : undefined;

let cloud: RunningCloud;
let store: StoreSnapshotter;
let doc: any;
let ctx: FuzzContext;
/** The other account: its user id, and what of it must never show up in our answers. */
let foreign: { userIds: string[]; markers: string[]; applianceIds: string[]; deviceId: string };

/** An account with one of each thing the paths name: appliances of several types, constraints, a satellite. */
async function furnishedAccount(label: string) {
  const api = apiClient(cloud.url);
  const user = await signUp(api);
  const name = `${label}-${Math.random().toString(36).slice(2, 10)}`;
  const hvac = await createAppliance(cloud, user, 'hvac', { name: `${name}-hvac` });
  const ev = await createAppliance(cloud, user, 'ev_charger', { name: `${name}-ev` });
  const battery = await createAppliance(cloud, user, 'home_battery', { name: `${name}-battery` });
  const constrained = await api.post(`/api/v1/appliances/${ev}/constraints`, { target_charge_pct: 80, deadline_time: '07:00' }, { token: user.token });
  if (constrained.status >= 300) throw new Error(`constraints: ${constrained.status} ${JSON.stringify(constrained.body)}`);
  const device = await claimDevice(api, user.token, { name: `${name}-satellite` });
  return { user, name, hvac, ev, battery, device };
}

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  // No auth throttling: the fuzzer should reach the handlers, not the rate limiter. A recompute
  // debounce longer than the run: nothing is written behind a request's back.
  cloud = await startTestCloud({ databaseUrl, authRateLimitPerMinute: 0, authRateLimitPerIpPerMinute: 0, recomputeDebounceMs: 3_600_000 });
  const mine = await furnishedAccount('mine');
  const theirs = await furnishedAccount('theirs');
  doc = (await apiClient(cloud.url).get('/api/v1/openapi.json')).body;
  const today = new Date().toISOString().slice(0, 10);
  ctx = {
    userToken: mine.user.token,
    deviceToken: mine.device.deviceToken,
    pathValues: {
      appliance_id: [mine.hvac, mine.ev, mine.battery, mine.device.applianceId],
      device_id: [mine.device.deviceId],
      date: [today, '2026-01-01'],
    },
    hostileCredentials: hostileCredentials(testConfig().jwtSecret!, mine.user),
    foreignValues: { appliance_id: [theirs.hvac, theirs.ev, theirs.battery, theirs.device.applianceId], device_id: [theirs.device.deviceId] },
  };
  foreign = {
    userIds: [theirs.user.userId],
    markers: [theirs.user.userId, theirs.user.email, theirs.name, theirs.hvac, theirs.ev, theirs.battery, theirs.device.applianceId, theirs.device.deviceId],
    applianceIds: [theirs.hvac, theirs.ev, theirs.battery, theirs.device.applianceId],
    deviceId: theirs.device.deviceId,
  };
  store = await storeSnapshotter(databaseUrl);
}, 60_000);
afterAll(async () => {
  await store?.close();
  await cloud?.stop();
});

describe('fuzzing every OpenAPI operation', () => {
  it(`another account's appliance and device ids in a path give 404 and change nothing`, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const wrong: string[] = [];
    let sent = 0;
    const before = await store.take(foreign.userIds);
    try {
      for (const operation of operationsOf(doc)) {
        const names = (operation.op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name as string);
        if (!names.some((n: string) => n === 'appliance_id' || n === 'device_id')) continue;
        for (const applianceId of foreign.applianceIds) {
          const schemes = (operation.op.security ?? []).flatMap((s: any) => Object.keys(s)) as ('userAuth' | 'deviceAuth')[];
          for (const credential of schemes) {
            const request = plainRequest(operation, doc, ctx, { appliance_id: applianceId, device_id: foreign.deviceId }, credential);
            const { status, text } = await send(cloud.url, request, agent);
            sent++;
            // A device token asking for a foreign appliance's schedule: 403.
            const expected = credential === 'deviceAuth' ? 403 : 404;
            const leaked = foreign.markers.filter((m) => m !== applianceId && m !== foreign.deviceId && text.includes(m));
            if (status !== expected || leaked.length > 0)
              wrong.push(
                `${request.method} ${request.url} (${credential}): ${status} ${text.slice(0, 200)}${leaked.length ? ` leaks ${leaked.join(', ')}` : ''}`,
              );
          }
        }
      }
    } finally {
      agent.destroy();
    }
    expect(sent).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
    expect(snapshotChanges(before, await store.take(foreign.userIds))).toEqual([]);
  });

  it(`answers ${RUNS} hostile requests (seed ${SEED}) without a 5xx, every 4xx with its detail, nothing stored when refused`, async () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(40);
    const report = await runFuzz(cloud.url, doc, ctx, {
      seed: SEED,
      runs: RUNS,
      store,
      // A device's delivered mark commits just after its answer is written: wait for it too.
      settle: async () => {
        await Promise.all([cloud.services.recomputeQueue.settled(), cloud.services.deviceCommands.quiet()]);
      },
      foreign,
      only: ONLY,
    });
    console.log(
      `fuzz seed ${SEED}: ${report.sent} requests over ${operations.length} operations, by status ${JSON.stringify(report.byStatus)}, ${report.failures.length} failing operations`,
    );
    expect(report.failures.length, report.failures.map(describeFailure).join('\n\n')).toBe(0);
  }, 600_000);
});
