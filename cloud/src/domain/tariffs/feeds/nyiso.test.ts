import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nyisoDayBody } from '../../../testing/fake-price-feed.js';
import { findDynamicZone } from '../catalog.js';
import { dynamicCurve } from '../dynamic-curve.js';
import { nyisoAdapter } from './nyiso.js';

const zone = findDynamicZone('nyiso-nyc')!;
const fixture = readFileSync(new URL('./fixtures/nyiso-damlbmp-zone-2024-07-10.csv', import.meta.url));
const sample = zone.sample_day.prices_per_mwh;
const HEADER = '"Time Stamp","Name","PTID","LBMP ($/MWHr)","Marginal Cost Losses ($/MWHr)","Marginal Cost Congestion ($/MWHr)"';
const parse = (text: string, date = '2024-07-10') => nyisoAdapter.parse(Buffer.from(text), zone, date);

describe('nyiso adapter', () => {
  it('builds the daily zonal CSV request', () => {
    expect(nyisoAdapter.buildRequest('http://127.0.0.1:9', zone, '2024-07-10')).toEqual({
      url: 'http://127.0.0.1:9/public/csv/damlbmp/20240710damlbmp_zone.csv',
    });
  });

  it('reads N.Y.C. rows, Eastern hour-beginning', () => {
    const points = nyisoAdapter.parse(fixture, zone, '2024-07-10');
    expect(points.map((p) => p.pricePerMwh)).toEqual(sample);
    expect(points[0]?.startUtc.toISOString()).toBe('2024-07-10T04:00:00.000Z'); // 00:00 EDT
    expect(dynamicCurve(points, '2024-07-10', 'America/New_York', 0)).toEqual(sample.flatMap((p) => [p / 10, p / 10]));
  });

  it('maps the repeated 01:00 stamps of the fall-back day to EDT then EST', () => {
    const stamps = ['00:00', '01:00', '01:00', '02:00'];
    const text = [HEADER, ...stamps.map((s, i) => `"11/03/2024 ${s}","N.Y.C.",61761,${i - 1},0,0`)].join('\n');
    const points = parse(text, '2024-11-03');
    expect(points.map((p) => [p.startUtc.toISOString(), p.pricePerMwh])).toEqual([
      ['2024-11-03T04:00:00.000Z', -1],
      ['2024-11-03T05:00:00.000Z', 0],
      ['2024-11-03T06:00:00.000Z', 1],
      ['2024-11-03T07:00:00.000Z', 2],
    ]);
  });

  it("reads the loopback feed's day as the real one, the fall-back day's 25 hours included", () => {
    const points = parse(
      nyisoDayBody('2024-11-03', (h) => h),
      '2024-11-03',
    );
    expect(points.map((p) => p.pricePerMwh)).toEqual(Array.from({ length: 25 }, (_, h) => h));
    expect(points[1]?.startUtc.toISOString()).toBe('2024-11-03T05:00:00.000Z'); // 01:00 EDT
    expect(points[2]?.startUtc.toISOString()).toBe('2024-11-03T06:00:00.000Z'); // 01:00 EST
    expect(dynamicCurve(parse(nyisoDayBody('2024-07-10', () => 50)), '2024-07-10', 'America/New_York', 0)).toEqual(Array(48).fill(5));
  });

  it.each([
    ['a wrong header', '"When","Zone","Price"\n"07/10/2024 00:00","N.Y.C.",1', /header lacks/],
    ['no N.Y.C. rows', `${HEADER}\n"07/10/2024 00:00","WEST",61752,1,0,0`, /no prices for N\.Y\.C\./],
    ['a bad stamp', `${HEADER}\n"2024-07-10 00:00","N.Y.C.",61761,1,0,0`, /bad Time Stamp/],
    ['a skipped local hour', `${HEADER}\n"03/10/2024 02:00","N.Y.C.",61761,1,0,0`, /does not exist/],
    ['a bad price', `${HEADER}\n"07/10/2024 00:00","N.Y.C.",61761,,0,0`, /LBMP is not a number/],
    ['an empty body', '', /header lacks/],
  ])('rejects %s', (_name, text, message) => {
    expect(() => parse(text)).toThrow(message);
  });
});
