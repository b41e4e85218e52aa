// Edges of the plan: DST days apply the right slot (the account's local wall clock, as the cloud
// numbers slots), the pause switches, entities missing from Home Assistant, the daily forecast
// push inside 02:30-03:30 UTC, and when the view is pulled around a boundary.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rampPreferences, signUp, type CloudAccount } from '../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../src/bench/cloud-process.js';
import { localSlotAt } from '../src/local-time.js';
import { pastBoundary, startHarness, waitFor, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

let cloud: CloudProcess;
let account: CloudAccount;
let h: Harness | undefined;
let hvacId: string;
const MIN = 60_000;
const ZONE = 'America/New_York';

beforeAll(async () => {
  cloud = await startCloudProcess();
  account = await signUp(cloud.url, { timezone: 'America/New_York' });
  expect((await account.call('PATCH', '/auth/me', { weather_entity_id: 'weather.home' })).status).toBe(200);
  hvacId = await account.createAppliance('hvac', 'Living room', HOUSE_APPLIANCES[0]!.config);
  // An appliance whose switch this Home Assistant does not have.
  await account.createAppliance('ev_charger', 'Second car', { entity_id: 'switch.ghost_charger', soc_entity_id: 'sensor.ghost_soc' });
  // Comfort bands whose midpoint is 57 + local hour (F): the setpoint names the slot's hour.
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

const setpoint = () => h!.ha.getState('climate.living_room')!.attributes.temperature;
const start = (iso: string) => startHarness({ cloud, account, startMs: Date.parse(iso), fixture: houseFixture, prepare: async () => {} });

describe('DST days', () => {
  it('spring forward: 01:59 EST is followed by slot 6 (03:00 EDT)', async () => {
    h = await start('2026-03-08T06:54:00Z'); // 01:54 EST, slot 3
    expect(setpoint()).toBe(57 + 1);
    await h.advance(6 * MIN); // 07:00Z = 03:00 EDT
    expect(setpoint()).toBe(57 + 3);
    expect(h.logs.filter((l) => l.msg === 'applied' && l.reason === 'slot boundary').map((l) => l.slot)).toEqual([6]);
  }, 60_000);

  it('fall back: the 01:00-02:00 hour is applied twice, then 02:00 EST is slot 4', async () => {
    h = await start('2026-11-01T05:24:00Z'); // 01:24 EDT, slot 2
    expect(setpoint()).toBe(57 + 1);
    await h.advance(36 * MIN); // 06:00Z = 01:00 EST, slot 2 again
    await h.advance(30 * MIN); // 06:30Z = 01:30 EST, slot 3
    expect(setpoint()).toBe(57 + 1);
    await h.advance(30 * MIN); // 07:00Z = 02:00 EST, slot 4
    expect(setpoint()).toBe(57 + 2);
    const slots = h.logs.filter((l) => (l.msg === 'applied' || l.msg === 'already as planned') && l.reason === 'slot boundary').map((l) => l.slot);
    expect(slots).toEqual([3, 2, 3, 4]);
  }, 60_000);

  it("fall back: a person's change in the first 01:00 hour does not keep the repeated slot 2 from being applied", async () => {
    h = await start('2026-11-01T05:04:00Z'); // 01:04 EDT, slot 2 (first pass)
    await h.ha.callService('climate', 'set_temperature', { entity_id: 'climate.living_room', temperature: 80 });
    await waitFor(() => h!.addon.state.stats.overrides === 1, 5_000, 'override detected');
    await h.advance(26 * MIN); // 05:30Z = 01:30 EDT, slot 3: the plan again
    expect(setpoint()).toBe(57 + 1);
    await h.advance(30 * MIN); // 06:00Z = 01:00 EST, slot 2 again: a new boundary, an hour after the change
    const atBoundaries = h.logs.filter((l) => l.reason === 'slot boundary' && l.type === 'hvac').map((l) => [l.msg, l.slot]);
    expect(atBoundaries).toEqual([
      ['applied', 3],
      ['already as planned', 2],
    ]);
  }, 60_000);
});

describe('pause switches', () => {
  const applied = () => h!.logs.filter((l) => l.msg === 'applied' && l.type === 'hvac');
  const pause = async (route: string, on: boolean) => expect((await account.call('PUT', route, { optimization_enabled: !on })).status).toBe(200);

  it('applies nothing while the master switch is off, and resumes at the next slot when it is on', async () => {
    const boundary = pastBoundary(2 * 3_600_000);
    await pause('/api/v1/preferences', true);
    h = await start(new Date(boundary - 6 * MIN).toISOString());
    await h.ha.callService('climate', 'set_temperature', { entity_id: 'climate.living_room', temperature: 85 });
    await h.advance(6 * MIN);
    expect(setpoint()).toBe(85);
    expect(applied()).toEqual([]);
    expect(h.logs.filter((l) => l.msg === 'optimization paused (master switch); nothing applied').map((l) => l.reason)).toEqual(['start', 'slot boundary']);
    await pause('/api/v1/preferences', false);
    await h.advance(30 * MIN);
    expect(setpoint()).not.toBe(85);
    expect(applied().map((l) => l.reason)).toEqual(['slot boundary']);
  }, 60_000);

  it('leaves a unit alone while its own switch is off', async () => {
    const boundary = pastBoundary(2 * 3_600_000);
    await pause(`/api/v1/appliances/${hvacId}/preferences`, true);
    try {
      h = await start(new Date(boundary - 6 * MIN).toISOString());
      await h.ha.callService('climate', 'set_temperature', { entity_id: 'climate.living_room', temperature: 85 });
      await h.advance(6 * MIN);
      expect(setpoint()).toBe(85);
      expect(h.logs.filter((l) => l.msg === 'not applied: optimization paused for this appliance').map((l) => l.reason)).toEqual(['start', 'slot boundary']);
    } finally {
      await pause(`/api/v1/appliances/${hvacId}/preferences`, false);
    }
  }, 60_000);
});

describe('entities', () => {
  it('says in its log which configured entities Home Assistant does not have, and carries on', async () => {
    h = await start(new Date(pastBoundary(2 * 3_600_000) - 6 * MIN).toISOString());
    const missing = h.logs.filter((l) => l.msg === 'entity does not exist in Home Assistant');
    expect(missing.map((l) => [l.entity_id, l.role, l.appliance, l.level])).toEqual([
      ['switch.ghost_charger', 'entity_id', 'Second car', 'warn'],
      ['sensor.ghost_soc', 'soc_entity_id', 'Second car', 'warn'],
    ]);
    await h.advance(6 * MIN);
    const status = h.logs.filter((l) => l.msg === 'status').at(-1);
    expect(status).toMatchObject({ entities_missing: ['switch.ghost_charger', 'sensor.ghost_soc'], entities_found: 2 });
    expect(h.logs.find((l) => l.msg === 'not applied' && l.appliance === 'Second car')).toMatchObject({
      why: 'entity switch.ghost_charger does not exist in Home Assistant',
    });
    // Logged once, not at every pull.
    expect(h.logs.filter((l) => l.msg === 'entity does not exist in Home Assistant')).toHaveLength(2);
  }, 60_000);
});

describe('weather', () => {
  it('pushes the hourly forecast once between 02:30 and 03:30 UTC, in F from local midnight', async () => {
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    h = await start(`${day}T02:20:00Z`);
    await h.advance(20 * MIN);
    await waitFor(() => h!.addon.state.stats.weatherPushes === 1, 10_000, 'forecast push');
    await h.advance(60 * MIN);
    expect(h.addon.state.stats.weatherPushes).toBe(1);
    const pushes = h.requests.filter((r) => r.path === '/api/v1/weather');
    expect(pushes.map((p) => p.status)).toEqual([201]);
    const f = pushes[0]!.body.forecast;
    // 02:30 UTC is 21:30 the evening before in New York: hour 0 is that local midnight (05:00Z).
    expect(f.hourly_temps_f.length).toBeGreaterThanOrEqual(24);
    expect(f.hourly_temps_f.length).toBeLessThanOrEqual(72);
    expect(f.hourly_humidity).toHaveLength(f.hourly_temps_f.length);
    expect(f.hourly_wind_mph.every((w: number) => w === 5)).toBe(true);
    const items = houseFixture(Date.parse(`${day}T02:20:00Z`)).forecasts!['weather.home']!.hourly!;
    const localMidnight = Date.parse(`${new Date(Date.parse(`${day}T02:30:00Z`) - 5 * 3_600_000).toISOString().slice(0, 10)}T05:00:00Z`);
    const at = (ms: number) => items.find((i) => Date.parse(i.datetime as string) === ms)?.temperature;
    expect(f.hourly_temps_f[20]).toBe(at(localMidnight + 20 * 3_600_000));
    expect(h.logs.find((l) => l.msg === 'forecast pushed')).toMatchObject({ entity_id: 'weather.home', accepted_hours: f.hourly_temps_f.length });
  }, 60_000);

  it('waits for its own offset into the window: no push before it, one after', async () => {
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    h = await startHarness({
      cloud,
      account,
      startMs: Date.parse(`${day}T02:20:00Z`),
      fixture: houseFixture,
      prepare: async () => {},
      addon: { timing: { weatherPushOffsetMs: 35 * MIN } },
    });
    await h.advance(40 * MIN); // 03:00: in the window, before 02:30 + 35 min
    expect(h.requests.filter((r) => r.path === '/api/v1/weather')).toHaveLength(0);
    await h.advance(20 * MIN); // 03:20: the check after 03:05 pushed
    await waitFor(() => h!.addon.state.stats.weatherPushes === 1, 10_000, 'forecast push');
    expect(h.requests.filter((r) => r.path === '/api/v1/weather').map((r) => r.status)).toEqual([201]);
  }, 60_000);
});

describe('the schedules view around a boundary (src/view-refresh.ts)', () => {
  // Pulled its lead before each boundary, not at the boundary instant where a fleet on synced
  // clocks would all ask in the same second; the boundary applies the slot from the view held.
  const LEAD = 4 * MIN;
  // No updated-at poll (a recompute after a pause switch would move its stamp): only the lead's pulls.
  const startAhead = (boundary: number) =>
    startHarness({
      cloud,
      account,
      startMs: boundary - 10 * MIN,
      fixture: houseFixture,
      prepare: async () => {},
      addon: { timing: { viewLeadMs: LEAD, updatedAtPollMs: 12 * 60 * MIN } },
    });
  const viewPulls = () => h!.requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/schedules').length;
  const atBoundary = (msg: string) => h!.logs.filter((l) => l.msg === msg && l.reason === 'slot boundary' && (l.type === undefined || l.type === 'hvac'));
  const setMasterSwitch = async (on: boolean) => expect((await account.call('PUT', '/api/v1/preferences', { optimization_enabled: on })).status).toBe(200);
  const plannedAt = async (ms: number) => {
    const s = (await account.call('GET', '/api/v1/schedules')).body.appliances.find((a: any) => a.appliance_type === 'hvac').schedule;
    const idx = localSlotAt(ms, ZONE).index;
    return Math.round(s.setpoint_temps?.[idx] ?? (s.high_temps[idx] + s.low_temps[idx]) / 2);
  };

  it('is pulled its lead before the boundary, and the boundary applies the slot with the cloud cut off', async () => {
    const boundary = pastBoundary(2 * 3_600_000);
    h = await startAhead(boundary);
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
    expect(applied).toMatchObject({
      entity_id: 'climate.living_room',
      data: { temperature: target },
      slot: localSlotAt(boundary, ZONE).index,
      date: localSlotAt(boundary, ZONE).date,
    });
    // The view is the cloud's today on its real clock: within two hours after New York's midnight
    // that is the day after the boundary's, and the add-on says so (the run at 05:05 UTC failed here).
    const cloudDay = localSlotAt(Date.now(), ZONE).date;
    if (cloudDay === localSlotAt(boundary, ZONE).date) expect(applied).not.toHaveProperty('stale_schedule_date');
    else expect(applied).toMatchObject({ stale_schedule_date: cloudDay });
    expect(Date.parse(applied!.time)).toBe(boundary);
    expect(viewPulls()).toBe(2);
    await h.cutoff.up();
  }, 60_000);

  it('honors a pause switched before the pull at the boundary, and one switched after the pull at the next boundary', async () => {
    try {
      const boundary = pastBoundary(2 * 3_600_000, ZONE, 60 * MIN);
      h = await startAhead(boundary);
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
