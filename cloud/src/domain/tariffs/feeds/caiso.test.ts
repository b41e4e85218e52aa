import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDynamicZone } from '../catalog.js';
import { dynamicCurve } from '../dynamic-curve.js';
import { caisoAdapter } from './caiso.js';
import { FeedError } from './feed-util.js';

const zone = findDynamicZone('caiso-np15')!;
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const sample = zone.sample_day.prices_per_mwh;

describe('caiso adapter', () => {
  it.each([
    ['2024-04-20', '20240420T07:00-0000', '20240421T07:00-0000'], // PDT
    ['2024-01-16', '20240116T08:00-0000', '20240117T08:00-0000'], // PST
    ['2024-03-10', '20240310T08:00-0000', '20240311T07:00-0000'], // spring forward
  ])('requests the Pacific day %s in GMT', (date, from, to) => {
    const { url, headers } = caisoAdapter.buildRequest('http://127.0.0.1:9', zone, date);
    expect(url).toBe(
      'http://127.0.0.1:9/oasisapi/SingleZip?queryname=PRC_LMP&market_run_id=DAM&version=12' +
        `&node=TH_NP15_GEN-APND&startdatetime=${from}&enddatetime=${to}&resultformat=6`,
    );
    expect(headers).toBeUndefined();
  });

  it('reads LMP rows of the node only, negatives included', () => {
    const points = caisoAdapter.parse(fixture('caiso-prc-lmp-2024-04-20.zip'), zone, '2024-04-20');
    expect(points).toHaveLength(24);
    expect(points.map((p) => p.pricePerMwh)).toEqual(sample);
    expect(points[0]?.startUtc.toISOString()).toBe('2024-04-20T07:00:00.000Z');
    expect(points[23]?.endUtc.toISOString()).toBe('2024-04-21T07:00:00.000Z');
    const curve = dynamicCurve(points, '2024-04-20', 'America/Los_Angeles', 0);
    expect(curve).toEqual(sample.flatMap((p) => [p / 10, p / 10]));
  });

  it.each([
    ['an OASIS error archive', fixture('caiso-error.zip'), /OASIS error: No data returned for the specified selection/],
    ['a CSV without the PRC_LMP columns', fixture('caiso-bad-header.zip'), /lacks the PRC_LMP columns/],
    ['a body that is not a ZIP', Buffer.from('<html>Service Unavailable</html>'), /zip: not a ZIP archive/],
  ])('rejects %s', (_name, body, message) => {
    expect(() => caisoAdapter.parse(body, zone, '2024-04-20')).toThrow(FeedError);
    expect(() => caisoAdapter.parse(body, zone, '2024-04-20')).toThrow(message);
  });

  it('rejects an archive without the node', () => {
    const other = { ...zone, slug: 'caiso-np15' };
    const zip = fixture('stored.zip'); // same rows; node filter still applies
    expect(caisoAdapter.parse(zip, other, '2024-04-20')).toHaveLength(24);
    expect(() => caisoAdapter.parse(zip, { ...zone, slug: 'caiso-sp15' }, '2024-04-20')).toThrow(/no location configured for zone caiso-sp15/);
  });
});
