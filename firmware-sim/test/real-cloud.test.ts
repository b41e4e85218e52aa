// End to end against the REAL cloud: the built cloud (`npm start`'s dist/main.js) on its own
// embedded PostgreSQL, a user who mints a claim code, and the simulator on a real-time clock.
// `npm test` builds the cloud first; run `npm run build` before running this file by hand.
import { startBuiltCloud, type BuiltCloud } from '@offpeak/cloud/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../src/simulator.js';
import { stateDir } from './support.js';

/**
 * Long, so a shutdown that waits it out shows: the simulator stops by aborting its long-poll, and
 * fetch then leaves a connection that never sends a request, which the cloud must close at once.
 */
const SHUTDOWN_GRACE_MS = 15_000;
let cloud: BuiltCloud;
let sim: RunningSimulator | undefined;

beforeAll(async () => {
  cloud = await startBuiltCloud({
    env: { SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS) },
    logLevel: process.env.E2E_LOG ?? 'warn',
    echo: Boolean(process.env.E2E_LOG),
  });
}, 90_000);

afterAll(async () => {
  await sim?.stop();
  if (cloud) {
    const stopping = Date.now();
    expect(await cloud.stop()).toBe(0);
    // Stopping takes the embedded PostgreSQL's own shutdown (a second or two), not the grace period.
    expect(Date.now() - stopping).toBeLessThan(SHUTDOWN_GRACE_MS / 2);
  }
}, 40_000);

async function call(method: string, route: string, body?: unknown, token?: string) {
  const res = await fetch(cloud.url + route, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
}

it('claims with a code, applies the first scheduled setpoint, and follows a command from the owner', async () => {
  const signup = await call('POST', '/auth/signup', { email: `sim-${Date.now()}@example.com`, password: 'sim-password', location_zip: '10001' });
  expect(signup.status).toBe(200);
  const token = signup.body.access_token as string;
  const code = await call('POST', '/api/v1/devices/enroll-token', undefined, token);
  expect(code.status).toBe(200);

  sim = await startSimulator({
    cloudUrl: cloud.url,
    deviceId: `SN-E2E-${Date.now()}`,
    stateDir: await stateDir(),
    code: code.body.enroll_token,
    setpointMinF: 64,
    setpointMaxF: 80,
    name: 'Bedroom',
  });
  const claimed = await sim.waitFor((s) => s.applianceId !== null, 20_000);
  const devices = await call('GET', '/api/v1/devices', undefined, token);
  expect(devices.body).toEqual([expect.objectContaining({ appliance_id: claimed.applianceId, appliance_name: 'Bedroom', mode: 'standalone' })]);

  // The owner's recompute writes the unit's first schedule (a defaults row while it calibrates);
  // the cloud nudges the parked device with schedule_updated, and the device applies it.
  const recompute = await call('POST', '/api/v1/schedule/recompute', undefined, token);
  expect(recompute.status).toBe(200);
  const applied = await sim.waitFor((s) => s.applied?.source === 'schedule', 20_000);
  const schedule = await call('GET', `/api/v1/appliances/${claimed.applianceId}/schedule`, undefined, token);
  const slot = applied.applied!.slot.index;
  const band = schedule.body.schedule as { high_temps: number[]; low_temps: number[]; setpoint_temps: number[] | null };
  const expected = band.setpoint_temps?.[slot] ?? (band.high_temps[slot]! + band.low_temps[slot]!) / 2;
  expect(applied.applied!.target_temp_f).toBeCloseTo(Math.min(80, Math.max(64, expected)), 0);

  // A command from the owner reaches the parked device and is acknowledged.
  const command = await call('POST', `/api/v1/appliances/${claimed.applianceId}/command`, { target_temp_f: 70, hold: true }, token);
  expect(command.status).toBe(202);
  const acked = await sim.waitFor((s) => s.ackedCommands.includes(command.body.command_id), 10_000);
  expect(acked.unit.target_temp_f).toBe(70);
  expect(acked.applied?.source).toBe('command');
}, 90_000);
