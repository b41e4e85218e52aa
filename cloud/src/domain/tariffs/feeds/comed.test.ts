import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDynamicZone } from '../catalog.js';
import { comedAdapter } from './comed.js';

const zone = findDynamicZone('comed-hourly')!;
const fixture = readFileSync(new URL('./fixtures/comed-5minutefeed-2024-07-15.json', import.meta.url));
const parse = (body: string | Buffer) => comedAdapter.parse(Buffer.from(body), zone, '2024-07-15');

describe('comed adapter', () => {
  it('builds the 5-minute feed request for a Chicago day', () => {
    expect(comedAdapter.defaultBaseUrl).toBe('https://hourlypricing.comed.com');
    expect(comedAdapter.buildRequest('http://127.0.0.1:9/', zone, '2024-07-15')).toEqual({
      url: 'http://127.0.0.1:9/api?type=5minutefeed&datestart=202407150000&dateend=202407160000',
    });
    expect(comedAdapter.buildRequest('http://h', zone, '2024-12-31').url).toContain('dateend=202501010000');
  });

  it('averages the twelve 5-minute prices of each hour, cents/kWh × 10', () => {
    const points = parse(fixture);
    expect(points.map((p) => [p.startUtc.toISOString(), p.endUtc.toISOString()])).toEqual([
      ['2024-07-15T05:00:00.000Z', '2024-07-15T06:00:00.000Z'],
      ['2024-07-15T06:00:00.000Z', '2024-07-15T07:00:00.000Z'],
    ]);
    expect(points[0]?.pricePerMwh).toBeCloseTo(22, 9);
    expect(points[1]?.pricePerMwh).toBeCloseTo(7, 9); // includes negative 5-minute prices
  });

  it('accepts numeric fields and keeps negative hourly averages', () => {
    const body = JSON.stringify([
      { millisUTC: 1721023500000, price: -1.5 }, // 06:05Z → hour 06:00
      { millisUTC: '1721023800000', price: '-2.5' },
    ]);
    expect(parse(body)).toEqual([{ startUtc: new Date('2024-07-15T06:00:00Z'), endUtc: new Date('2024-07-15T07:00:00Z'), pricePerMwh: -20 }]);
  });

  it('an interval ending on the hour belongs to the hour before', () => {
    const [point] = parse(JSON.stringify([{ millisUTC: '1721023200000', price: '3' }])); // 06:00Z
    expect(point?.startUtc.toISOString()).toBe('2024-07-15T05:00:00.000Z');
  });

  it.each([
    ['truncated JSON', '[{"millisUTC":"1721', /not valid JSON/],
    ['an object', '{"error":"maintenance"}', /expected a JSON array/],
    ['an empty array', '[]', /no prices/],
    ['a non-object entry', '[1,2]', /entry 0 is not an object/],
    ['a bad price', '[{"millisUTC":"1721023500000","price":"n/a"}]', /price is not a number/],
    ['a missing timestamp', '[{"price":"2.0"}]', /millisUTC is not a number/],
    ['a fractional timestamp', '[{"millisUTC":"17.5","price":"2.0"}]', /not an epoch/],
  ])('rejects %s', (_name, body, message) => {
    expect(() => parse(body)).toThrow(message);
  });
});
