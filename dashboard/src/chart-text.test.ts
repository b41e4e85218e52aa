import { describe, expect, it } from 'vitest';
import { exportSummary, homeSummary, onSlotsPriceSummary, priceSummary, slotRuns } from './chart-text.js';

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

  it('says what the on slots of a plan pay against the day’s prices', () => {
    const rates = Array.from({ length: 48 }, (_, i) => (i >= 32 && i < 42 ? 30 : 10));
    const cheap = Array.from({ length: 48 }, (_, i) => i < 4);
    expect(onSlotsPriceSummary(cheap, rates)).toBe(
      'Prices run from 10.0¢/kWh (cheapest from 00:00) to 30.0¢/kWh (priciest from 16:00). The half-hours on cost 10.0¢/kWh; the day averages 14.2¢/kWh.',
    );
    const mixed = Array.from({ length: 48 }, (_, i) => i === 0 || i === 32);
    expect(onSlotsPriceSummary(mixed, rates)).toContain('The half-hours on cost 10.0¢/kWh to 30.0¢/kWh, 20.0¢/kWh on average;');
    expect(onSlotsPriceSummary(Array(48).fill(false), rates)).toContain('The day averages 14.2¢/kWh.');
  });

  it('names when exports earn least and most, says when they earn the same all day, and when exporting costs', () => {
    const rates = Array.from({ length: 48 }, (_, i) => (i >= 34 && i < 40 ? 25 : 3));
    expect(exportSummary(rates)).toBe('Exports earn from 3.0¢/kWh (least from 00:00) to 25.0¢/kWh (most from 17:00).');
    expect(exportSummary(Array(48).fill(5))).toBe('Exports earn 5.0¢/kWh all day.');
    expect(exportSummary([2, -4, 6])).toBe(
      'Exports earn from -4.0¢/kWh (least from 00:30) to 6.0¢/kWh (most from 01:00). Below zero, sending energy to the grid costs money.',
    );
  });

  it('sums the whole home: load and its source, import with its peak against the limit, export, cost', () => {
    const load = Array(48).fill(1);
    const imported = Array.from({ length: 48 }, (_, i) => (i < 6 ? 11.5 : 1));
    const exported = Array.from({ length: 48 }, (_, i) => (i === 26 ? 2 : 0));
    expect(
      homeSummary({ load_kw_48: load, grid_import_kw_48: imported, export_kw_48: exported, source: 'measured', expected_cost_cents: 1234, max_import_kw: 12 }),
    ).toBe(
      'Household use 24.0 kWh (measured from your power sensor). Planned grid import 55.5 kWh, at most 11.5 kW from 00:00 (limit 12.0 kW); export 1.0 kWh. Expected cost $12.34.',
    );
  });
});
