import { HUB_ENTITY_DOMAINS, type ApplianceType } from '@offpeak/cloud/contract';
import { parseConfig } from '@offpeak/cloud/testing';
import { describe, expect, it } from 'vitest';
import { checkFields, CONFIG_FIELDS, CONSTRAINT_FIELDS, toFormValues, toPayload } from './appliance-forms.js';

/** A config of each type the cloud accepts, to which one entity field at a time is set. */
const VALID_CONFIG: Record<ApplianceType, Record<string, unknown>> = {
  hvac: { entity_id: 'climate.a' },
  ev_charger: { entity_id: 'switch.a' },
  home_battery: { entity_id: 'switch.a' },
  water_heater: { entity_id: 'switch.a' },
  solar: {},
  dehumidifier: { entity_id: 'humidifier.a', indoor_temp_entity_id: 'sensor.a' },
  robot: { entity_id: 'vacuum.a' },
};
const ENTITY_FIELDS = Object.entries(CONFIG_FIELDS).flatMap(([type, fields]) =>
  fields.filter((f) => f.domains).map((f) => [type as ApplianceType, f.key, f.domains!] as const),
);

describe('appliance forms', () => {
  it('checks required fields and the spec bounds before sending', () => {
    expect(checkFields(CONFIG_FIELDS.ev_charger, { entity_id: '', efficiency: '0.4', max_charge_rate_kw: '7.2' })).toEqual({
      entity_id: 'Charger switch entity is required',
      efficiency: 'Charging efficiency must be between 0.5 and 1',
    });
    // Robot bounds exclude 0 ("greater than 0, up to 10").
    expect(checkFields(CONFIG_FIELDS.robot, { entity_id: 'vacuum.a', battery_capacity_kwh: '0', max_charge_rate_kw: '3' })).toEqual({
      battery_capacity_kwh: 'Battery capacity (kWh) must be greater than 0 and at most 10',
      max_charge_rate_kw: 'Maximum charge rate (kW) must be greater than 0 and at most 2',
    });
    expect(checkFields(CONFIG_FIELDS.hvac, { entity_id: 'climate.x', home_size_sqft: '1800.5' })).toEqual({
      home_size_sqft: 'Area it serves (sq ft) must be an integer',
    });
  });

  it('turns form strings into the JSON the API expects: numbers, and null for cleared nullable entities', () => {
    expect(
      toPayload(CONFIG_FIELDS.ev_charger, { entity_id: 'switch.car', battery_capacity_kwh: '75', max_charge_rate_kw: '', efficiency: '', soc_entity_id: '' }),
    ).toEqual({
      entity_id: 'switch.car',
      battery_capacity_kwh: 75,
      soc_entity_id: null,
    });
  });

  it('round-trips stored constraints through the form', () => {
    const stored = { target_charge_pct: 80, min_charge_pct: 20, deadline_time: '07:00' };
    const values = toFormValues(CONSTRAINT_FIELDS.ev_charger!, stored);
    expect(values).toEqual({ target_charge_pct: '80', min_charge_pct: '20', deadline_time: '07:00', current_charge_pct: '' });
    expect(toPayload(CONSTRAINT_FIELDS.ev_charger!, values)).toEqual(stored);
  });

  it.each(ENTITY_FIELDS)('%s %s offers the entities of the domains the cloud accepts, and the add-on reports them', (type, key, domains) => {
    const accepts = (entityId: string) => parseConfig(type, { ...VALID_CONFIG[type], [key]: entityId }).ok;
    for (const domain of domains) expect(accepts(`${domain}.x`), domain).toBe(true);
    expect(HUB_ENTITY_DOMAINS).toEqual(expect.arrayContaining([...domains]));
    // A field the cloud takes any entity for (a robot) offers the kinds its description names.
    if (!accepts('no_such_domain.x')) {
      for (const domain of HUB_ENTITY_DOMAINS) expect(accepts(`${domain}.x`), domain).toBe(domains.includes(domain));
    }
  });
});
