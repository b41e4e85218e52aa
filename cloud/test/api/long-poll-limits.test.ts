// The long-poll's limits. A poll that would park over the per-device or
// per-instance limit gets 429 with a clear detail and Retry-After, but only with nothing to hand
// over: a limit never holds a pending command back. One answer hands over at most N commands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { setTier } from '../../src/services/admin.js';
import { claimDevice, type ClaimedDevice } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  cloud = await startTestCloud({ longPollMaxParked: 3, longPollMaxPerDevice: 1, deviceCommandsPerPoll: 2 });
  api = apiClient(cloud.url);
  user = await signUp(api);
  await setTier(cloud.store, user.email, 'premium');
});
afterAll(() => cloud.stop());

const poll = (device: ClaimedDevice, waitS: number) => api.get(`/api/v1/devices/commands?wait=${waitS}`, { token: device.deviceToken });
const send = (device: ClaimedDevice, body: object = { fan: 'auto' }) =>
  api.post(`/api/v1/appliances/${device.applianceId}/command`, body, { token: user.token });

async function parked(n: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (cloud.services.commandWaiters.parkedCount() !== n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} parked polls, have ${cloud.services.commandWaiters.parkedCount()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('long-poll limits', () => {
  it('refuses a second concurrent poll of one device token with 429, never a poll without wait', async () => {
    const device = await claimDevice(api, user.token);
    const first = poll(device, 20);
    await parked(1);
    const second = await poll(device, 10);
    expect(second).toMatchObject({
      status: 429,
      body: { detail: 'Too many concurrent long-polls for this device (limit 1); poll again once one has answered' },
    });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(5);
    expect(await poll(device, 0)).toMatchObject({ status: 200, body: [] });
    const queued = await send(device);
    expect((await first).body.map((c: { id: number }) => c.id)).toEqual([queued.body.command_id]);
    await parked(0);
  });

  it('refuses a poll that would park over the instance limit with 429, but hands over what is pending', async () => {
    const devices = [await claimDevice(api, user.token), await claimDevice(api, user.token), await claimDevice(api, user.token)];
    const extra = await claimDevice(api, user.token);
    const waiting = devices.map((d) => poll(d, 20));
    await parked(3);
    const refused = await poll(extra, 20);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(5);
    expect(retryAfter).toBeLessThanOrEqual(15);
    expect(refused.body).toEqual({ detail: `Too many parked long-polls on this instance (limit 3); poll again in ${retryAfter} seconds` });
    // A pending command is handed over whatever the limit.
    const queued = await send(extra);
    expect(await poll(extra, 20)).toMatchObject({ status: 200, body: [{ id: queued.body.command_id }] });
    // Nothing sent to the parked devices is lost or held back either.
    const ids = [];
    for (const d of devices) ids.push((await send(d)).body.command_id);
    expect((await Promise.all(waiting)).map((r) => r.body.map((c: { id: number }) => c.id))).toEqual(ids.map((id) => [id]));
    await parked(0);
  });

  it('hands over at most the configured number of commands per answer, oldest first; the next poll gets the rest', async () => {
    const device = await claimDevice(api, user.token);
    const ids: number[] = [];
    for (const temp of [70, 71, 72, 73, 74]) ids.push((await send(device, { target_temp_f: temp })).body.command_id);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await poll(device, 0)).body.map((c: { id: number }) => c.id));
    expect(answers).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
  });
});
