// call_service with Core's results and errors, for every role of FIXTURE.md.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callService, type Connection } from 'home-assistant-js-websocket';
import type { HaSimHandle } from '../../src/ha-sim/index.js';
import { connectHaws, sleep, startFixtureSim, TOKEN, until } from './helpers.js';

let ha: HaSimHandle;
let conn: Connection;
beforeEach(async () => {
  ha = await startFixtureSim();
  conn = await connectHaws(ha.url);
});
afterEach(async () => {
  conn.close();
  await ha.stop();
});

type HaError = {
  code: string;
  message: string;
  translation_key?: string;
  translation_domain?: string;
  translation_placeholders?: Record<string, string> | null;
};

async function fails(p: Promise<unknown>): Promise<HaError> {
  try {
    await p;
  } catch (e) {
    return e as HaError;
  }
  throw new Error('expected the call to fail');
}

const call = (domain: string, service: string, data?: object, entityId?: string, returnResponse?: boolean) =>
  callService(conn, domain, service, data, entityId ? { entity_id: entityId } : undefined, returnResponse) as Promise<Record<string, unknown>>;

describe('climate', () => {
  it('sets the temperature (bounds inclusive), keeping state and last_changed', async () => {
    const before = ha.getState('climate.living_room')!;
    const result = await call('climate', 'set_temperature', { temperature: 90 }, 'climate.living_room');
    expect(Object.keys(result)).toEqual(['context']);
    const after = ha.getState('climate.living_room')!;
    expect(after.attributes.temperature).toBe(90);
    expect(after.state).toBe('cool');
    expect(after.last_changed).toBe(before.last_changed);
    expect(after.last_updated).not.toBe(before.last_updated);
    await call('climate', 'set_temperature', { temperature: 50 }, 'climate.living_room');
    expect(ha.getState('climate.living_room')!.attributes.temperature).toBe(50);
  });

  it('refuses an out-of-range temperature with temp_out_of_range and changes nothing', async () => {
    const before = ha.getState('climate.living_room')!;
    const err = await fails(call('climate', 'set_temperature', { temperature: 95 }, 'climate.living_room'));
    expect(err).toEqual({
      code: 'service_validation_error',
      message: 'Validation error: Provided temperature 95.0 is not valid. Accepted range is 50 to 90.',
      translation_key: 'temp_out_of_range',
      translation_placeholders: { check_temp: '95.0', min_temp: '50', max_temp: '90' },
      translation_domain: 'climate',
    });
    expect(ha.getState('climate.living_room')).toEqual(before);
  });

  it('sets hvac and fan modes, and refuses modes it does not have', async () => {
    await call('climate', 'set_hvac_mode', { hvac_mode: 'heat' }, 'climate.living_room');
    expect(ha.getState('climate.living_room')!.state).toBe('heat');
    await call('climate', 'set_fan_mode', { fan_mode: 'high' }, 'climate.living_room');
    expect(ha.getState('climate.living_room')!.attributes.fan_mode).toBe('high');
    expect(await fails(call('climate', 'set_hvac_mode', { hvac_mode: 'auto' }, 'climate.living_room'))).toEqual({
      code: 'service_validation_error',
      message: 'Validation error: HVAC mode auto is not valid. Valid HVAC modes are: off, heat, cool',
      translation_key: 'not_valid_hvac_mode',
      translation_placeholders: { mode: 'auto', modes: 'off, heat, cool' },
      translation_domain: 'climate',
    });
    expect(await fails(call('climate', 'set_hvac_mode', { hvac_mode: 'banana' }, 'climate.living_room'))).toEqual({
      code: 'invalid_format',
      message: "expected HVACMode for dictionary value @ data['hvac_mode']",
    });
    expect(await fails(call('climate', 'set_fan_mode', { fan_mode: 'turbo' }, 'climate.living_room'))).toMatchObject({
      code: 'service_validation_error',
      message: 'Validation error: Fan mode turbo is not valid. Valid fan modes are: auto, low, high',
      translation_key: 'not_valid_fan_mode',
    });
  });

  it('answers schema errors with invalid_format', async () => {
    expect(await fails(call('climate', 'set_temperature', {}, 'climate.living_room'))).toEqual({
      code: 'invalid_format',
      message: 'must contain at least one of temperature, target_temp_high, target_temp_low.',
    });
    expect(await fails(call('climate', 'set_temperature', { temperature: 72, foo: 1 }, 'climate.living_room'))).toEqual({
      code: 'invalid_format',
      message: "extra keys not allowed @ data['foo']",
    });
    expect(await fails(call('climate', 'set_temperature', { temperature: 'warm' }, 'climate.living_room'))).toEqual({
      code: 'invalid_format',
      message: "expected float for dictionary value @ data['temperature']",
    });
    expect(
      await fails(call('climate', 'set_temperature', { temperature: 72, target_temp_low: 65, target_temp_high: 75 }, 'climate.living_room')),
    ).toMatchObject({
      code: 'invalid_format',
    });
    expect(await fails(call('climate', 'set_temperature', { target_temp_low: 65 }, 'climate.living_room'))).toEqual({
      code: 'invalid_format',
      message: "some but not all values in the same group of inclusion 'temperature' @ data[<temperature>]",
    });
  });

  it('refuses set_humidity on an entity without TARGET_HUMIDITY', async () => {
    expect(await fails(call('climate', 'set_humidity', { humidity: 40 }, 'climate.living_room'))).toEqual({
      code: 'service_validation_error',
      message: 'Validation error: Entity climate.living_room does not support action climate.set_humidity.',
      translation_key: 'service_not_supported',
      translation_placeholders: { entity_id: 'climate.living_room', domain: 'climate', service: 'set_humidity' },
      translation_domain: 'homeassistant',
    });
  });
});

describe('rules for every service', () => {
  it('answers an unknown service with not_found', async () => {
    expect(await fails(call('climate', 'set_foo', {}, 'climate.living_room'))).toEqual({
      code: 'not_found',
      message: 'Service climate.set_foo not found.',
      translation_key: 'service_not_found',
      translation_placeholders: { domain: 'climate', service: 'set_foo' },
      translation_domain: 'homeassistant',
    });
  });

  it('succeeds and changes nothing for a missing entity', async () => {
    const before = ha.getStates();
    const result = await call('switch', 'turn_on', undefined, 'switch.ghost');
    expect(result.context).toMatchObject({ user_id: ha.userId });
    expect(ha.getStates()).toEqual(before);
  });

  it('refuses return_response on a service without responses', async () => {
    expect(await fails(call('switch', 'turn_on', undefined, 'switch.ev_charger', true))).toEqual({
      code: 'service_validation_error',
      message: "Validation error: An action which does not return responses can't be called with return_response=True.",
      translation_key: 'service_does_not_support_response',
      translation_placeholders: { return_response: 'return_response=True' },
      translation_domain: 'homeassistant',
    });
    expect(ha.getState('switch.ev_charger')!.state).toBe('off');
  });

  it('takes entity_id from service_data too, as a string or a list', async () => {
    await callService(conn, 'switch', 'turn_on', { entity_id: 'switch.ev_charger' });
    expect(ha.getState('switch.ev_charger')!.state).toBe('on');
    await callService(conn, 'switch', 'toggle', { entity_id: ['switch.ev_charger'] });
    expect(ha.getState('switch.ev_charger')!.state).toBe('off');
    await callService(conn, 'switch', 'toggle', undefined, { entity_id: ['switch.ev_charger', 'switch.ghost'] });
    expect(ha.getState('switch.ev_charger')!.state).toBe('on');
  });

  it('logs every call_service received, failed ones with their error code', async () => {
    await call('switch', 'turn_on', undefined, 'switch.ev_charger');
    await fails(call('climate', 'set_foo', {}, 'climate.living_room'));
    expect(ha.serviceCalls.map((c) => [`${c.domain}.${c.service}`, c.error])).toEqual([
      ['switch.turn_on', null],
      ['climate.set_foo', 'not_found'],
    ]);
  });
});

describe('weather.get_forecasts', () => {
  it('answers hourly forecasts keyed by entity when return_response is set', async () => {
    const result = await call('weather', 'get_forecasts', { type: 'hourly' }, 'weather.home', true);
    const forecast = (result.response as Record<string, { forecast: { datetime: string; temperature: number }[] }>)['weather.home']!.forecast;
    expect(forecast).toHaveLength(6);
    expect(forecast[0]).toMatchObject({ datetime: '2026-08-21T14:00:00+00:00', temperature: 84, condition: 'sunny' });
    expect(result.context).toMatchObject({ user_id: ha.userId });
  });

  it('refuses a call without return_response, a type the entity lacks, and a type that does not exist', async () => {
    expect(await fails(call('weather', 'get_forecasts', { type: 'hourly' }, 'weather.home'))).toMatchObject({
      code: 'service_validation_error',
      message: 'Validation error: The action requires responses and must be called with return_response=True.',
      translation_key: 'service_lacks_response_request',
      translation_placeholders: { return_response: 'return_response=True' },
      translation_domain: 'homeassistant',
    });
    expect(await fails(call('weather', 'get_forecasts', { type: 'daily' }, 'weather.home', true))).toEqual({
      code: 'home_assistant_error',
      message: "Weather entity 'weather.home' does not support 'daily' forecast",
    });
    expect(await fails(call('weather', 'get_forecasts', { type: 'weekly' }, 'weather.home', true))).toEqual({
      code: 'invalid_format',
      message: "value must be one of ['daily', 'hourly', 'twice_daily'] for dictionary value @ data['type']",
    });
    expect(await fails(call('weather', 'get_forecasts', { type: 'hourly' }, 'weather.ghost', true))).toMatchObject({ code: 'home_assistant_error' });
  });
});

describe('devices', () => {
  it('vacuum: start cleans, return_to_base returns with the call context and docks after dock_after_seconds', async () => {
    await call('vacuum', 'start', undefined, 'vacuum.robot');
    expect(ha.getState('vacuum.robot')!.state).toBe('cleaning');
    const { context } = (await call('vacuum', 'return_to_base', undefined, 'vacuum.robot')) as { context: { id: string } };
    expect(ha.getState('vacuum.robot')).toMatchObject({ state: 'returning', context: { id: context.id } });
    await sleep(1000);
    expect(ha.getState('vacuum.robot')!.state).toBe('returning');
    await until(() => ha.getState('vacuum.robot')!.state === 'docked', 3000);
    expect(ha.getState('vacuum.robot')!.context).toMatchObject({ user_id: null, parent_id: null });
  });

  it('vacuum without RETURN_HOME refuses return_to_base', async () => {
    await fetch(`${ha.url}/api/states/vacuum.fidelity_probe_bare`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ state: 'cleaning', attributes: { supported_features: 8192 } }),
    });
    expect(await fails(call('vacuum', 'return_to_base', undefined, 'vacuum.fidelity_probe_bare'))).toMatchObject({
      code: 'service_validation_error',
      message: 'Validation error: Entity vacuum.fidelity_probe_bare does not support action vacuum.return_to_base.',
      translation_key: 'service_not_supported',
    });
  });

  it('lawn_mower: start_mowing mows, dock returns then docks', async () => {
    await call('lawn_mower', 'start_mowing', undefined, 'lawn_mower.front_yard');
    expect(ha.getState('lawn_mower.front_yard')!.state).toBe('mowing');
    await call('lawn_mower', 'dock', undefined, 'lawn_mower.front_yard');
    expect(ha.getState('lawn_mower.front_yard')!.state).toBe('returning');
    await until(() => ha.getState('lawn_mower.front_yard')!.state === 'docked', 3500);
  });

  it('humidifier: set_humidity in range, humidity_out_of_range outside', async () => {
    await call('humidifier', 'set_humidity', { humidity: 55 }, 'humidifier.bedroom');
    expect(ha.getState('humidifier.bedroom')!.attributes.humidity).toBe(55);
    expect(await fails(call('humidifier', 'set_humidity', { humidity: 65 }, 'humidifier.bedroom'))).toEqual({
      code: 'service_validation_error',
      message: 'Validation error: Provided humidity 65 is not valid. Accepted range is 30 to 60.',
      translation_key: 'humidity_out_of_range',
      translation_placeholders: { humidity: '65', min_humidity: '30', max_humidity: '60' },
      translation_domain: 'humidifier',
    });
  });

  it('water_heater: set_temperature and set_operation_mode', async () => {
    await call('water_heater', 'set_temperature', { temperature: 125 }, 'water_heater.tank');
    expect(ha.getState('water_heater.tank')!.attributes.temperature).toBe(125);
    await call('water_heater', 'set_operation_mode', { operation_mode: 'performance' }, 'water_heater.tank');
    expect(ha.getState('water_heater.tank')).toMatchObject({ state: 'performance', attributes: { operation_mode: 'performance' } });
  });

  it('select: select_option sets the state, an unknown option is refused', async () => {
    await call('select', 'select_option', { option: 'fast' }, 'select.ev_charge_mode');
    expect(ha.getState('select.ev_charge_mode')!.state).toBe('fast');
    expect(await fails(call('select', 'select_option', { option: 'warp' }, 'select.ev_charge_mode'))).toMatchObject({
      code: 'service_validation_error',
      translation_key: 'not_valid_option',
    });
  });

  it('button: press records the press time', async () => {
    const before = Date.now();
    await call('button', 'press', undefined, 'button.robot_locate');
    const state = ha.getState('button.robot_locate')!.state;
    expect(state).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
    expect(Date.parse(state)).toBeGreaterThanOrEqual(before - 1);
  });
});

describe('nothing changes by itself with the fixture', () => {
  it('keeps every state for a while without calls', async () => {
    const before = ha.getStates();
    await sleep(1500);
    expect(ha.getStates()).toEqual(before);
  });
});
