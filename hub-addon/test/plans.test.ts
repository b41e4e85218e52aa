// The add-on against the Home Assistant simulator and the real built cloud: readings on cadence,
// the planned setpoint at a slot boundary, a recompute reaching the house within one poll, and a
// person's change left alone and reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rampPreferences } from '../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../src/bench/cloud-process.js';
import { localSlotAt } from '../src/local-time.js';
import { pastBoundary, startHarness, waitFor, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const ZONE = 'America/New_York';
let cloud: CloudProcess;
let h: Harness;
let boundary: number;
let ids: Record<string, string>;

beforeAll(async () => {
  cloud = await startCloudProcess();
  boundary = pastBoundary(10 * 60_000);
  h = await startHarness({
    cloud,
    startMs: boundary - 6 * 60_000,
    fixture: houseFixture,
    timezone: ZONE,
    prepare: async (account) => {
      ids = {};
      expect((await account.call('PATCH', '/auth/me', { weather_entity_id: 'weather.home' })).status).toBe(200);
      for (const a of HOUSE_APPLIANCES) ids[a.type] = await account.createAppliance(a.type, a.name, a.config);
      expect((await account.call('PUT', '/api/v1/preferences', rampPreferences())).status).toBe(200);
      expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
    },
  });
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await cloud?.stop();
});

const schedules = async () => (await h.account.call('GET', '/api/v1/schedules')).body;
const hvacTarget = async (ms: number) => {
  const entry = (await schedules()).appliances.find((a: any) => a.appliance_type === 'hvac');
  const idx = localSlotAt(ms, ZONE).index;
  const s = entry.schedule;
  return s.setpoint_temps?.[idx] ?? (s.high_temps[idx] + s.low_temps[idx]) / 2;
};
const health = async () => (await h.account.call('GET', '/api/v1/integration/health')).body;

describe('the add-on on the simulator and the real cloud', () => {
  it('sends readings every 5 minutes with client kind node, its version and ha_version', async () => {
    await h.advance(60_000); // boundary - 5 min: the first reading
    await waitFor(() => h.addon.state.stats.readingsSent >= 1, 15_000, 'first readings');
    await h.advance(5 * 60_000); // the boundary itself: the second reading
    await waitFor(async () => (await health()).sample_count >= 2, 15_000, 'two HVAC readings in the cloud');
    const hb = await health();
    expect(Date.parse(hb.last_reading_at)).toBe(boundary);
    // Charge readings of the EV, battery and robot, and the tank temperature, were accepted too.
    expect(h.addon.state.stats.readingsSent).toBeGreaterThanOrEqual(2 * 5);
    expect(h.addon.buffer.size).toBe(0);
    const pushes = h.requests.filter((r) => r.path === '/api/v1/readings');
    expect(pushes.length).toBe(2);
    for (const p of pushes) {
      expect(p.status).toBe(201);
      expect(p.body.client).toEqual({ kind: 'node', version: '0.1.0', node_bundle: `node ${process.versions.node}`, ha_version: '2026.8.0' });
      expect(p.body.readings[0]).toMatchObject({ appliance_id: ids.hvac, indoor_temp: 74, hvac_state: 'COOL', indoor_source: 'entity', target_temp: expect.any(Number), indoor_humidity: 45, outdoor_temp: 71 });
    }
    const soc = h.requests.filter((r) => r.path === `/api/v1/appliances/${ids.ev_charger}/readings`);
    expect(soc.map((r) => r.status)).toEqual([201, 201]);
    expect(soc[0]!.body.readings).toEqual([{ timestamp: new Date(boundary - 5 * 60_000).toISOString(), state: 'IDLE', value: 40, metadata: { household_power_w: 1200 } }]);
  });

  it('holds the planned setpoint on the climate entity at the slot boundary', async () => {
    const target = await hvacTarget(boundary);
    await waitFor(() => h.ha.getState('climate.living_room')!.attributes.temperature === Math.round(target), 10_000, 'planned setpoint');
    const applied = h.logs.find((l) => l.msg === 'applied' && l.entity_id === 'climate.living_room' && l.reason === 'slot boundary');
    expect(applied).toMatchObject({ service: 'climate.set_temperature', data: { temperature: Math.round(target) }, slot: localSlotAt(boundary, ZONE).index });
  });

  it('switches the EV, battery and water heater as planned and only ever docks the robot', async () => {
    const view = await schedules();
    const idx = localSlotAt(boundary, ZONE).index;
    const on = (type: string) => view.appliances.find((a: any) => a.appliance_type === type).schedule.intervals[idx] as boolean;
    await waitFor(() => h.ha.getState('switch.ev_charger')!.state === (on('ev_charger') ? 'on' : 'off'), 10_000, 'EV switch');
    expect(h.ha.getState('switch.water_heater')!.state).toBe(on('water_heater') ? 'on' : 'off');
    expect(h.ha.getState('select.battery_mode')!.state).toBe(on('home_battery') ? 'force_charge' : 'self_consumption');
    const robotCalls = h.ha.serviceCalls.filter((c: any) => c.domain === 'vacuum');
    expect(robotCalls.every((c: any) => c.service === 'return_to_base')).toBe(true);
  });
});
