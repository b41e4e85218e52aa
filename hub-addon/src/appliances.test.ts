import type { Appliance } from '@offpeak/cloud/contract';
import { describe, expect, it } from 'vitest';
import { entityUses, hubAppliances } from './appliances.js';
import type { ApplianceOverride } from './config.js';

const appliance = (appliance_type: Appliance['appliance_type'], config: Record<string, unknown>): Appliance => ({
  id: `${appliance_type}-1`,
  user_id: 'u',
  appliance_type,
  name: appliance_type,
  config,
  is_active: true,
  created_at: '2026-11-01T00:00:00Z',
});

describe('hubAppliances', () => {
  it("takes each charge appliance's capacity from its own config field, for a SOC sensor in kWh", () => {
    const list = [
      appliance('home_battery', { entity_id: 'select.b', soc_entity_id: 'sensor.b', capacity_kwh: 10 }),
      appliance('ev_charger', { entity_id: 'switch.ev', soc_entity_id: 'sensor.ev', battery_capacity_kwh: 60 }),
      appliance('robot', { entity_id: 'vacuum.r', battery_capacity_kwh: 0.1 }),
      appliance('ev_charger', { entity_id: 'switch.ev2', battery_capacity_kwh: 0 }),
      appliance('hvac', { entity_id: 'climate.x' }),
    ];
    expect(hubAppliances(list, [], []).map((a) => a.capacityKwh)).toEqual([10, 60, 0.1, undefined, undefined]);
  });
});

describe('a solar array', () => {
  const solar = appliance('solar', { system_size_kw: 5, production_sensor_entity_id: 'sensor.pv_power' });

  it('reads the production sensor its config names (its schedule entry carries no entities), and lists it among the entities used', () => {
    const [array] = hubAppliances([solar], [], []);
    expect(array!.entities).toEqual({ production_sensor_entity_id: 'sensor.pv_power' });
    expect(entityUses([array!])).toEqual([{ entityId: 'sensor.pv_power', appliance: array, role: 'production_sensor_entity_id' }]);
  });

  it('keeps the sensor set in Offpeak whatever the add-on options say, and reads none when the config names none', () => {
    const override = { appliance: 'solar', production_sensor_entity_id: 'sensor.other' } as ApplianceOverride;
    expect(hubAppliances([solar], [], [override])[0]!.entities).toEqual({ production_sensor_entity_id: 'sensor.pv_power' });
    expect(hubAppliances([appliance('solar', { production_sensor_entity_id: null })], [], [])[0]!.entities).toEqual({});
  });
});
