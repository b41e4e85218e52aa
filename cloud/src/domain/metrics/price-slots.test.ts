import { describe, expect, it } from 'vitest';
import { PEAK_SLOTS, pricePeriods, priciestSlots, TOP_PEAK_SLOTS } from './price-slots.js';

/** Two-tier plan: 10 c/kWh, 30 c/kWh from 16:00 to 21:00 (slots 32-41). */
const TWO_TIER = Array.from({ length: 48 }, (_, s) => (s >= 32 && s < 42 ? 30 : 10));

describe('pricePeriods', () => {
  it('takes the 12 priciest slots, then the earliest of equal prices, and the 6 priciest as a prefix', () => {
    const p = pricePeriods(TWO_TIER);
    expect(p.isFlat).toBe(false);
    expect(p.peak).toEqual([32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 0, 1]);
    expect(p.topPeak).toEqual([32, 33, 34, 35, 36, 37]);
    expect(p.peak).toHaveLength(PEAK_SLOTS);
    expect(p.topPeak).toHaveLength(TOP_PEAK_SLOTS);
  });

  it('counts as off-peak the slots priced strictly below the mean', () => {
    // Mean = (38 * 10 + 10 * 30) / 48 = 14.17: every 10 c slot is off-peak.
    expect(pricePeriods(TWO_TIER).offPeak).toEqual(Array.from({ length: 48 }, (_, s) => s).filter((s) => s < 32 || s >= 42));
  });

  it('marks a flat day as having no off-peak', () => {
    const p = pricePeriods(Array<number>(48).fill(15));
    expect(p.isFlat).toBe(true);
    expect(p.offPeak).toEqual([]);
  });

  it('orders by price, highest first', () => {
    const prices = Array.from({ length: 48 }, (_, s) => s % 7);
    expect(priciestSlots(prices, 3)).toEqual([6, 13, 20]);
  });
});
