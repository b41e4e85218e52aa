import type { HubEntity } from '@offpeak/cloud/contract';
import { describe, expect, it } from 'vitest';
import { entityChoices, entityFieldHint, entitySourceNote, matchingEntities, MAX_SHOWN_OPTIONS } from './entity-options.js';

const entity = (entity_id: string, friendly_name: string | null = null): HubEntity => ({
  entity_id,
  domain: entity_id.split('.')[0]!,
  friendly_name,
  unit_of_measurement: null,
  device_class: null,
});
const HOUSE = [entity('climate.living_room', 'Living Room'), entity('sensor.ev_battery', 'EV battery'), entity('switch.ev_charger', 'EV Charger')];

describe('entity options', () => {
  it("offers only the field's domains", () => {
    expect(entityChoices(HOUSE, ['switch', 'climate']).map((e) => e.entity_id)).toEqual(['climate.living_room', 'switch.ev_charger']);
  });

  it('matches every typed word against the name and the id, in any case', () => {
    expect(matchingEntities(HOUSE, '').length).toBe(3);
    expect(matchingEntities(HOUSE, 'ev').map((e) => e.entity_id)).toEqual(['sensor.ev_battery', 'switch.ev_charger']);
    expect(matchingEntities(HOUSE, 'Charger  SWITCH').map((e) => e.entity_id)).toEqual(['switch.ev_charger']);
    expect(matchingEntities(HOUSE, 'living_room').map((e) => e.entity_id)).toEqual(['climate.living_room']);
    expect(matchingEntities(HOUSE, 'garage')).toEqual([]);
    expect(matchingEntities(HOUSE, 'switch.ev_charger').length).toBe(3);
    const many = Array.from({ length: 80 }, (_, i) => entity(`sensor.s${i}`));
    expect(matchingEntities(many, 'sensor')).toHaveLength(MAX_SHOWN_OPTIONS);
  });

  it('says where the choices come from, and what to do when there are none', () => {
    expect(entitySourceNote({ entities: [], reported_at: null }, ['climate'])).toMatch(/install and start the Offpeak add-on/);
    const reported = { entities: HOUSE, reported_at: '2026-11-28T12:00:00.000Z' };
    expect(entitySourceNote(reported, ['humidifier'])).toBe(
      'Home Assistant reported no humidifier.* entity through the Offpeak add-on; type the id if it has another.',
    );
    expect(entitySourceNote(reported, ['climate'])).toBe('Pick the climate.* entity the Offpeak add-on reported from Home Assistant, or type an id.');
    expect(entitySourceNote(reported, ['switch', 'climate'])).toBe(
      'Pick one of the 2 switch.* or climate.* entities the Offpeak add-on reported from Home Assistant (type to search), or type an id.',
    );
  });

  it("puts the note after the field's own description once the list is loaded", () => {
    const none = { entities: [], reported_at: null };
    expect(entityFieldHint('A weather.* entity.', undefined, ['weather'])).toBe('A weather.* entity.');
    expect(entityFieldHint('A weather.* entity.', none, ['weather'])).toBe(`A weather.* entity. ${entitySourceNote(none, ['weather'])}`);
  });
});
