import { describe, expect, it } from 'vitest';
import type { ApplianceType } from '../appliance-types/index.js';
import { HVAC_READING_TYPES, hvacOnValueEndpointDetail, takesHvacReadings, valueRangeDetail } from './value-ranges.js';

const PERCENT = 'EV/battery value must be 0-100 (percent)';
const WATER = 'Value must be 60-180 (degrees F) for water_heater';
const SOLAR = 'Value must be 0-100000 (watts) for solar';

describe('valueRangeDetail', () => {
  it.each([
    ['ev_charger', 0, null],
    ['ev_charger', 100, null],
    ['ev_charger', 100.1, PERCENT],
    ['ev_charger', -0.1, PERCENT],
    ['home_battery', 55.5, null],
    ['home_battery', 101, PERCENT],
    ['robot', 100, null],
    ['robot', -1, PERCENT],
    ['water_heater', 60, null],
    ['water_heater', 180, null],
    ['water_heater', 59.9, WATER],
    ['water_heater', 181, WATER],
    ['solar', 0, null],
    ['solar', 100_000, null],
    ['solar', 100_001, SOLAR],
    ['solar', -5, SOLAR],
    ['solar', Infinity, SOLAR],
  ] as const)('%s value %d -> %j', (type, value, expected) => {
    expect(valueRangeDetail(type as ApplianceType, value)).toBe(expected);
  });
});

describe('takesHvacReadings', () => {
  it.each([
    ['hvac', true],
    ['dehumidifier', true],
    ['ev_charger', false],
    ['solar', false],
  ] as const)('%s -> %s', (type, expected) => {
    expect(takesHvacReadings(type)).toBe(expected);
  });

  it('points HVAC-like appliances to the HVAC endpoint', () => {
    expect(hvacOnValueEndpointDetail('dehumidifier')).toBe(
      'dehumidifier appliances take readings through POST /api/v1/readings, not the appliance readings endpoint',
    );
  });
});

describe('valueRangeDetail of a type without value readings', () => {
  it('refuses every value with the HVAC endpoint detail', () => {
    expect(valueRangeDetail('hvac', 20)).toBe('hvac appliances take readings through POST /api/v1/readings, not the appliance readings endpoint');
  });
});

describe('HVAC_READING_TYPES', () => {
  it('lists the types whose readings go to POST /api/v1/readings', () => {
    expect(HVAC_READING_TYPES).toEqual(['hvac', 'dehumidifier']);
  });
});
