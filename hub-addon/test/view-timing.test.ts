// When the add-on asks the cloud for its plan (src/view-refresh.ts): not at the boundary instant,
// where a fleet on synced clocks would all ask in the same second, but its own lead before it;
// the boundary applies the slot from the view held, with or without the cloud. A pause switch
// (it does not move updated-at) is honored at the first boundary after the pull that saw it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rampPreferences, signUp, type CloudAccount } from '../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../src/bench/cloud-process.js';
import { localSlotAt } from '../src/local-time.js';
import { startHarness, waitFor, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const ZONE = 'America/New_York';
const MIN = 60_000;
const LEAD = 4 * MIN;
let cloud: CloudProcess;
let account: CloudAccount;
let boundary: number;
let h: Harness | undefined;

beforeAll(async () => {
  // A boundary in the real past, neither it nor the next one a local midnight; the cloud's clock
  // (real rate) 12 minutes into its slot, so a recompute plans that slot (plans.test.ts).
  boundary = Math.floor(Date.now() / (30 * MIN)) * 30 * MIN - 30 * MIN;
  while (localSlotAt(boundary, ZONE).index === 0 || localSlotAt(boundary + 30 * MIN, ZONE).index === 0) boundary -= 60 * MIN;
  cloud = await startCloudProcess({ OFFPEAK_CLOCK_START: new Date(boundary + 12 * MIN).toISOString() });
  account = await signUp(cloud.url, { timezone: ZONE });
  await account.createAppliance('hvac', 'Living room', HOUSE_APPLIANCES[0]!.config);
  expect((await account.call('PUT', '/api/v1/preferences', rampPreferences())).status).toBe(200);
  expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
}, 120_000);
afterEach(async () => {
  await h?.stop();
  h = undefined;
});
afterAll(async () => {
  await cloud?.stop();
});

const start = () => startHarness({ cloud, account, startMs: boundary - 10 * MIN, fixture: houseFixture, prepare: async () => {}, addon: { timing: { viewLeadMs: LEAD } } });
const setpoint = () => h!.ha.getState('climate.living_room')!.attributes.temperature;
const viewPulls = () => h!.requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/schedules').length;
const atBoundary = (msg: string) => h!.logs.filter((l) => l.msg === msg && l.reason === 'slot boundary');
const setMasterSwitch = async (on: boolean) => expect((await account.call('PUT', '/api/v1/preferences', { optimization_enabled: on })).status).toBe(200);
const plannedAt = async (ms: number) => {
  const s = (await account.call('GET', '/api/v1/schedules')).body.appliances.find((a: any) => a.appliance_type === 'hvac').schedule;
  const idx = localSlotAt(ms, ZONE).index;
  return Math.round(s.setpoint_temps?.[idx] ?? (s.high_temps[idx] + s.low_temps[idx]) / 2);
};

describe('the schedules view around a boundary', () => {
  it('is pulled its lead before the boundary, and the boundary applies the slot with the cloud cut off', async () => {
    h = await start();
    expect(viewPulls()).toBe(1); // at start
    await h.advance(5 * MIN); // boundary - 5 min
    expect(viewPulls()).toBe(1);
    await h.advance(1 * MIN); // boundary - lead
    await waitFor(() => viewPulls() === 2, 10_000, 'the pull ahead of the boundary');
    expect(h.logs.filter((l) => l.msg === 'schedules pulled').map((l) => Date.parse(l.time))).toEqual([boundary - 10 * MIN, boundary - LEAD]);
    // From here the boundary needs nothing from the cloud: it is unreachable, and a person moved
    // the thermostat in the last minutes of the slot.
    await h.cutoff.down();
    await h.ha.callService('climate', 'set_temperature', { entity_id: 'climate.living_room', temperature: 85 });
    await h.advance(LEAD);
    const target = await plannedAt(boundary);
    expect(setpoint()).toBe(target);
    const [applied] = atBoundary('applied');
    expect(applied).toMatchObject({ entity_id: 'climate.living_room', data: { temperature: target }, slot: localSlotAt(boundary, ZONE).index, date: localSlotAt(boundary, ZONE).date });
    expect(applied).not.toHaveProperty('stale_schedule_date');
    expect(Date.parse(applied!.time)).toBe(boundary);
    expect(viewPulls()).toBe(2);
    await h.cutoff.up();
  }, 60_000);

  it('honors a pause switched before the pull at the boundary, and one switched after the pull at the next boundary', async () => {
    try {
      h = await start();
      await setMasterSwitch(false);
      await h.ha.callService('climate', 'set_temperature', { entity_id: 'climate.living_room', temperature: 85 });
      await h.advance(10 * MIN); // the pull at boundary - lead sees the pause; the boundary applies nothing
      expect(setpoint()).toBe(85);
      expect(atBoundary('optimization paused (master switch); nothing applied')).toHaveLength(1);
      await setMasterSwitch(true);
      await h.advance(30 * MIN - LEAD + 1 * MIN); // past the next pull (boundary + 26 min): it sees the switch on
      // Switched off again after that pull: the next boundary still applies its slot, the one after does not.
      await setMasterSwitch(false);
      await h.advance(LEAD - 1 * MIN); // boundary + 30 min
      expect(atBoundary('applied').map((l) => l.slot)).toEqual([localSlotAt(boundary + 30 * MIN, ZONE).index]);
      await h.advance(30 * MIN); // boundary + 60 min, its pull saw the pause
      expect(atBoundary('optimization paused (master switch); nothing applied')).toHaveLength(2);
      expect(atBoundary('applied')).toHaveLength(1);
    } finally {
      await setMasterSwitch(true);
    }
  }, 60_000);
});
