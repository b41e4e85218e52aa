import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDynamicZone } from '../catalog.js';
import { dynamicCurve } from '../dynamic-curve.js';
import { ercotAdapter } from './ercot.js';

const zone = findDynamicZone('ercot-houston')!;
const fixture = readFileSync(new URL('./fixtures/ercot-dam-spp-2024-08-20.json', import.meta.url));
const sample = zone.sample_day.prices_per_mwh;
const FIELDS = ['deliveryDate', 'hourEnding', 'settlementPoint', 'settlementPointPrice', 'DSTFlag'].map((name) => ({ name }));
const body = (data: unknown[]) => Buffer.from(JSON.stringify({ fields: FIELDS, data }));
const creds = { subscriptionKey: 'k-123', idToken: 'tok' };

describe('ercot adapter', () => {
  it('builds an authenticated request', () => {
    expect(ercotAdapter.buildRequest('http://127.0.0.1:9', zone, '2024-08-20', creds)).toEqual({
      url:
        'http://127.0.0.1:9/api/public-reports/np4-190-cd/dam_stlmnt_pnt_prices' +
        '?deliveryDateFrom=2024-08-20&deliveryDateTo=2024-08-20&settlementPoint=LZ_HOUSTON',
      headers: { 'Ocp-Apim-Subscription-Key': 'k-123', Authorization: 'Bearer tok' },
    });
  });

  it.each([
    [undefined, 'subscriptionKey'],
    [{ idToken: 't' }, 'subscriptionKey'],
    [{ subscriptionKey: 'k' }, 'idToken'],
    [{ subscriptionKey: '', idToken: 't' }, 'subscriptionKey'],
  ])('requires credentials (%j)', (credentials, missing) => {
    expect(() => ercotAdapter.buildRequest('http://h', zone, '2024-08-20', credentials)).toThrow(`credential "${missing}" is required`);
  });

  it('reads hour-ending Central prices of the settlement point', () => {
    const points = ercotAdapter.parse(fixture, zone, '2024-08-20');
    expect(points.map((p) => p.pricePerMwh)).toEqual(sample);
    expect(points[0]?.startUtc.toISOString()).toBe('2024-08-20T05:00:00.000Z'); // HE 01:00 CDT
    expect(points[23]?.endUtc.toISOString()).toBe('2024-08-21T05:00:00.000Z'); // HE 24:00
    expect(dynamicCurve(points, '2024-08-20', 'America/Chicago', 0)?.[34]).toBe(24); // 17:00 local, $240
  });

  it('fall-back day: DSTFlag picks the repeated hour (25 rows)', () => {
    const rows = Array.from({ length: 25 }, (_, i) => {
      const he = i < 2 ? i + 1 : i; // 01, 02, 02(repeat), 03 .. 24
      return ['2024-11-03', `${String(he).padStart(2, '0')}:00`, 'LZ_HOUSTON', 10 * i, i === 2 ? 'Y' : 'N'];
    });
    const points = ercotAdapter.parse(body(rows), zone, '2024-11-03');
    expect(points).toHaveLength(25);
    expect(points.slice(0, 4).map((p) => [p.startUtc.toISOString(), p.pricePerMwh])).toEqual([
      ['2024-11-03T05:00:00.000Z', 0],
      ['2024-11-03T06:00:00.000Z', 10], // 01:00 CDT
      ['2024-11-03T07:00:00.000Z', 20], // 01:00 CST, the repeated hour
      ['2024-11-03T08:00:00.000Z', 30],
    ]);
    const curve = dynamicCurve(points, '2024-11-03', 'America/Chicago', 0);
    expect(curve?.slice(0, 6)).toEqual([0, 0, 1, 1, 3, 3]);
    expect(curve?.[47]).toBe(24);
  });

  it('spring-forward day: 23 rows without hour ending 03:00', () => {
    const hes = [1, 2, ...Array.from({ length: 21 }, (_, i) => i + 4)];
    const rows = hes.map((he) => ['03/10/2024', `${String(he).padStart(2, '0')}:00`, 'LZ_HOUSTON', he, false]);
    const points = ercotAdapter.parse(body(rows), zone, '2024-03-10');
    expect(points).toHaveLength(23);
    expect(points[2]?.startUtc.toISOString()).toBe('2024-03-10T08:00:00.000Z'); // HE 04 = 03:00 CDT
    const curve = dynamicCurve(points, '2024-03-10', 'America/Chicago', 0);
    expect(curve?.slice(2, 8)).toEqual([0.2, 0.2, 0.4, 0.4, 0.4, 0.4]);
  });

  it.each([
    ['no fields', '{"data":[]}', /expected \{ fields/],
    ['a missing field', JSON.stringify({ fields: FIELDS.slice(1), data: [] }), /lacks field deliveryDate/],
    ['a non-array row', JSON.stringify({ fields: FIELDS, data: [{}] }), /row 0 is not an array/],
    ['no rows for the point', JSON.stringify({ fields: FIELDS, data: [['2024-08-20', '01:00', 'HB_NORTH', 1, false]] }), /no prices for LZ_HOUSTON/],
    ['hour ending 25', JSON.stringify({ fields: FIELDS, data: [['2024-08-20', '25:00', 'LZ_HOUSTON', 1, false]] }), /bad delivery date or hourEnding/],
    ['a skipped hour', JSON.stringify({ fields: FIELDS, data: [['2024-03-10', '03:00', 'LZ_HOUSTON', 1, false]] }), /does not exist/],
    ['a bad price', JSON.stringify({ fields: FIELDS, data: [['2024-08-20', '01:00', 'LZ_HOUSTON', 'x', false]] }), /settlementPointPrice is not a number/],
  ])('rejects %s', (_name, text, message) => {
    expect(() => ercotAdapter.parse(Buffer.from(text), zone, '2024-08-20')).toThrow(message);
  });
});
