import type { SchedulesView } from '@offpeak/cloud/contract';
import { describe, expect, it } from 'vitest';
import { restBase } from './ha-rest.js';
import { isPublishedEntity, objectId, planEntities } from './plan-entities.js';

const reasons = Array.from({ length: 48 }, (_, i) =>
  i < 4
    ? { code: 'cheapest_left', price_cents: 5, by: '07:00', compared_cents: 6 }
    : i < 14
      ? { code: 'nothing_needed', price_cents: 5 }
      : { code: 'away', price_cents: 30 },
);
const view = {
  date: '2026-11-24',
  optimization_enabled: true,
  integration_health: {},
  made: [{ appliance_id: 'a1', created_at: '2026-11-24T14:05:00.000Z', trigger: 'debounced', changes: ['measured_plug'] }],
  home: { expected_cost_cents: 412.6, load_kw_48: [], grid_import_kw_48: [], export_kw_48: [], source: 'typical', max_import_kw: null },
  appliances: [
    { appliance_id: 'a1', appliance_type: 'ev_charger', name: 'Car', schedule: { intervals: [], reasons_48: reasons, summary: 'Charges 00:00-02:00 at 5 ¢.' } },
    { appliance_id: 'a2', appliance_type: 'dehumidifier', name: 'Basement', schedule: {} },
  ],
} as unknown as SchedulesView;

describe('planEntities', () => {
  it('one plan sensor per planned appliance, the expected cost and the link, named as Home Assistant names them', () => {
    const entities = planEntities({ view, slotIndex: 1, slotStart: (i) => `slot-${i}`, ledger: null, isCloudLinked: true });
    expect(entities.map((e) => e.entity_id)).toEqual(['sensor.offpeak_car_plan', 'sensor.offpeak_expected_cost_today', 'binary_sensor.offpeak_cloud_link']);
    const [car, cost, link] = entities;
    expect(car).toMatchObject({
      state: 'charging',
      attributes: {
        friendly_name: 'Car plan',
        reason: 'cheapest_left',
        price_cents: 5,
        compared_cents: 6,
        summary: 'Charges 00:00-02:00 at 5 ¢.',
        made_at: '2026-11-24T14:05:00.000Z',
        trigger: 'debounced',
        changes: ['measured_plug'],
      },
    });
    expect((car!.attributes.plan as unknown[])[20]).toEqual({ start: 'slot-20', action: 'away', on: false, price_cents: 30, reason: 'away' });
    expect(cost).toMatchObject({ state: '4.13', attributes: { unit_of_measurement: 'USD', device_class: 'monetary' } });
    expect(link).toMatchObject({ state: 'on', attributes: { device_class: 'connectivity' } });
  });

  it('a slot charged on solar surplus is charging, with the surplus and the grid price it avoids', () => {
    const sunny = reasons.map((r, i) => (i === 1 ? { code: 'solar_surplus', price_cents: 5.5, surplus_kw: 2.45, grid_cents: 30, by: '19:00' } : r));
    const onSun = {
      ...view,
      appliances: [{ ...view.appliances[0]!, schedule: { intervals: [], reasons_48: sunny, summary: '' } }],
    } as unknown as SchedulesView;
    const [car] = planEntities({ view: onSun, slotIndex: 1, slotStart: (i) => `slot-${i}`, ledger: null, isCloudLinked: true });
    expect(car).toMatchObject({ state: 'charging', attributes: { reason: 'solar_surplus', price_cents: 5.5, surplus_kw: 2.45, grid_cents: 30 } });
    expect((car!.attributes.plan as unknown[])[1]).toMatchObject({ action: 'charging', on: true, reason: 'solar_surplus' });
  });

  it('a water heater heats in the slots its plan stores heat in, where a robot charges on its dock', () => {
    const storing = {
      ...view,
      appliances: [
        { appliance_id: 'a3', appliance_type: 'water_heater', name: 'Tank', schedule: { intervals: [], reasons_48: reasons, summary: '' } },
        { appliance_id: 'a4', appliance_type: 'robot', name: 'Mower', schedule: { intervals: [], reasons_48: reasons, summary: '' } },
      ],
    } as unknown as SchedulesView;
    const [tank, mower] = planEntities({ view: storing, slotIndex: 1, slotStart: (i) => `slot-${i}`, ledger: null, isCloudLinked: true });
    expect([tank!.state, mower!.state]).toEqual(['heating', 'charging']);
  });

  it('knows its own entities (the hub entity report leaves them out)', () => {
    expect([
      isPublishedEntity('sensor.offpeak_car_plan'),
      isPublishedEntity('binary_sensor.offpeak_cloud_link'),
      isPublishedEntity('sensor.ev_battery'),
    ]).toEqual([true, true, false]);
  });

  it('object ids: lower case, a-z 0-9 and underscores', () => {
    expect([objectId('Living room'), objectId('Chauffe-eau Été'), objectId('!!')]).toEqual(['living_room', 'chauffe_eau_ete', 'appliance']);
  });

  it("Core's REST base from its WebSocket URL", () => {
    expect(restBase('ws://supervisor/core/websocket')).toBe('http://supervisor/core/api');
    expect(restBase('wss://ha.example.com:8123/api/websocket')).toBe('https://ha.example.com:8123/api');
  });
});
