import { describe, expect, it } from 'vitest';
import type { PricePoint } from '../domain/tariffs/price-point.js';
import { EMPTY_RATE_SETTINGS } from '../domain/tariffs/rate-settings.js';
import { dynamicPointsLoader } from './dynamic-points.js';

const point: PricePoint = { startUtc: new Date('2026-07-15T05:00:00Z'), endUtc: new Date('2026-07-15T06:00:00Z'), pricePerMwh: 30 };

/** The price table's one query, recorded. */
function pricesTable(stored: PricePoint[]) {
  const asked: string[] = [];
  return {
    asked,
    pointsBetween: async (zone: string, from: Date, to: Date) => (asked.push(`${zone} ${from.toISOString()} ${to.toISOString()}`), stored),
  };
}

describe('dynamicPointsLoader (the one loader of the rates endpoint, the recompute and the metrics job)', () => {
  it('reads a zone-day once however many accounts ask, and keys by the local day span', async () => {
    const prices = pricesTable([point]);
    const load = dynamicPointsLoader(prices);
    const chicago = { ...EMPTY_RATE_SETTINGS, pricing_source: 'dynamic' as const, dynamic_zone: 'COMED-hourly' };
    expect(await load(chicago, '2026-07-15', 'America/Chicago')).toEqual([point]);
    await load({ ...chicago }, '2026-07-15', 'America/Chicago');
    await load(chicago, '2026-07-15', 'America/New_York');
    expect(prices.asked).toEqual([
      'comed-hourly 2026-07-15T05:00:00.000Z 2026-07-16T05:00:00.000Z',
      'comed-hourly 2026-07-15T04:00:00.000Z 2026-07-16T04:00:00.000Z',
    ]);
  });

  it('is null without a dynamic tariff, for an unknown zone, and when nothing is stored', async () => {
    const empty = pricesTable([]);
    const load = dynamicPointsLoader(empty);
    expect(await load({ ...EMPTY_RATE_SETTINGS, dynamic_zone: 'comed-hourly' }, '2026-07-15', 'UTC')).toBeNull();
    expect(await load({ ...EMPTY_RATE_SETTINGS, pricing_source: 'dynamic', dynamic_zone: 'atlantis' }, '2026-07-15', 'UTC')).toBeNull();
    expect(await load({ ...EMPTY_RATE_SETTINGS, pricing_source: 'dynamic', dynamic_zone: 'comed-hourly' }, '2026-07-15', 'UTC')).toBeNull();
    expect(empty.asked).toHaveLength(1);
  });
});
