import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDynamicZone } from '../catalog.js';
import { dynamicCurve } from '../dynamic-curve.js';
import { isoneAdapter } from './isone.js';

const zone = findDynamicZone('isone-hub')!;
const fixture = readFileSync(new URL('./fixtures/isone-hourlylmp-da-2024-01-22.json', import.meta.url));
const sample = zone.sample_day.prices_per_mwh;
const parse = (value: unknown) => isoneAdapter.parse(Buffer.from(JSON.stringify(value)), zone, '2024-01-22');

describe('isone adapter', () => {
  it('builds a basic-auth JSON request', () => {
    expect(isoneAdapter.buildRequest('http://127.0.0.1:9', zone, '2024-01-22', { username: 'user', password: 'pass' })).toEqual({
      url: 'http://127.0.0.1:9/api/v1.1/hourlylmp/da/final/day/20240122/location/4000',
      headers: { Accept: 'application/json', Authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(() => isoneAdapter.buildRequest('http://h', zone, '2024-01-22', { username: 'u' })).toThrow(/password/);
  });

  it('reads BeginDate with its offset', () => {
    const points = isoneAdapter.parse(fixture, zone, '2024-01-22');
    expect(points.map((p) => p.pricePerMwh)).toEqual(sample);
    expect(points[0]?.startUtc.toISOString()).toBe('2024-01-22T05:00:00.000Z');
    expect(dynamicCurve(points, '2024-01-22', 'America/New_York', 0)?.[35]).toBe(13); // 17:30 local
  });

  it('accepts a single row as an object and skips other locations', () => {
    const row = { BeginDate: '2024-01-22T00:00:00.000-05:00', Location: { '@LocId': '4000', $: '.H.INTERNAL_HUB' }, LmpTotal: -1 };
    expect(parse({ HourlyLmps: { HourlyLmp: row } })).toHaveLength(1);
    const other = { ...row, Location: { '@LocId': '4001', $: '.Z.MAINE' } };
    expect(parse({ HourlyLmps: { HourlyLmp: [row, other] } }).map((p) => p.pricePerMwh)).toEqual([-1]);
  });

  it.each([
    ['no HourlyLmps', { error: 'x' }, /expected \{ HourlyLmps/],
    ['HourlyLmps as an empty string', { HourlyLmps: '' }, /expected \{ HourlyLmps/],
    ['no rows', { HourlyLmps: {} }, /no prices for location 4000/],
    ['a bad BeginDate', { HourlyLmps: { HourlyLmp: [{ BeginDate: 'soon', LmpTotal: 1 }] } }, /BeginDate is not a timestamp/],
    ['a bad LmpTotal', { HourlyLmps: { HourlyLmp: [{ BeginDate: '2024-01-22T00:00:00-05:00', LmpTotal: null }] } }, /LmpTotal is not a number/],
  ])('rejects %s', (_name, value, message) => {
    expect(() => parse(value)).toThrow(message);
  });
});
