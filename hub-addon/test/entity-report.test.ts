// The entity report against the simulator and the real built cloud: the house's entities that
// Offpeak's forms can name reach the account's list at start, a changed list replaces it after
// the report period (state changes alone send nothing), and a report missed while the cloud was
// down is sent once it is back.
import { describe, expect, it } from 'vitest';
import { cloudForFile, pastBoundary, startHarness, waitFor, type Harness } from './support/harness.js';
import { houseFixture } from './support/house.js';

const MIN = 60_000;
const world = cloudForFile();
const running = world.running;

const EXTRAS = [
  { entity_id: 'light.kitchen', state: 'on', attributes: { friendly_name: 'Kitchen light' } },
  { entity_id: 'sensor.firmware_version', state: '1.2.3', attributes: { friendly_name: 'Firmware' } },
];

const reports = (h: Harness) => h.requests.filter((r) => r.method === 'PUT' && r.path === '/api/v1/hub-entities');
const listed = async (h: Harness) => (await h.account.call('GET', '/api/v1/hub-entities')).body as { entities: Record<string, unknown>[]; reported_at: string };
const ids = async (h: Harness) => (await listed(h)).entities.map((e) => e.entity_id);

describe('entity report', () => {
  it('reports the entities at start, and again only when the list changes', async () => {
    const h = await startHarness({ cloud: world.cloud, startMs: pastBoundary(), fixture: (now) => houseFixture(now, EXTRAS), prepare: async () => {} });
    running.push(h);
    await waitFor(() => reports(h).some((r) => r.status === 200), 15_000, 'the first report');

    const list = await listed(h);
    expect(list.entities).toContainEqual({
      entity_id: 'climate.living_room',
      domain: 'climate',
      friendly_name: 'Living Room',
      unit_of_measurement: null,
      device_class: null,
    });
    expect(list.entities).toContainEqual({
      entity_id: 'sensor.ev_battery',
      domain: 'sensor',
      friendly_name: null,
      unit_of_measurement: '%',
      device_class: 'battery',
    });
    expect(await ids(h)).toEqual([
      'climate.living_room',
      'select.battery_mode',
      'sensor.battery_soc',
      'sensor.ev_battery',
      'sensor.household_power',
      'sensor.living_room_temperature',
      'sensor.robot_battery',
      'sensor.tank_temperature',
      'switch.ev_charger',
      'switch.water_heater',
      'vacuum.robot',
      'weather.home',
    ]);

    // New states of the same entities change nothing in the list: nothing is sent.
    h.ha.setState('sensor.ev_battery', '55', { unit_of_measurement: '%', device_class: 'battery' });
    h.ha.setAttributes('climate.living_room', { current_temperature: 76 });
    await waitFor(() => h.addon.ha.entity('climate.living_room')?.attributes.current_temperature === 76, 5_000, 'the new states in the add-on');
    await h.advance(3 * MIN);
    expect(reports(h)).toHaveLength(1);

    // A new switch and a renamed thermostat: one report after the period replaces the list.
    h.ha.setState('switch.pool_pump', 'off', { friendly_name: 'Pool pump' });
    h.ha.setAttributes('climate.living_room', { friendly_name: 'Lounge' });
    await waitFor(() => h.addon.ha.entity('climate.living_room')?.attributes.friendly_name === 'Lounge', 5_000, 'the changes in the add-on');
    await h.advance(MIN);
    await waitFor(() => reports(h).length === 2 && reports(h)[1]!.status === 200, 15_000, 'the second report');
    const after = await listed(h);
    expect(after.entities).toContainEqual({
      entity_id: 'switch.pool_pump',
      domain: 'switch',
      friendly_name: 'Pool pump',
      unit_of_measurement: null,
      device_class: null,
    });
    expect(after.entities.find((e) => e.entity_id === 'climate.living_room')!.friendly_name).toBe('Lounge');

    h.ha.removeState('switch.pool_pump');
    await waitFor(() => !h.addon.ha.entity('switch.pool_pump'), 5_000, 'the removal in the add-on');
    await h.advance(MIN);
    await waitFor(() => reports(h).length === 3, 15_000, 'the third report');
    expect(await ids(h)).not.toContain('switch.pool_pump');
  }, 60_000);

  it('sends the report missed while the cloud was down once it is back', async () => {
    const h = await startHarness({
      cloud: world.cloud,
      startMs: pastBoundary(),
      fixture: (now) => houseFixture(now),
      cloudDownAtStart: true,
      prepare: async () => {},
    });
    running.push(h);
    await h.addon.idle();
    expect(reports(h).filter((r) => r.status === 200)).toEqual([]);
    expect((await listed(h)).reported_at).toBeNull();

    await h.cutoff.up();
    await h.advance(5 * MIN);
    await waitFor(() => reports(h).some((r) => r.status === 200), 15_000, 'the report after the outage');
    expect(await ids(h)).toContain('climate.living_room');
  }, 60_000);
});
