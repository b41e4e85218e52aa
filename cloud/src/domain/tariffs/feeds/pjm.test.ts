import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDynamicZone } from '../catalog.js';
import { dynamicCurve } from '../dynamic-curve.js';
import { pjmAdapter } from './pjm.js';

const zone = findDynamicZone('pjm-dom')!;
const fixture = readFileSync(new URL('./fixtures/pjm-da-hrl-lmps-2024-01-16.json', import.meta.url));
const sample = zone.sample_day.prices_per_mwh;
const parse = (text: string) => pjmAdapter.parse(Buffer.from(text), zone, '2024-01-16');

describe('pjm adapter', () => {
  it('builds a keyed Data Miner request for the EPT day', () => {
    const req = pjmAdapter.buildRequest('http://127.0.0.1:9', zone, '2024-01-16', { subscriptionKey: 'abc' });
    expect(req.headers).toEqual({ 'Ocp-Apim-Subscription-Key': 'abc' });
    const url = new URL(req.url);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:9/api/v1/da_hrl_lmps');
    expect(url.searchParams.get('datetime_beginning_ept')).toBe('01/16/2024 00:00 to 01/16/2024 23:59');
    expect(url.searchParams.get('pnode_id')).toBe('34964545');
    expect(url.searchParams.get('fields')).toContain('datetime_beginning_utc');
    expect(url.searchParams.get('rowCount')).toBe('50000');
  });

  it('requires a subscription key', () => {
    expect(() => pjmAdapter.buildRequest('http://h', zone, '2024-01-16')).toThrow(/subscriptionKey/);
  });

  it('reads hour-beginning UTC prices of the pnode', () => {
    const points = pjmAdapter.parse(fixture, zone, '2024-01-16');
    expect(points.map((p) => p.pricePerMwh)).toEqual(sample);
    expect(points[0]?.startUtc.toISOString()).toBe('2024-01-16T05:00:00.000Z');
    expect(points[0]?.endUtc.toISOString()).toBe('2024-01-16T06:00:00.000Z');
    expect(dynamicCurve(points, '2024-01-16', 'America/New_York', 1)?.[15]).toBe(12); // 07:30 local: 110/10 + 1
  });

  it('ignores other pnodes and accepts an explicit Z', () => {
    const points = parse(
      JSON.stringify({
        items: [
          { datetime_beginning_utc: '2024-01-16T05:00:00Z', pnode_id: 34964545, total_lmp_da: -3.2 },
          { datetime_beginning_utc: '2024-01-16T05:00:00', pnode_id: 33092371, total_lmp_da: 99 },
        ],
      }),
    );
    expect(points).toEqual([{ startUtc: new Date('2024-01-16T05:00:00Z'), endUtc: new Date('2024-01-16T06:00:00Z'), pricePerMwh: -3.2 }]);
  });

  it.each([
    ['no items', '{"totalRows":0}', /expected \{ items/],
    ['empty items', '{"items":[]}', /no prices for pnode 34964545/],
    ['a non-object item', '{"items":[null]}', /item 0 is not an object/],
    ['a bad timestamp', '{"items":[{"datetime_beginning_utc":"yesterday","pnode_id":34964545,"total_lmp_da":1}]}', /not a timestamp/],
    ['a missing price', '{"items":[{"datetime_beginning_utc":"2024-01-16T05:00:00","pnode_id":34964545}]}', /total_lmp_da is not a number/],
    ['an HTML error page', '<html><body>401</body></html>', /not valid JSON/],
  ])('rejects %s', (_name, text, message) => {
    expect(() => parse(text)).toThrow(message);
  });
});
