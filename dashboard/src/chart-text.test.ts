import { describe, expect, it } from 'vitest';
import { priceSummary, slotRuns } from './chart-text.js';

describe('chart summaries', () => {
  it('describes on/off slots as runs of local times', () => {
    const on = Array.from({ length: 48 }, (_, i) => (i >= 2 && i < 6) || i === 47);
    expect(slotRuns(on)).toEqual(['01:00–03:00', '23:30–24:00']);
    expect(slotRuns(Array(48).fill(false))).toEqual([]);
  });

  it('names the cheapest and the priciest slot of a price curve', () => {
    const rates = Array.from({ length: 48 }, (_, i) => (i >= 32 && i < 42 ? 30 : 10));
    expect(priceSummary(rates)).toBe('Prices run from 10.0¢/kWh (cheapest from 00:00) to 30.0¢/kWh (priciest from 16:00).');
  });
});
