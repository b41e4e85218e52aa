import { describe, expect, it } from 'vitest';
import { hourlyNumbers, hourOfError } from './hourly-rates.js';

describe('hourly rates', () => {
  it('sends numbers, negative ones too, and an empty input as a non-number the API will name', () => {
    expect(hourlyNumbers(['10', '-2.5', ' 3 '])).toEqual([10, -2.5, 3]);
    expect(hourlyNumbers(['', '1'])[0]).toBeNaN();
  });

  it.each([
    ['rate at hour 17 must be between 0 and 200 cents/kWh', 17],
    ['export rate at hour 0 must be between -100 and 500 cents/kWh', 0],
    ['export_hourly_rates_cents_per_kwh must have exactly 24 values', null],
    [undefined, null],
  ])('%s names hour %s', (error, hour) => {
    expect(hourOfError(error)).toBe(hour);
  });
});
