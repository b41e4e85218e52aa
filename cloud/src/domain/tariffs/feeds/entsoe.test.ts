import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDynamicZone } from '../catalog.js';
import { dynamicCurve } from '../dynamic-curve.js';
import { entsoeAdapter } from './entsoe.js';

const zone = findDynamicZone('entsoe-de-lu')!;
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const parse = (xml: string) => entsoeAdapter.parse(Buffer.from(xml), zone, '2024-06-02');

/** A one-period A44 document. */
function doc(start: string, end: string, resolution: string, points: [number, number][]): string {
  const pts = points.map(([pos, price]) => `<Point><position>${pos}</position><price.amount>${price}</price.amount></Point>`);
  return (
    '<Publication_MarketDocument xmlns="urn:x"><TimeSeries><Period>' +
    `<timeInterval><start>${start}</start><end>${end}</end></timeInterval>` +
    `<resolution>${resolution}</resolution>${pts.join('')}</Period></TimeSeries></Publication_MarketDocument>`
  );
}

describe('entsoe adapter', () => {
  it.each([
    ['2024-06-02', '202406012200', '202406022200'], // CEST
    ['2024-01-16', '202401152300', '202401162300'], // CET
  ])('requests the Berlin day %s with the token in the query', (date, from, to) => {
    expect(entsoeAdapter.buildRequest('http://127.0.0.1:9', zone, date, { securityToken: 'a b' })).toEqual({
      url:
        'http://127.0.0.1:9/api?securityToken=a%20b&documentType=A44&in_Domain=10Y1001A1001A82H' +
        `&out_Domain=10Y1001A1001A82H&periodStart=${from}&periodEnd=${to}`,
    });
    expect(() => entsoeAdapter.buildRequest('http://h', zone, date)).toThrow(/securityToken/);
  });

  it('reads an hourly A03 curve, forward-filling omitted positions', () => {
    const points = entsoeAdapter.parse(fixture('entsoe-a44-de-lu-2024-06-02.xml'), zone, '2024-06-02');
    expect(points).toHaveLength(24);
    const expected = [...zone.sample_day.prices_per_mwh];
    expected[5] = expected[4]!; // the fixture repeats 64 at position 6 and omits it
    expect(points.map((p) => p.pricePerMwh)).toEqual(expected);
    expect(points[0]?.startUtc.toISOString()).toBe('2024-06-01T22:00:00.000Z');
    expect(dynamicCurve(points, '2024-06-02', 'Europe/Berlin', 0)?.[24]).toBe(-1.5); // 12:00 local, -15 EUR
  });

  it('reads 15-minute periods', () => {
    const points = parse(
      doc('2025-10-01T22:00Z', '2025-10-01T23:00Z', 'PT15M', [
        [1, 10],
        [3, -4],
      ]),
    );
    expect(points.map((p) => [p.startUtc.toISOString().slice(11, 16), p.pricePerMwh])).toEqual([
      ['22:00', 10],
      ['22:15', 10],
      ['22:30', -4],
      ['22:45', -4],
    ]);
  });

  it('keeps the first price when TimeSeries overlap', () => {
    const a = doc('2024-06-01T22:00Z', '2024-06-01T23:00Z', 'PT60M', [[1, 5]]);
    const b = a.replace('<price.amount>5</price.amount>', '<price.amount>7</price.amount>');
    const both = a.replace('</Publication_MarketDocument>', b.slice(b.indexOf('<TimeSeries>')));
    expect(parse(both).map((p) => p.pricePerMwh)).toEqual([5]);
  });

  it.each([
    ['an acknowledgement', fixture('entsoe-ack-no-data.xml').toString(), /ENTSO-E refused: No matching data found/],
    ['another XML document', '<html><body>503</body></html>', /not a Publication_MarketDocument/],
    ['no TimeSeries', '<Publication_MarketDocument></Publication_MarketDocument>', /no prices for 10Y1001A1001A82H/],
    ['an unknown resolution', doc('2024-06-01T22:00Z', '2024-06-02T22:00Z', 'P1D', [[1, 1]]), /unsupported resolution P1D/],
    [
      'a position out of range',
      doc('2024-06-01T22:00Z', '2024-06-01T23:00Z', 'PT60M', [
        [1, 1],
        [2, 2],
      ]),
      /position out of range/,
    ],
    ['no position 1', doc('2024-06-01T22:00Z', '2024-06-02T00:00Z', 'PT60M', [[2, 2]]), /lacks position 1/],
    ['a bad price', doc('2024-06-01T22:00Z', '2024-06-01T23:00Z', 'PT60M', [[1, NaN]]), /price is not a number/],
    ['a bad interval', doc('later', '2024-06-01T23:00Z', 'PT60M', [[1, 1]]), /Period start is not a timestamp/],
  ])('rejects %s', (_name, xml, message) => {
    expect(() => parse(xml)).toThrow(message);
  });
});
