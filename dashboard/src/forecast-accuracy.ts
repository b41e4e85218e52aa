// Words for how good a day's forecasts were, on the savings page: each forecast's error against
// what was measured, or why there is none (nothing measured, or no forecast to compare it with).
import type { DayLedger, ForecastError } from '@offpeak/cloud/contract';
import { fmt } from './format.js';

/**
 * One forecast's line. `measured` says whether the day measured what it predicts (null: the ledger
 * does not say), so a missing error is put down to the missing side.
 */
function accuracy(what: string, e: ForecastError | null, unit: string, digits: number, measured: boolean | null): string {
  if (!e) {
    if (measured === true) return `${what}: measured, but no forecast was made for that day to compare it with.`;
    if (measured === false) return `${what}: not measured that day.`;
    return `${what}: no forecast and measurement of the same half-hours that day to compare.`;
  }
  const direction =
    Math.abs(e.bias) < 10 ** -digits
      ? ''
      : e.bias > 0
        ? `, forecast high by ${fmt(e.bias, digits)} ${unit}`
        : `, forecast low by ${fmt(-e.bias, digits)} ${unit}`;
  return `${what}: off by ${fmt(e.mae, digits)} ${unit} on average over ${e.slots} half-hours${direction}.`;
}

/**
 * The day's forecast lines: household use (measured when the ledger prices it), solar generation
 * (measured when an array has a line: the ledger gives one only to an array with production
 * readings) and indoor temperature (its readings are not in the ledger).
 */
export function forecastAccuracy(ledger: DayLedger): string[] {
  const errors = ledger.forecast_errors;
  return [
    accuracy('Household use', errors.household_load_kw, 'kW', 2, ledger.household_cost !== null),
    accuracy(
      'Solar generation',
      errors.solar_kw,
      'kW',
      2,
      ledger.appliances.some((a) => a.solar !== null),
    ),
    accuracy('Indoor temperature', errors.hvac_temperature_f, '°F', 1, null),
  ];
}
