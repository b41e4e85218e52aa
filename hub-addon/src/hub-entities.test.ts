import type { HassEntities, HassEntity } from 'home-assistant-js-websocket';
import { describe, expect, it } from 'vitest';
import { ENTITY_ID_PATTERN } from '@offpeak/cloud/contract';
import { ENTITY_ID, reportedEntities } from './hub-entities.js';

const entity = (entity_id: string, attributes: Record<string, unknown> = {}): HassEntity => ({
  entity_id,
  state: 'on',
  attributes,
  last_changed: '2026-01-01T00:00:00Z',
  last_updated: '2026-01-01T00:00:00Z',
  context: { id: 'c', parent_id: null, user_id: null },
});
const house = (...list: HassEntity[]): HassEntities => Object.fromEntries(list.map((e) => [e.entity_id, e]));

describe('reportedEntities', () => {
  it('keeps the domains a form can name, sensors only with a unit, controllables first', () => {
    const entities = house(
      entity('sensor.power', { unit_of_measurement: 'W', device_class: 'power', friendly_name: 'Power' }),
      entity('sensor.version', { friendly_name: 'Version' }),
      entity('light.kitchen', { friendly_name: 'Kitchen' }),
      entity('switch.ev', { friendly_name: 'EV' }),
      entity('climate.hall', { friendly_name: 'Hall', unit_of_measurement: '' }),
    );
    expect(reportedEntities(entities)).toEqual([
      { entity_id: 'climate.hall', friendly_name: 'Hall', unit_of_measurement: null, device_class: null },
      { entity_id: 'switch.ev', friendly_name: 'EV', unit_of_measurement: null, device_class: null },
      { entity_id: 'sensor.power', friendly_name: 'Power', unit_of_measurement: 'W', device_class: 'power' },
    ]);
  });

  it('cuts long names to the bound, leaves out ids the cloud would refuse, and keeps at most 1000 (sensors go first)', () => {
    const sensors = Array.from({ length: 1000 }, (_, i) => entity(`sensor.s${String(i).padStart(4, '0')}`, { unit_of_measurement: '%' }));
    const list = reportedEntities(house(...sensors, entity('switch.Bad Id'), entity('climate.a', { friendly_name: 'x'.repeat(300) })));
    expect(list).toHaveLength(1000);
    expect(list[0]).toEqual({ entity_id: 'climate.a', friendly_name: 'x'.repeat(255), unit_of_measurement: null, device_class: null });
    expect(list.at(-1)!.entity_id).toBe('sensor.s0998');
  });
});

describe('the entity id rule', () => {
  it("is the cloud's, so no reported id is refused", () => {
    expect(ENTITY_ID.source).toBe(ENTITY_ID_PATTERN.source);
  });
});
