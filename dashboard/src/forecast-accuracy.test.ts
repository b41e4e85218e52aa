import type { DayLedger } from '@offpeak/cloud/contract';
import { describe, expect, it } from 'vitest';
import { forecastAccuracy } from './forecast-accuracy.js';

const roof: DayLedger['appliances'][number] = {
  appliance_id: 'a1',
  appliance_type: 'solar',
  name: 'Roof',
  actual_cost: -0.1,
  baseline_cost: -0.1,
  hindsight_cost: -0.1,
  basis: 'readings',
  baseline: 'the same production',
  note: null,
  solar: { generation_kwh: 3, self_consumed_kwh: 1, exported_kwh: 2, self_consumed_value: 0.1, export_value: 0 },
};

const ledger = (over: Partial<DayLedger>): DayLedger => ({
  date: '2026-11-27',
  actual_cost: 0,
  baseline_cost: 0,
  hindsight_cost: 0,
  saving: 0,
  missed_saving: 0,
  note: null,
  household_cost: null,
  appliances: [],
  forecast_errors: { household_load_kw: null, solar_kw: null, hvac_temperature_f: null },
  ...over,
});

describe('forecast accuracy on the savings page', () => {
  it('a day measured without a forecast says the forecast is missing, not the measurement', () => {
    expect(forecastAccuracy(ledger({ household_cost: 0.1, appliances: [roof] }))).toEqual([
      'Household use: measured, but no forecast was made for that day to compare it with.',
      'Solar generation: measured, but no forecast was made for that day to compare it with.',
      'Indoor temperature: no forecast and measurement of the same half-hours that day to compare.',
    ]);
  });

  it('a day with nothing measured says so', () => {
    expect(forecastAccuracy(ledger({})).slice(0, 2)).toEqual(['Household use: not measured that day.', 'Solar generation: not measured that day.']);
  });

  it('a forecast compared with its measurement gives its error and which way it leaned', () => {
    const lines = forecastAccuracy(
      ledger({
        household_cost: 2.5,
        forecast_errors: {
          household_load_kw: { mae: 0.312, bias: -0.2, slots: 48 },
          solar_kw: null,
          hvac_temperature_f: { mae: 0.84, bias: 0.01, slots: 40 },
        },
      }),
    );
    expect(lines[0]).toBe('Household use: off by 0.31 kW on average over 48 half-hours, forecast low by 0.20 kW.');
    expect(lines[2]).toBe('Indoor temperature: off by 0.8 °F on average over 40 half-hours.');
  });
});
