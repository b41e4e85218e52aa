import { describe, expect, it } from 'vitest';
import { discountPricesBySurplus, REFERENCE_FLEXIBLE_LOAD_KW } from './price-discount.js';

describe('discountPricesBySurplus', () => {
  it.each([
    // surplus kW, import, export (null: no curve), effective
    ['no surplus keeps the import price', 0, 30, null, 30],
    ['negative surplus is none', -2, 30, 5, 30],
    ['a surplus covering the reference load costs nothing without an export curve', REFERENCE_FLEXIBLE_LOAD_KW, 30, null, 0],
    ['a larger surplus is no cheaper', 10, 30, null, 0],
    ['a third of the reference load discounts a third', REFERENCE_FLEXIBLE_LOAD_KW / 3, 30, null, 20],
    ['with an export curve solar energy costs the export price', REFERENCE_FLEXIBLE_LOAD_KW, 30, 6, 6],
    ['half covered with export: the mix', REFERENCE_FLEXIBLE_LOAD_KW / 2, 30, 6, 18],
    ['an export price above import never raises the price', REFERENCE_FLEXIBLE_LOAD_KW, 10, 25, 10],
    ['a negative export price makes using the surplus pay', REFERENCE_FLEXIBLE_LOAD_KW, 10, -4, -4],
    ['a negative import price stays as it is', REFERENCE_FLEXIBLE_LOAD_KW, -3, null, -3],
  ])('%s', (_label, surplus, importPrice, exportPrice, effective) => {
    const out = discountPricesBySurplus([importPrice], [surplus], exportPrice === null ? null : [exportPrice]);
    expect(out[0]).toBeCloseTo(effective, 9);
  });

  it('works slot by slot over the day', () => {
    const prices = Array.from({ length: 48 }, (_, i) => 10 + i);
    const surplus = Array.from({ length: 48 }, (_, i) => (i >= 20 && i < 30 ? 6 : 0));
    const out = discountPricesBySurplus(prices, surplus, null);
    expect(out.slice(0, 20)).toEqual(prices.slice(0, 20));
    expect(out.slice(20, 30)).toEqual(Array(10).fill(0));
    expect(out.slice(30)).toEqual(prices.slice(30));
  });

  it('takes another reference load', () => {
    expect(discountPricesBySurplus([40], [1], null, 4)).toEqual([30]);
  });

  it('refuses arrays of different lengths and a non-positive reference load', () => {
    expect(() => discountPricesBySurplus([1, 2], [1], null)).toThrow('price discount needs 2 surplus values');
    expect(() => discountPricesBySurplus([1, 2], [1, 2], [1])).toThrow('price discount needs 2 surplus and export values');
    expect(() => discountPricesBySurplus([1], [1], null, 0)).toThrow('reference load must be positive: 0');
  });
});
