import type { HassEntity } from 'home-assistant-js-websocket';
import { describe, expect, it } from 'vitest';
import type { HubAppliance } from './appliances.js';
import { decideSlot, hvacSlot } from './plan-actions.js';

const entity = (entity_id: string, state: string, attributes: Record<string, unknown> = {}): HassEntity => ({
  entity_id,
  state,
  attributes,
  last_changed: '',
  last_updated: '',
  context: { id: 'c', parent_id: null, user_id: null },
});
const appliance = (type: HubAppliance['type'], entity_id: string, override: HubAppliance['override'] = null): HubAppliance => ({
  id: 'a1',
  name: 'A',
  type,
  isActive: true,
  entities: { entity_id },
  override,
});
const hvac = (setpoints: number[] | null) => ({
  intervals: [],
  high_temps: Array(48).fill(76),
  low_temps: Array(48).fill(70),
  setpoint_temps: setpoints,
  temp_trajectory: null,
});
const onOff = (on: boolean) => ({ intervals: Array(48).fill(on) });
const thermostat = (attrs: Record<string, unknown> = {}) =>
  entity('climate.t', 'cool', { min_temp: 7, max_temp: 35, target_temp_step: 0.5, temperature: 21, supported_features: 1, ...attrs });

describe('decideSlot', () => {
  it('sets the slot setpoint in Celsius on the entity step', () => {
    const d = decideSlot(appliance('hvac', 'climate.t'), hvac(Array(48).fill(72.5)), 10, thermostat(), '°C');
    // 72.5 F = 22.5 C
    expect(d).toEqual({
      action: expect.objectContaining({
        call: { domain: 'climate', service: 'set_temperature', data: { temperature: 22.5 } },
        setpointF: 72.5,
        why: 'slot 10 setpoint_temps 72.5 F',
      }),
    });
  });

  it('uses the band midpoint on a defaults row and clamps to the entity range', () => {
    const d = decideSlot(
      appliance('hvac', 'climate.t'),
      hvac(null),
      3,
      entity('climate.t', 'heat', { min_temp: 60, max_temp: 72, temperature: 65, supported_features: 1 }),
      '°F',
    );
    expect('action' in d && d.action.call).toEqual({ domain: 'climate', service: 'set_temperature', data: { temperature: 72 } });
    expect(hvacSlot(hvac(null), 3)).toEqual({ setpointF: 73, lowF: 70, highF: 76, source: 'band midpoint' });
  });

  it('sets the band on a thermostat that only takes a range', () => {
    const d = decideSlot(
      appliance('hvac', 'climate.t'),
      hvac(null),
      0,
      entity('climate.t', 'heat_cool', { min_temp: 45, max_temp: 95, supported_features: 2 }),
      '°F',
    );
    expect('action' in d && d.action.call?.data).toEqual({ target_temp_low: 70, target_temp_high: 76 });
  });

  it('never touches a solar inverter or a dehumidifier, whose schedules are observation only', () => {
    expect(decideSlot(appliance('solar', 'sensor.pv'), onOff(true), 20, entity('sensor.pv', '3200'), '°F')).toEqual({ skip: 'solar has nothing to apply' });
    expect(decideSlot(appliance('dehumidifier', 'humidifier.d'), onOff(true), 20, entity('humidifier.d', 'off'), '°F')).toEqual({
      skip: 'dehumidifier has nothing to apply',
    });
  });

  it('does nothing when the entity already holds the value', () => {
    const d = decideSlot(appliance('hvac', 'climate.t'), hvac(Array(48).fill(69.8)), 0, thermostat({ temperature: 21 }), '°C');
    expect('action' in d && d.action.call).toBeNull();
  });

  it.each([
    ['ev_charger', 'switch.ev', 'off', true, { domain: 'switch', service: 'turn_on' }],
    ['ev_charger', 'switch.ev', 'on', false, { domain: 'switch', service: 'turn_off' }],
    ['water_heater', 'switch.tank', 'off', true, { domain: 'switch', service: 'turn_on' }],
    ['home_battery', 'input_boolean.charge', 'on', false, { domain: 'input_boolean', service: 'turn_off' }],
  ] as const)('%s on %s (%s) with the slot %s', (type, id, state, on, call) => {
    const d = decideSlot(appliance(type, id), onOff(on), 5, entity(id, state), '°F');
    expect('action' in d && d.action.call).toEqual(call);
  });

  it('picks the charge and idle options of a select, or the configured ones', () => {
    const sel = entity('select.mode', 'Self use', { options: ['Self use', 'Force charge', 'Force discharge'] });
    expect(decideSlot(appliance('home_battery', 'select.mode'), onOff(true), 0, sel, '°F')).toMatchObject({
      action: { call: { service: 'select_option', data: { option: 'Force charge' } } },
    });
    const custom = appliance('home_battery', 'select.mode', { appliance: 'A', charge_option: 'Force discharge', idle_option: 'Self use' });
    expect(decideSlot(custom, onOff(true), 0, sel, '°F')).toMatchObject({ action: { call: { data: { option: 'Force discharge' } } } });
    expect(decideSlot(appliance('home_battery', 'select.mode'), onOff(false), 0, entity('select.mode', 'x', { options: ['x', 'y'] }), '°F')).toEqual({
      skip: expect.stringContaining('no idle option'),
    });
  });

  it("takes a battery select's hold_option in held slots and its idle option in discharge slots", () => {
    const sel = entity('select.mode', 'Self use', { options: ['Self use', 'Force charge', 'Backup'] });
    const day = { intervals: [true, false, false], discharge_intervals: [false, false, true], value_trajectory: [80, 80, 70] };
    const holding = appliance('home_battery', 'select.mode', { appliance: 'A', hold_option: 'Backup' });
    const option = (a: HubAppliance, idx: number) => {
      const d = decideSlot(a, day, idx, sel, '°F');
      return 'action' in d ? [d.action.expect, d.action.why] : d.skip;
    };
    expect([0, 1, 2].map((i) => option(holding, i))).toEqual([
      [{ kind: 'state', value: 'Force charge' }, 'slot 0 charge: charge on'],
      [{ kind: 'state', value: 'Backup' }, 'slot 1 hold: charge off'],
      [{ kind: 'state', value: 'Self use' }, 'slot 2 discharge: charge off'],
    ]);
    // Without hold_option a held slot gets the idle option, as before.
    expect(option(appliance('home_battery', 'select.mode'), 1)).toEqual([{ kind: 'state', value: 'Self use' }, 'slot 1 hold: charge off']);
    // A hold_option the entity does not offer is named; a switch battery is off in held slots.
    expect(option(appliance('home_battery', 'select.mode', { appliance: 'A', hold_option: 'Standby' }), 1)).toBe(
      'no hold option among ["Self use","Force charge","Backup"]; set hold_option in the add-on options',
    );
    expect(
      decideSlot(appliance('home_battery', 'switch.charge', { appliance: 'A', hold_option: 'Backup' }), day, 1, entity('switch.charge', 'on'), '°F'),
    ).toMatchObject({
      action: { call: { service: 'turn_off' } },
    });
  });

  it("holds a battery's charge slot once its planned level is reached: hold_option, else the idle option or switch off", () => {
    const sel = entity('select.mode', 'Force charge', { options: ['Self use', 'Force charge', 'Backup'] });
    const day = { intervals: [true], discharge_intervals: [false], value_trajectory: [80] };
    const reached = (a: HubAppliance, e: HassEntity) => {
      const d = decideSlot(a, day, 0, e, '°F', null, true);
      return 'action' in d ? [d.action.call?.data ?? d.action.call?.service, d.action.why] : d.skip;
    };
    expect(reached(appliance('home_battery', 'select.mode', { appliance: 'A', hold_option: 'Backup' }), sel)).toEqual([
      { option: 'Backup' },
      'slot 0 charge, planned level reached: charge off',
    ]);
    expect(reached(appliance('home_battery', 'select.mode'), sel)).toEqual([{ option: 'Self use' }, 'slot 0 charge, planned level reached: charge off']);
    expect(reached(appliance('home_battery', 'switch.charge'), entity('switch.charge', 'on'))).toEqual([
      'turn_off',
      'slot 0 charge, planned level reached: charge off',
    ]);
    // An EV charger's slot knows no level.
    expect(decideSlot(appliance('ev_charger', 'switch.ev'), day, 0, entity('switch.ev', 'off'), '°F', null, true)).toMatchObject({
      action: { call: { service: 'turn_on' } },
    });
  });

  it('presses a battery button only when the wanted mode changes', () => {
    const btn = entity('button.toggle', 'unknown');
    expect(decideSlot(appliance('home_battery', 'button.toggle'), onOff(true), 0, btn, '°F', null)).toMatchObject({ action: { call: { service: 'press' } } });
    expect(decideSlot(appliance('home_battery', 'button.toggle'), onOff(true), 0, btn, '°F', true)).toMatchObject({ action: { call: null } });
  });

  it('heats a smart tank to its maximum in element-on slots and holds its minimum otherwise', () => {
    const tank = entity('water_heater.tank', 'eco', { min_temp: 110, max_temp: 140, temperature: 120 });
    expect(decideSlot(appliance('water_heater', 'water_heater.tank'), onOff(true), 0, tank, '°F')).toMatchObject({
      action: { call: { domain: 'water_heater', service: 'set_temperature', data: { temperature: 140 } } },
    });
    expect(decideSlot(appliance('water_heater', 'water_heater.tank'), onOff(false), 0, tank, '°F')).toMatchObject({
      action: { call: { data: { temperature: 110 } } },
    });
  });

  it('only ever docks a robot, and never one that is docking or docked', () => {
    expect(decideSlot(appliance('robot', 'vacuum.r'), onOff(true), 0, entity('vacuum.r', 'cleaning'), '°F')).toMatchObject({
      action: { call: { domain: 'vacuum', service: 'return_to_base' } },
    });
    expect(decideSlot(appliance('robot', 'lawn_mower.m'), onOff(true), 0, entity('lawn_mower.m', 'mowing'), '°F')).toMatchObject({
      action: { call: { domain: 'lawn_mower', service: 'dock' } },
    });
    expect(decideSlot(appliance('robot', 'vacuum.r'), onOff(true), 0, entity('vacuum.r', 'returning'), '°F')).toMatchObject({ action: { call: null } });
    expect(decideSlot(appliance('robot', 'vacuum.r'), onOff(false), 0, entity('vacuum.r', 'docked'), '°F')).toEqual({
      skip: expect.stringContaining('never undocked'),
    });
  });

  it('says why when there is nothing to command', () => {
    expect(decideSlot(appliance('ev_charger', 'switch.ev'), onOff(true), 0, undefined, '°F')).toEqual({
      skip: 'entity switch.ev does not exist in Home Assistant',
    });
    expect(decideSlot(appliance('ev_charger', 'switch.ev'), onOff(true), 0, entity('switch.ev', 'unavailable'), '°F')).toEqual({
      skip: 'entity switch.ev is unavailable',
    });
    expect(decideSlot(appliance('hvac', 'climate.t'), {}, 0, thermostat(), '°F')).toEqual({ skip: 'the schedule has no setpoints' });
  });
});
