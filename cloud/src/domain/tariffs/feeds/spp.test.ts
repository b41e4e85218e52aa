import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDynamicZone } from '../catalog.js';
import { dynamicCurve } from '../dynamic-curve.js';
import { sppAdapter } from './spp.js';

const zone = findDynamicZone('spp-south')!;
const fixture = readFileSync(new URL('./fixtures/spp-da-lmp-sl-2024-05-05.csv', import.meta.url));
const sample = zone.sample_day.prices_per_mwh;
const HEADER = 'Interval,GMTIntervalEnd,Settlement Location,Pnode,LMP,MLC,MCC,MEC';
const parse = (text: string) => sppAdapter.parse(Buffer.from(text), zone, '2024-05-05');

describe('spp adapter', () => {
  it('builds the file-browser download request', () => {
    expect(sppAdapter.buildRequest('http://127.0.0.1:9', zone, '2024-05-05')).toEqual({
      url: 'http://127.0.0.1:9/file-browser-api/download/da-lmp-by-location?path=/2024/05/By-Day/DA-LMP-SL-202405050100.csv',
    });
  });

  it('reads SPPSOUTH_HUB rows by their GMT interval end', () => {
    const points = sppAdapter.parse(fixture, zone, '2024-05-05');
    expect(points.map((p) => p.pricePerMwh)).toEqual(sample);
    expect(points[0]?.startUtc.toISOString()).toBe('2024-05-05T05:00:00.000Z');
    expect(points[0]?.endUtc.toISOString()).toBe('2024-05-05T06:00:00.000Z');
    expect(dynamicCurve(points, '2024-05-05', 'America/Chicago', 0)?.[8]).toBe(0.2); // 04:00 local, $2
  });

  it('keeps negative LMPs', () => {
    const points = parse(`${HEADER}\n05/05/2024 01:00:00,05/05/2024 06:00:00,SPPSOUTH_HUB,SPPSOUTH_HUB,-7.25,0,0,-7.25`);
    expect(points[0]?.pricePerMwh).toBe(-7.25);
  });

  it.each([
    ['a wrong header', 'Time,Price\n1,2', /header lacks/],
    ['no hub rows', `${HEADER}\n05/05/2024 01:00:00,05/05/2024 06:00:00,SPPNORTH_HUB,X,1,0,0,1`, /no prices for SPPSOUTH_HUB/],
    ['a bad GMT end', `${HEADER}\n05/05/2024 01:00:00,2024-05-05T06:00,SPPSOUTH_HUB,X,1,0,0,1`, /bad GMTIntervalEnd/],
    ['a bad LMP', `${HEADER}\n05/05/2024 01:00:00,05/05/2024 06:00:00,SPPSOUTH_HUB,X,N/A,0,0,1`, /LMP is not a number/],
  ])('rejects %s', (_name, text, message) => {
    expect(() => parse(text)).toThrow(message);
  });
});
