import { describe, expect, it } from 'vitest';
import { APPLIANCE_TYPES, applianceTypes, entitiesOf, isApplianceType, parseConfig, parseConstraints, takesConstraints, type ApplianceType } from './index.js';

/** A minimal valid config per type. */
const VALID: Record<ApplianceType, Record<string, unknown>> = {
  hvac: { entity_id: 'climate.living_room' },
  ev_charger: { entity_id: 'switch.ev' },
  home_battery: { entity_id: 'select.battery_mode' },
  water_heater: { entity_id: 'switch.tank' },
  solar: {},
  dehumidifier: { entity_id: 'humidifier.basement', indoor_temp_entity_id: 'sensor.basement_temp' },
  robot: { entity_id: 'vacuum.kitchen' },
};

describe('registry', () => {
  it('has one spec per contract type, keyed by its own type', () => {
    expect(Object.keys(applianceTypes).sort()).toEqual([...APPLIANCE_TYPES].sort());
    for (const type of APPLIANCE_TYPES) expect(applianceTypes[type].type).toBe(type);
  });

  it('gives every type a planner, and a place in the import limit unless it produces (solar)', () => {
    for (const type of APPLIANCE_TYPES) expect(typeof applianceTypes[type].planner).toBe('function');
    expect(APPLIANCE_TYPES.filter((t) => applianceTypes[t].allocation === null)).toEqual(['solar']);
  });

  it('sends HVAC and dehumidifier readings to the HVAC endpoint, every other type with a value range', () => {
    expect(APPLIANCE_TYPES.filter((t) => applianceTypes[t].readings.endpoint === 'hvac')).toEqual(['hvac', 'dehumidifier']);
  });

  it('recognises exactly the seven types', () => {
    for (const type of APPLIANCE_TYPES) expect(isApplianceType(type)).toBe(true);
    for (const other of ['HVAC', 'heater', '', null, 3]) expect(isApplianceType(other)).toBe(false);
  });

  it.each(APPLIANCE_TYPES)('accepts the minimal %s config', (type) => {
    expect(parseConfig(type, VALID[type])).toEqual({ ok: true, value: VALID[type] });
  });

  it('takes constraints only for ev_charger, home_battery, water_heater and robot', () => {
    expect(APPLIANCE_TYPES.filter(takesConstraints)).toEqual(['ev_charger', 'home_battery', 'water_heater', 'robot']);
  });
});

describe('parseConfig', () => {
  it('keeps every known field and drops unknown keys', () => {
    const full = {
      battery_capacity_kwh: 75,
      max_charge_rate_kw: 11.5,
      efficiency: 0.9,
      entity_id: 'switch.ev',
      soc_entity_id: null,
    };
    expect(parseConfig('ev_charger', { ...full, colour: 'red' })).toEqual({ ok: true, value: full });
  });

  it.each([
    ['hvac', {}, 'entity_id: is required'],
    ['hvac', { entity_id: 'switch.ac' }, 'entity_id: must be a climate.* entity id'],
    ['hvac', { entity_id: 'Climate.Living' }, 'entity_id: must be a climate.* entity id'],
    ['hvac', { entity_id: 42 }, 'entity_id: must be a climate.* entity id'],
    ['hvac', { entity_id: null }, 'entity_id: is required'],
    ['hvac', { entity_id: 'climate.a', hvac_type: 'boiler' }, "hvac_type: must be one of ('central_ac', 'window_ac', 'heat_pump', 'furnace', 'mini_split')"],
    ['hvac', { entity_id: 'climate.a', home_size_sqft: 99 }, 'home_size_sqft: must be between 100 and 20000'],
    ['hvac', { entity_id: 'climate.a', home_size_sqft: 1500.5 }, 'home_size_sqft: must be an integer'],
    ['hvac', { entity_id: 'climate.a', home_size_sqft: '1500' }, 'home_size_sqft: must be an integer'],
    ['hvac', { entity_id: 'climate.a', indoor_temp_entity_id: 'climate.b' }, 'indoor_temp_entity_id: must be a sensor.* entity id or null'],
    ['hvac', { setpoint_min_f: 39 }, 'setpoint_min_f: must be between 40 and 99'],
    ['hvac', { setpoint_min_f: 80, setpoint_max_f: 70 }, 'setpoint_max_f: must be at least setpoint_min_f'],
    ['hvac', { ir_protocol: 5 }, 'ir_protocol: must be a string'],
    ['hvac', { ir_protocol: 'x'.repeat(101) }, 'ir_protocol: must be at most 100 characters'],
    ['ev_charger', {}, 'entity_id: is required'],
    ['ev_charger', { entity_id: 'climate.ev' }, 'entity_id: must be a switch.* entity id'],
    ['ev_charger', { entity_id: 'switch.ev', battery_capacity_kwh: 301 }, 'battery_capacity_kwh: must be between 0 and 300'],
    ['ev_charger', { entity_id: 'switch.ev', battery_capacity_kwh: -1 }, 'battery_capacity_kwh: must be between 0 and 300'],
    ['ev_charger', { entity_id: 'switch.ev', battery_capacity_kwh: Infinity }, 'battery_capacity_kwh: must be between 0 and 300'],
    ['ev_charger', { entity_id: 'switch.ev', battery_capacity_kwh: '75' }, 'battery_capacity_kwh: must be a number'],
    ['ev_charger', { entity_id: 'switch.ev', battery_capacity_kwh: null }, 'battery_capacity_kwh: must be a number'],
    ['ev_charger', { entity_id: 'switch.ev', max_charge_rate_kw: 51 }, 'max_charge_rate_kw: must be between 0 and 50'],
    ['ev_charger', { entity_id: 'switch.ev', efficiency: 0.4 }, 'efficiency: must be between 0.5 and 1'],
    ['ev_charger', { entity_id: 'switch.ev', soc_entity_id: '' }, 'soc_entity_id: must be a sensor.* entity id or null'],
    [
      'home_battery',
      { entity_id: 'sensor.battery' },
      'entity_id: must be a switch.*, button.*, select.*, input_boolean.*, input_button.* or input_select.* entity id',
    ],
    ['home_battery', { entity_id: 'switch.b', capacity_kwh: 300.1 }, 'capacity_kwh: must be between 0 and 300'],
    ['home_battery', { entity_id: 'switch.b', max_discharge_rate_kw: 60 }, 'max_discharge_rate_kw: must be between 0 and 50'],
    ['water_heater', { entity_id: 'water_heater.tank' }, 'entity_id: must be a switch.* or climate.* entity id'],
    ['water_heater', { entity_id: 'switch.t', tank_size_gallons: 201 }, 'tank_size_gallons: must be between 0 and 200'],
    ['water_heater', { entity_id: 'switch.t', element_watts: 4500.5 }, 'element_watts: must be an integer'],
    ['water_heater', { entity_id: 'switch.t', insulation_factor: 0.06 }, 'insulation_factor: must be between 0.01 and 0.05'],
    ['water_heater', { entity_id: 'switch.t', temp_entity_id: 'switch.x' }, 'temp_entity_id: must be a sensor.* entity id or null'],
    ['solar', { system_size_kw: 101 }, 'system_size_kw: must be between 0 and 100'],
    ['solar', { azimuth_degrees: 361 }, 'azimuth_degrees: must be between 0 and 360'],
    ['solar', { tilt_degrees: 45.5 }, 'tilt_degrees: must be an integer'],
    ['solar', { production_sensor_entity_id: 'switch.pv' }, 'production_sensor_entity_id: must be a sensor.* entity id or null'],
    ['dehumidifier', { indoor_temp_entity_id: 'sensor.t' }, 'entity_id: is required'],
    ['dehumidifier', { entity_id: 'humidifier.d' }, 'indoor_temp_entity_id: is required'],
    ['dehumidifier', { entity_id: 'switch.d', indoor_temp_entity_id: 'sensor.t' }, 'entity_id: must be a humidifier.* entity id'],
    ['dehumidifier', { ...VALID.dehumidifier, capacity_pints_per_day: 201 }, 'capacity_pints_per_day: must be between 0 and 200'],
    ['robot', {}, 'entity_id: is required'],
    ['robot', { entity_id: 'not an entity' }, 'entity_id: must be an entity id such as vacuum.kitchen'],
    ['robot', { entity_id: 'vacuum.k', battery_capacity_kwh: 0 }, 'battery_capacity_kwh: must be greater than 0 and at most 10'],
    ['robot', { entity_id: 'vacuum.k', max_charge_rate_kw: 2.5 }, 'max_charge_rate_kw: must be greater than 0 and at most 2'],
  ] as [ApplianceType, Record<string, unknown>, string][])('%s %j -> %s', (type, config, detail) => {
    expect(parseConfig(type, config)).toEqual({ ok: false, detail });
  });

  it('reports the first failing field in declaration order', () => {
    expect(parseConfig('ev_charger', { efficiency: 2, battery_capacity_kwh: 999 })).toEqual({
      ok: false,
      detail: 'battery_capacity_kwh: must be between 0 and 300',
    });
  });

  it('accepts boundaries and robot entities of any domain', () => {
    expect(parseConfig('ev_charger', { entity_id: 'switch.ev', battery_capacity_kwh: 0, efficiency: 1 }).ok).toBe(true);
    expect(parseConfig('robot', { entity_id: 'lawn_mower.garden', battery_capacity_kwh: 10, max_charge_rate_kw: 2 }).ok).toBe(true);
    for (const domain of ['switch', 'button', 'select', 'input_boolean', 'input_button', 'input_select']) {
      expect(parseConfig('home_battery', { entity_id: `${domain}.battery` }).ok).toBe(true);
    }
    expect(parseConfig('water_heater', { entity_id: 'climate.tank' }).ok).toBe(true);
  });

  it('accepts mini_split and every documented hvac_type', () => {
    for (const hvac_type of ['central_ac', 'window_ac', 'heat_pump', 'furnace', 'mini_split']) {
      expect(parseConfig('hvac', { entity_id: 'climate.a', hvac_type }).ok).toBe(true);
    }
  });

  describe('satellite HVAC', () => {
    const claimed = { hvac_type: 'mini_split', ir_protocol: 'daikin', setpoint_min_f: 61, setpoint_max_f: 86 };

    it('needs no entity_id when the config carries a satellite field', () => {
      expect(parseConfig('hvac', claimed)).toEqual({ ok: true, value: claimed });
      expect(parseConfig('hvac', { setpoint_max_f: 80 })).toEqual({ ok: true, value: { setpoint_max_f: 80 } });
    });

    it('keeps the stored satellite fields on a PUT that omits them, and needs no entity_id', () => {
      expect(parseConfig('hvac', { home_size_sqft: 900 }, claimed)).toEqual({
        ok: true,
        value: { home_size_sqft: 900, ir_protocol: 'daikin', setpoint_min_f: 61, setpoint_max_f: 86 },
      });
    });

    it('replaces a stored satellite field the PUT sends', () => {
      const result = parseConfig('hvac', { setpoint_min_f: 65 }, claimed);
      expect(result).toEqual({ ok: true, value: { setpoint_min_f: 65, ir_protocol: 'daikin', setpoint_max_f: 86 } });
    });

    it('needs no entity_id on a PUT of a claimed unit stored without satellite fields', () => {
      expect(parseConfig('hvac', { hvac_type: 'window_ac' }, {})).toEqual({ ok: true, value: { hvac_type: 'window_ac' } });
    });

    it('still needs entity_id on a PUT of a unit that had one', () => {
      expect(parseConfig('hvac', { hvac_type: 'window_ac' }, { entity_id: 'climate.a' })).toEqual({ ok: false, detail: 'entity_id: is required' });
    });
  });
});

describe('parseConstraints', () => {
  it.each([
    ['ev_charger', { target_charge_pct: 80, min_charge_pct: 20, deadline_time: '07:30', current_charge_pct: 35.5 }],
    ['home_battery', { target_charge_pct: 100, min_charge_pct: 10, deadline_time: '16:00' }],
    ['water_heater', { max_temp_f: 140, min_temp_f: 110 }],
    ['robot', { target_charge_pct: 90, min_charge_pct: 90, current_charge_pct: 0, tasks_window_start: '22:00', tasks_window_end: '02:00' }],
  ] as [ApplianceType, Record<string, unknown>][])('accepts a full %s set', (type, constraints) => {
    expect(parseConstraints(type, constraints)).toEqual({ ok: true, value: constraints });
  });

  it('drops null fields and unknown keys, so the result is exactly what to store', () => {
    expect(parseConstraints('ev_charger', { target_charge_pct: 80, min_charge_pct: null, max_temp_f: 120 })).toEqual({
      ok: true,
      value: { target_charge_pct: 80 },
    });
    expect(parseConstraints('home_battery', {})).toEqual({ ok: true, value: {} });
  });

  it.each([
    ['ev_charger', { target_charge_pct: 101 }, 'target_charge_pct: must be between 0 and 100'],
    ['ev_charger', { min_charge_pct: -1 }, 'min_charge_pct: must be between 0 and 100'],
    ['ev_charger', { current_charge_pct: '50' }, 'current_charge_pct: must be a number or null'],
    ['ev_charger', { deadline_time: '7:30' }, 'deadline_time: must be HH:MM'],
    ['ev_charger', { deadline_time: '24:00' }, 'deadline_time: must be HH:MM'],
    ['ev_charger', { deadline_time: 730 }, 'deadline_time: must be HH:MM'],
    ['ev_charger', { target_charge_pct: 50, min_charge_pct: 60 }, 'min_charge_pct: must be at most target_charge_pct'],
    ['home_battery', { target_charge_pct: 20, min_charge_pct: 30 }, 'min_charge_pct: must be at most target_charge_pct'],
    ['water_heater', { max_temp_f: 181 }, 'max_temp_f: must be between 80 and 180'],
    ['water_heater', { min_temp_f: 60 }, 'min_temp_f: must be between 80 and 180'],
    ['water_heater', { max_temp_f: 120, min_temp_f: 120 }, 'min_temp_f: must be less than max_temp_f'],
    ['robot', { tasks_window_start: '09:00' }, 'tasks_window_end: is required when tasks_window_start is set'],
    ['robot', { tasks_window_end: '09:00' }, 'tasks_window_start: is required when tasks_window_end is set'],
    ['robot', { tasks_window_start: '09:00', tasks_window_end: '09:00' }, 'tasks_window_end: must differ from tasks_window_start'],
    ['robot', { target_charge_pct: 10, min_charge_pct: 20 }, 'min_charge_pct: must be at most target_charge_pct'],
    ['hvac', {}, 'hvac appliances take no constraints'],
    ['solar', { target_charge_pct: 10 }, 'solar appliances take no constraints'],
    ['dehumidifier', {}, 'dehumidifier appliances take no constraints'],
  ] as [ApplianceType, Record<string, unknown>, string][])('%s %j -> %s', (type, constraints, detail) => {
    expect(parseConstraints(type, constraints)).toEqual({ ok: false, detail });
  });
});

describe('entitiesOf', () => {
  it.each([
    [
      'hvac',
      { entity_id: 'climate.a', indoor_temp_entity_id: 'sensor.t', hvac_type: 'central_ac' },
      { entity_id: 'climate.a', indoor_temp_entity_id: 'sensor.t' },
    ],
    ['hvac', { entity_id: 'climate.a', indoor_temp_entity_id: null }, { entity_id: 'climate.a' }],
    ['hvac', { ir_protocol: 'daikin' }, {}],
    ['ev_charger', { entity_id: 'switch.ev', soc_entity_id: 'sensor.soc' }, { entity_id: 'switch.ev', soc_entity_id: 'sensor.soc' }],
    ['home_battery', { entity_id: 'switch.b' }, { entity_id: 'switch.b' }],
    ['water_heater', { entity_id: 'switch.t', temp_entity_id: 'sensor.t' }, { entity_id: 'switch.t', temp_entity_id: 'sensor.t' }],
    ['dehumidifier', { entity_id: 'humidifier.d', indoor_temp_entity_id: 'sensor.t' }, { entity_id: 'humidifier.d' }],
    ['robot', { entity_id: 'vacuum.k', soc_entity_id: 'sensor.k' }, { entity_id: 'vacuum.k' }],
    ['solar', { production_sensor_entity_id: 'sensor.pv' }, null],
  ] as [ApplianceType, Record<string, unknown>, unknown][])('%s %j -> %j', (type, config, entities) => {
    expect(entitiesOf(type, config)).toEqual(entities);
  });
});
