// A Home Assistant outage seen by the add-on's override rule: the socket dies without a close frame
// (a relay between the add-on and the simulator drops the TCP connection and refuses new ones),
// time passes, the link comes back. What the thermostat shows then is compared with what the
// add-on last wrote and what the plan says: its own write, or a change from before the current
// slot, is no person's override in this slot; a person's change inside it is.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { rampPreferences, type CloudAccount } from '../src/bench/cloud-account.js';
import { startCloudProcess, startCutOff, type CloudProcess, type CutOff } from '../src/bench/cloud-process.js';
import { localSlotAt } from '../src/local-time.js';
import { pastBoundary, startHarness, waitFor, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const ZONE = 'America/New_York';
const THERMOSTAT = 'climate.living_room';
const MANUAL = 'manual change detected; left alone until the next slot';
let cloud: CloudProcess;
let h: Harness | undefined;
let relay: CutOff | undefined;

beforeAll(async () => {
  cloud = await startCloudProcess();
}, 120_000);
afterEach(async () => {
  await h?.stop();
  await relay?.close();
  h = relay = undefined;
});
afterAll(async () => {
  await cloud?.stop();
});

const prepare = async (account: CloudAccount) => {
  for (const a of HOUSE_APPLIANCES) await account.createAppliance(a.type, a.name, a.config);
  // A band that climbs an hour at a time: the slots on either side of a whole hour differ.
  expect((await account.call('PUT', '/api/v1/preferences', rampPreferences())).status).toBe(200);
  expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
};

/** The add-on, 6 minutes before `boundary`, reaches the simulator through a relay that can cut the link like a network would. */
async function startBehindRelay(boundary: number): Promise<Harness> {
  return startHarness({
    cloud,
    startMs: boundary - 6 * 60_000,
    fixture: houseFixture,
    timezone: ZONE,
    prepare,
    haUrl: async (wsUrl) => {
      relay = await startCutOff(wsUrl.replace(/^ws/, 'http').replace(/\/api\/websocket$/, ''));
      return `${relay.url.replace(/^http/, 'ws')}/api/websocket`;
    },
  });
}

/** The HVAC setpoint the plan holds for the slot at `ms` (°F, the thermostat's whole-degree step). */
async function plannedAt(ms: number): Promise<number> {
  const view = (await h!.account.call('GET', '/api/v1/schedules')).body;
  const s = view.appliances.find((a: { appliance_type: string }) => a.appliance_type === 'hvac').schedule;
  const idx = localSlotAt(ms, ZONE).index;
  return Math.round(s.setpoint_temps?.[idx] ?? (s.high_temps[idx] + s.low_temps[idx]) / 2);
}

const temperature = () => h!.ha.getState(THERMOSTAT)!.attributes.temperature;

/** Cuts the link (no close frame) and waits until the add-on knows. */
async function cut(): Promise<void> {
  await relay!.down();
  await waitFor(() => !h!.addon.ha.connected, 10_000, 'link down');
}

const SETTLED = 'settled after reconnecting to Home Assistant';
const settledHvac = () => h!.logs.filter((l) => l.msg === SETTLED && l.type === 'hvac').at(-1);

/** Restores the link and waits for the reconnect and the work it starts. */
async function restore(): Promise<void> {
  const connections = h!.addon.ha.connections;
  const settled = h!.logs.filter((l) => l.msg === SETTLED).length;
  await relay!.up();
  await waitFor(() => h!.addon.ha.connected && h!.addon.ha.connections === connections + 1, 20_000, 'reconnected');
  await waitFor(() => h!.logs.filter((l) => l.msg === SETTLED).length > settled, 10_000, 'states settled');
  await h!.addon.idle();
}

const expectNoOverride = () => {
  expect(h!.addon.state.stats.overrides).toBe(0);
  expect(h!.logs.some((l) => l.msg === MANUAL)).toBe(false);
};

/** Sets the thermostat as a person in the Home Assistant UI would (the context names a user). */
const personSets = (temperature: number) => h!.ha.callService('climate', 'set_temperature', { entity_id: THERMOSTAT, temperature });

it('after an outage across a slot boundary, applies the current slot over a change from the slot before, with no override', async () => {
  // A half-hour boundary inside one hour of the ramp: the plan holds one setpoint on both sides, so
  // at the boundary the add-on, away from Home Assistant, finds nothing to change in the states it
  // saw last.
  const boundary = pastBoundary(90 * 60_000) + 30 * 60_000;
  h = await startBehindRelay(boundary);
  const planned = await plannedAt(boundary);
  expect(await plannedAt(boundary - 60_000)).toBe(planned);
  expect(temperature()).toBe(planned);
  await cut();
  await h.advance(60_000);
  await personSets(planned + 5); // in the slot before the boundary, while the add-on is away
  await h.advance(7 * 60_000);
  await restore();
  await waitFor(() => temperature() === planned, 10_000, 'current slot applied');
  expect(settledHvac()).toMatchObject({ outcome: 'apply' });
  expectNoOverride();
}, 90_000);

it('after an outage in which nothing changed, leaves its own write as it is and reports no override', async () => {
  const boundary = pastBoundary(60 * 60_000);
  h = await startBehindRelay(boundary);
  const before = await plannedAt(boundary - 60_000);
  const after = await plannedAt(boundary);
  expect(temperature()).toBe(before);
  await cut();
  await h.advance(2 * 60_000);
  await restore();
  expect(settledHvac()).toMatchObject({ outcome: 'as written' });
  // The next boundary after the outage applies the plan as usual.
  await h.advance(5 * 60_000);
  expect(temperature()).toBe(after);
  expectNoOverride();
}, 90_000);

it("respects a person's change made during the outage in the current slot", async () => {
  const boundary = pastBoundary(60 * 60_000);
  h = await startBehindRelay(boundary);
  const after = await plannedAt(boundary);
  await cut();
  await h.advance(8 * 60_000); // the boundary passes while Home Assistant is away
  await personSets(after + 4); // in the new slot: a person's choice for it
  await h.advance(60_000);
  await restore();
  expect(settledHvac()).toMatchObject({ outcome: 'person' });
  expect(h.addon.state.stats.overrides).toBe(1);
  expect(h.logs.filter((l) => l.msg === MANUAL).at(-1)).toMatchObject({ entity_id: THERMOSTAT, reason: 'reconnected' });
  await h.advance(3 * 60_000); // a poll and a readings cycle in the same slot: still left alone
  expect(temperature()).toBe(after + 4);
}, 90_000);
