import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDynamicZone } from '../catalog.js';
import { dynamicCurve } from '../dynamic-curve.js';
import { DEFAULT_AGILE_PRODUCT, octopusAdapter } from './octopus.js';

const zone = findDynamicZone('octopus-agile-c')!;
const fixture = readFileSync(new URL('./fixtures/octopus-agile-c-2024-03-12.json', import.meta.url));
const sample = zone.sample_day.prices_per_mwh;
const parse = (value: unknown) => octopusAdapter.parse(Buffer.from(JSON.stringify(value)), zone, '2024-03-12');

describe('octopus adapter', () => {
  it.each([
    ['2024-03-12', undefined, DEFAULT_AGILE_PRODUCT, '2024-03-12T00:00Z', '2024-03-13T00:00Z'], // GMT
    ['2024-07-15', { productCode: 'AGILE-FLEX-22-11-25' }, 'AGILE-FLEX-22-11-25', '2024-07-14T23:00Z', '2024-07-15T23:00Z'], // BST
  ])('requests the UK day %s', (date, credentials, product, from, to) => {
    expect(octopusAdapter.buildRequest('http://127.0.0.1:9', zone, date, credentials)).toEqual({
      url: `http://127.0.0.1:9/v1/products/${product}/electricity-tariffs/E-1R-${product}-C/standard-unit-rates/` + `?period_from=${from}&period_to=${to}`,
    });
  });

  it('reads half-hour VAT-inclusive pence/kWh as GBP/MWh, oldest first', () => {
    const points = octopusAdapter.parse(fixture, zone, '2024-03-12');
    expect(points).toHaveLength(48);
    expect(points[0]?.startUtc.toISOString()).toBe('2024-03-12T00:00:00.000Z');
    expect(points[0]?.endUtc.toISOString()).toBe('2024-03-12T00:30:00.000Z');
    expect(points[0]?.pricePerMwh).toBeCloseTo(150, 9); // 15.0 p/kWh inc VAT
    // Back through the curve: pence/kWh again, each half-hour its own price.
    const curve = dynamicCurve(points, '2024-03-12', 'Europe/London', 0);
    expect(curve?.slice(0, 4)).toEqual([15, 15.4, 14.6, 15]);
    const hourlyMeans = Array.from({ length: 24 }, (_, h) => ((curve?.[2 * h] ?? 0) + (curve?.[2 * h + 1] ?? 0)) * 5);
    hourlyMeans.forEach((v, h) => expect(v).toBeCloseTo(sample[h]!, 6));
  });

  it('keeps negative prices', () => {
    const points = parse({
      results: [{ value_inc_vat: -2.1, valid_from: '2024-03-12T13:00:00Z', valid_to: '2024-03-12T13:30:00Z' }],
    });
    expect(points[0]?.pricePerMwh).toBeCloseTo(-21, 9);
  });

  it.each([
    ['no results', { detail: 'Not found.' }, /expected \{ results/],
    ['empty results', { results: [] }, /no prices for region C/],
    ['a null valid_to', { results: [{ value_inc_vat: 1, valid_from: '2024-03-12T00:00:00Z', valid_to: null }] }, /valid_to is not a timestamp/],
    ['an inverted slot', { results: [{ value_inc_vat: 1, valid_from: '2024-03-12T01:00:00Z', valid_to: '2024-03-12T00:30:00Z' }] }, /ends before it starts/],
    ['a missing price', { results: [{ valid_from: '2024-03-12T00:00:00Z', valid_to: '2024-03-12T00:30:00Z' }] }, /value_inc_vat is not a number/],
    ['a non-object result', { results: ['x'] }, /result 0 is not an object/],
  ])('rejects %s', (_name, value, message) => {
    expect(() => parse(value)).toThrow(message);
  });
});
