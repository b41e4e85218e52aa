// The add-on against the Home Assistant simulator and the real built cloud: readings on cadence,
// the planned setpoint at a slot boundary, a recompute reaching the house within one poll, and a
// person's change left alone and reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rampPreferences } from '../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../src/bench/cloud-process.js';
import { localSlotAt } from '../src/local-time.js';
import { startHarness, waitFor, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const ZONE = 'America/New_York';
let cloud: CloudProcess;
let h: Harness;
let boundary: number;
let ids: Record<string, string>;
let relay: Parameters<typeof startHarness>[0]['relay'];

beforeAll(async () => {
  // The cloud plans on its own clock (OFFPEAK_CLOCK_START, real rate), set 12 minutes into the
  // slot the tests live in: a recompute re-plans that slot (past slots stay as they were) and every
  // reading the tests send is in the cloud's past, whatever the real time is. Waiting for a real
  // half hour to have room left could idle the run for minutes.
  boundary = Math.floor(Date.now() / 1_800_000) * 1_800_000 - 1_800_000;
  cloud = await startCloudProcess({ OFFPEAK_CLOCK_START: new Date(boundary + 12 * 60_000).toISOString() });
  h = await startHarness({
    cloud,
    startMs: boundary - 6 * 60_000,
    fixture: houseFixture,
    timezone: ZONE,
    relay: (request, send) => (relay ? relay(request, send) : send()),
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
    // Someone moves the thermostat in the last minutes of the slot: the boundary puts the plan back.
    // 88 F is above every band the ramp plans (55-82 F, 85 once shifted below): at 80, the run at
    // 23:xx New York time (04:00-05:00 UTC) found the plan already there and applied nothing.
    await h.ha.callService('climate', 'set_temperature', { entity_id: 'climate.living_room', temperature: 88 });
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
      expect(p.body.readings[0]).toMatchObject({
        appliance_id: ids.hvac,
        indoor_temp: 74,
        hvac_state: 'COOL',
        indoor_source: 'entity',
        target_temp: expect.any(Number),
        // The thermostat's step (whole degrees F here) reaches the cloud, which accepted it.
        target_temp_step: 1,
        target_temp_step_unit: 'F',
        indoor_humidity: 45,
        outdoor_temp: 71,
      });
    }
    const soc = h.requests.filter((r) => r.path === `/api/v1/appliances/${ids.ev_charger}/readings`);
    expect(soc.map((r) => r.status)).toEqual([201, 201]);
    expect(soc[0]!.body.readings).toEqual([{ timestamp: new Date(boundary - 5 * 60_000).toISOString(), state: 'IDLE', value: 40 }]);
    // The whole-home sensor (1.2 kW) went to the household load endpoint in W, every 5 minutes.
    const household = h.requests.filter((r) => r.path === '/api/v1/household-load/readings');
    expect(household.map((r) => r.status)).toEqual([201, 201]);
    expect(household.map((r) => r.body.readings)).toEqual([
      [{ timestamp: new Date(boundary - 5 * 60_000).toISOString(), value: 1200 }],
      [{ timestamp: new Date(boundary).toISOString(), value: 1200 }],
    ]);
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

  it('reaches the house within one updated-at poll after a recompute', async () => {
    const before = (await h.account.call('GET', '/api/v1/schedules/updated-at')).body.updated_at;
    const shifted = rampPreferences();
    shifted.hourly_low_temps_f = shifted.hourly_low_temps_f.map((v) => v + 3);
    shifted.hourly_high_temps_f = shifted.hourly_high_temps_f.map((v) => v + 3);
    expect((await h.account.call('PUT', '/api/v1/preferences', shifted)).status).toBe(200);
    expect((await h.account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
    expect((await h.account.call('GET', '/api/v1/schedules/updated-at')).body.updated_at).not.toBe(before);
    const target = Math.round(await hvacTarget(boundary));
    expect(h.ha.getState('climate.living_room')!.attributes.temperature).not.toBe(target);
    await h.advance(3 * 60_000); // one poll period
    expect(h.ha.getState('climate.living_room')!.attributes.temperature).toBe(target);
    expect(h.logs.find((l) => l.msg === 'applied' && l.reason === 'schedule updated')).toMatchObject({
      entity_id: 'climate.living_room',
      data: { temperature: target },
    });
  });

  it('reaches the house within one poll when a plan is written while the add-on is pulling the previous one', async () => {
    const shiftedBy = (f: number) => {
      const p = rampPreferences();
      p.hourly_low_temps_f = p.hourly_low_temps_f.map((v) => v + f);
      p.hourly_high_temps_f = p.hourly_high_temps_f.map((v) => v + f);
      return p;
    };
    const recompute = async (f: number) => {
      expect((await h.account.call('PUT', '/api/v1/preferences', shiftedBy(f))).status).toBe(200);
      expect((await h.account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
      return Math.round(await hvacTarget(boundary));
    };
    // The next plan is written the moment the cloud has answered the add-on's GET /schedules,
    // while anything else that pull still reads (the stamp) waits for it.
    const next: { written?: Promise<number> } = {};
    relay = async (request, send) => {
      const isPull = request.method === 'GET' && (request.path === '/api/v1/schedules' || request.path === '/api/v1/schedules/updated-at');
      if (!isPull) return send();
      if (next.written) {
        await next.written;
        return send();
      }
      if (request.path !== '/api/v1/schedules') return send();
      const answered = send();
      next.written = answered.then(() => recompute(3));
      await next.written;
      return answered;
    };
    const first = await recompute(6);
    const pulls = h.addon.state.stats.schedulePulls;
    await h.advance(3 * 60_000); // the poll sees the first plan's stamp and pulls
    await waitFor(() => next.written, 15_000, 'the pull of the first plan');
    const second = await next.written!;
    await waitFor(() => h.addon.state.stats.schedulePulls > pulls, 15_000, 'that pull to end');
    relay = undefined;
    expect(second).not.toBe(first);
    await h.advance(3 * 60_000); // one poll period after the second plan was written
    expect(h.ha.getState('climate.living_room')!.attributes.temperature).toBe(second);
  });

  it('leaves a manual change alone until the next slot and reports it on readings', async () => {
    const planned = h.ha.getState('climate.living_room')!.attributes.temperature as number;
    const overrides = h.addon.state.stats.overrides;
    await h.ha.callService('climate', 'set_temperature', { entity_id: 'climate.living_room', temperature: planned + 4 });
    await waitFor(() => h.addon.state.stats.overrides === overrides + 1, 5_000, 'override detected');
    expect(h.logs.filter((l) => l.msg === 'manual change detected; left alone until the next slot').at(-1)).toMatchObject({
      entity_id: 'climate.living_room',
      expected: { kind: 'attr', key: 'temperature', value: planned },
      now: planned + 4,
    });
    // Another recompute in the same slot does not undo the person's choice.
    const shifted = rampPreferences();
    const before = (await h.account.call('GET', '/api/v1/schedules/updated-at')).body.updated_at;
    expect((await h.account.call('PUT', '/api/v1/preferences', shifted)).status).toBe(200);
    expect((await h.account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
    expect((await h.account.call('GET', '/api/v1/schedules/updated-at')).body.updated_at).not.toBe(before);
    const sent = h.requests.length;
    await h.advance(3 * 60_000); // a poll and a readings cycle (boundary + 10 min)
    expect(h.ha.getState('climate.living_room')!.attributes.temperature).toBe(planned + 4);
    const reading = h.requests.slice(sent).find((r) => r.path === '/api/v1/readings')!.body.readings[0];
    expect(reading).toMatchObject({ override_active: true, target_temp: planned + 4, commanded_setpoint: planned });
    // The next slot applies the plan again. It is still in the future of the cloud's clock, which
    // would refuse readings stamped that far ahead: the cloud is cut off meanwhile (they queue),
    // and the slot is applied from the cached plan.
    const view = await schedules();
    await h.cutoff.down();
    const next = boundary + 30 * 60_000;
    await h.advance(next - h.clock.now());
    const entry = view.appliances.find((a: any) => a.appliance_type === 'hvac').schedule;
    const idx = localSlotAt(next, ZONE).index;
    const target = Math.round(entry.setpoint_temps?.[idx] ?? (entry.high_temps[idx] + entry.low_temps[idx]) / 2);
    expect(h.ha.getState('climate.living_room')!.attributes.temperature).toBe(target);
    expect(h.addon.buffer.size).toBeGreaterThan(0);
  });
});
