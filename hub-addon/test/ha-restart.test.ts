// Home Assistant restarting is not a person: the EV charger, switched on by the plan, comes back
// off after the restart with no user in its context (an integration resetting its device), either
// before the add-on reconnects or in the minutes after. The add-on applies the plan's state again
// instead of leaving the car uncharged until the next half hour; a person's change is still theirs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type CloudAccount } from '../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../src/bench/cloud-process.js';
import { startHarness, waitFor, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const MIN = 60_000;
const ZONE = 'America/New_York';
/** Local midnight (EST) of the planned day; the cloud's clock starts 10 minutes after it. */
const DAY_START = Date.parse('2026-11-24T05:00:00Z');
/** Cheap from midnight to 06:00, so the plan charges the car in the night. */
const HOURLY = [...Array(24).keys()].map((h) => (h < 6 ? 5 : 30));
const EV = HOUSE_APPLIANCES.find((a) => a.type === 'ev_charger')!;
const CHARGER = 'switch.ev_charger';
const MANUAL = 'manual change detected; left alone until the next slot';
const RESET = 'changed without a user while Home Assistant starts; the slot is applied again';

let cloud: CloudProcess;
let account: CloudAccount;
/** A slot the plan charges the car in, as it does the one after it. */
let charging: number;
let h: Harness | undefined;

beforeAll(async () => {
  cloud = await startCloudProcess({ OFFPEAK_CLOCK_START: new Date(DAY_START + 10 * MIN).toISOString() });
  account = await signUp(cloud.url, { timezone: ZONE });
  await account.createAppliance(EV.type, EV.name, EV.config);
  expect((await account.call('PUT', '/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY })).status).toBe(200);
  expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
  const view = (await account.call('GET', '/api/v1/schedules')).body;
  const intervals = view.appliances.find((a: { appliance_type: string }) => a.appliance_type === 'ev_charger').schedule.intervals as boolean[];
  charging = intervals.findIndex((on, i) => on && intervals[i + 1]);
  expect(charging).toBeGreaterThanOrEqual(0);
}, 120_000);
afterEach(async () => {
  await h?.stop();
  h = undefined;
});
afterAll(async () => {
  await cloud?.stop();
});

/** The add-on 2 minutes into the charging slot, the charger on as the plan says; the cloud then cut off (its clock is behind). */
async function startCharging(): Promise<Harness> {
  h = await startHarness({
    cloud,
    account,
    startMs: DAY_START + charging * 30 * MIN + 2 * MIN,
    fixture: houseFixture,
    timezone: ZONE,
    prepare: async () => {},
  });
  await h.cutoff.down();
  expect(h.ha.getState(CHARGER)!.state).toBe('on');
  return h;
}

/** Home Assistant restarts, its charger integration reporting the device off (no user), and the add-on reconnects. */
async function restartResettingCharger(): Promise<void> {
  const connections = h!.addon.ha.connections;
  await h!.ha.restart({ downMs: 200, states: { [CHARGER]: 'off' } });
  await waitFor(() => h!.addon.ha.connected && h!.addon.ha.connections === connections + 1, 20_000, 'reconnected');
  await waitFor(() => h!.logs.some((l) => l.msg === 'settled after reconnecting to Home Assistant'), 10_000, 'states settled');
  await h!.addon.idle();
}

const chargerApplied = (reason: string) => h!.logs.filter((l) => l.msg === 'applied' && l.entity_id === CHARGER && l.reason === reason);

describe('Home Assistant restarting', () => {
  it('a charger reset while Home Assistant was down is switched on again on reconnect, with no override', async () => {
    await startCharging();
    await h!.advance(MIN);
    await restartResettingCharger();
    await waitFor(() => h!.ha.getState(CHARGER)!.state === 'on', 10_000, 'charger on again');
    expect(h!.logs.filter((l) => l.msg === 'settled after reconnecting to Home Assistant' && l.entity_id === CHARGER)).toEqual([
      expect.objectContaining({ outcome: 'apply' }),
    ]);
    expect(chargerApplied('reconnected')).toHaveLength(1);
    expect(h!.addon.state.stats.overrides).toBe(0);
    expect(h!.logs.some((l) => l.msg === MANUAL)).toBe(false);
  }, 90_000);

  it('a charger its integration resets in the minutes after the reconnect (unavailable, then off) is switched on again', async () => {
    await startCharging();
    await h!.advance(MIN);
    await h!.ha.restart({ downMs: 200 });
    await waitFor(() => h!.addon.ha.connections === 2, 20_000, 'reconnected');
    await h!.addon.idle();
    await h!.advance(MIN);
    // The integration loads: the entity is unavailable, then reports the device as it woke up.
    h!.ha.setState(CHARGER, 'unavailable');
    await waitFor(() => h!.logs.some((l) => l.msg === RESET), 5_000, 'reset seen');
    await h!.addon.idle();
    h!.ha.setState(CHARGER, 'off');
    await waitFor(() => h!.ha.getState(CHARGER)!.state === 'on', 10_000, 'charger on again');
    expect(chargerApplied('Home Assistant starting')).toHaveLength(1);
    expect(h!.addon.state.stats.overrides).toBe(0);
    expect(h!.logs.some((l) => l.msg === MANUAL)).toBe(false);
  }, 90_000);

  it("still leaves alone a person's change right after the restart, and a change without a user once Home Assistant has settled", async () => {
    await startCharging();
    await h!.advance(MIN);
    await restartResettingCharger();
    await waitFor(() => h!.ha.getState(CHARGER)!.state === 'on', 10_000, 'charger on again');
    // Someone signed in to Home Assistant turns it off: theirs until the next half hour.
    await h!.ha.callService('switch', 'turn_off', { entity_id: CHARGER });
    await waitFor(() => h!.addon.state.stats.overrides === 1, 5_000, 'override seen');
    await h!.advance(3 * MIN);
    expect(h!.ha.getState(CHARGER)!.state).toBe('off');
    // The next slot charges too; long after the restart, the charger's own button (no user) is a person's.
    await h!.advance(30 * MIN);
    expect(h!.ha.getState(CHARGER)!.state).toBe('on');
    h!.ha.setState(CHARGER, 'off');
    await waitFor(() => h!.addon.state.stats.overrides === 2, 5_000, 'second override seen');
    await h!.addon.idle();
    expect(h!.ha.getState(CHARGER)!.state).toBe('off');
    expect(h!.logs.filter((l) => l.msg === MANUAL)).toEqual([expect.objectContaining({ entity_id: CHARGER }), expect.objectContaining({ entity_id: CHARGER })]);
    expect(h!.logs.some((l) => l.msg === RESET)).toBe(false);
  }, 90_000);
});
