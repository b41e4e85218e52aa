import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDynamicZone } from '../catalog.js';
import { dynamicCurve } from '../dynamic-curve.js';
import { misoAdapter } from './miso.js';

const zone = findDynamicZone('miso-illinois')!;
const fixture = readFileSync(new URL('./fixtures/miso-da-expost-lmp-2024-07-30.csv', import.meta.url));
const sample = zone.sample_day.prices_per_mwh;
const HE = Array.from({ length: 24 }, (_, i) => `HE ${i + 1}`).join(',');
const row = (node: string, value: string, prices: (number | string)[]) => `${node},Hub,${value},${prices.join(',')}`;

describe('miso adapter', () => {
  it('builds the daily market report request', () => {
    expect(misoAdapter.buildRequest('http://127.0.0.1:9', zone, '2024-07-30')).toEqual({
      url: 'http://127.0.0.1:9/marketreports/20240730_da_expost_lmp.csv',
    });
  });

  it('reads the ILLINOIS.HUB LMP row in fixed EST', () => {
    const points = misoAdapter.parse(fixture, zone, '2024-07-30');
    expect(points.map((p) => p.pricePerMwh)).toEqual(sample);
    expect(points[0]?.startUtc.toISOString()).toBe('2024-07-30T05:00:00.000Z'); // HE 1 EST
    expect(points[23]?.endUtc.toISOString()).toBe('2024-07-31T05:00:00.000Z');
    // In summer Chicago (CDT, UTC-5) equals EST, so local hours line up with HE columns.
    expect(dynamicCurve(points, '2024-07-30', 'America/Chicago', 0)).toEqual(sample.flatMap((p) => [p / 10, p / 10]));
  });

  it('stays 24 hours on a DST day (EST never shifts)', () => {
    const text = `Node,Type,Value,${HE}\n${row(
      'ILLINOIS.HUB',
      'LMP',
      Array.from({ length: 24 }, (_, i) => i),
    )}`;
    const points = misoAdapter.parse(Buffer.from(text), zone, '2024-11-03');
    expect(points).toHaveLength(24);
    expect(points[0]?.startUtc.toISOString()).toBe('2024-11-03T05:00:00.000Z');
    // Chicago's day runs 05:00Z..06:00Z next day, one hour past the report: not a full day.
    expect(dynamicCurve(points, '2024-11-03', 'America/Chicago', 0)).toBeNull();
  });

  it.each([
    ['a report for another day', fixture.toString(), /report is for 2024-07-30, expected 2024-07-31/],
    ['no header row', 'ILLINOIS.HUB,Hub,LMP,1,2,3', /no Node,Type,Value,HE 1/],
    ['no hub row', `Node,Type,Value,${HE}\n${row('MINN.HUB', 'LMP', new Array(24).fill(1))}`, /no prices for ILLINOIS\.HUB/],
    ['only MCC for the hub', `Node,Type,Value,${HE}\n${row('ILLINOIS.HUB', 'MCC', new Array(24).fill(1))}`, /no prices/],
    ['a missing HE column', `Node,Type,Value,HE 1,HE 2\n${row('ILLINOIS.HUB', 'LMP', [1, 2])}`, /header lacks HE 3/],
    ['a bad value', `Node,Type,Value,${HE}\n${row('ILLINOIS.HUB', 'LMP', ['x', ...new Array(23).fill(1)])}`, /HE 1 is not a number/],
  ])('rejects %s', (_name, text, message) => {
    expect(() => misoAdapter.parse(Buffer.from(text), zone, '2024-07-31')).toThrow(message);
  });
});
