import { describe, expect, it } from 'vitest';
import { buildExportCurve } from './export-curve.js';

const IMPORT = Array.from({ length: 48 }, (_, i) => (i >= 34 && i < 42 ? 41.5 : i < 12 ? -3 : 12));
const HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 17 && h < 21 ? 45 : -2.5));

describe('buildExportCurve', () => {
  it('none (or unset) has no curve: exports earn nothing', () => {
    for (const export_pricing of [null, 'none'] as const) {
      expect(buildExportCurve({ export_pricing, export_hourly_rates_cents_per_kwh: HOURLY }, IMPORT)).toEqual({ source: 'none', rates: null });
    }
  });

  it('net metering earns the import price of every slot, negatives included, as a copy', () => {
    const curve = buildExportCurve({ export_pricing: 'net_metering', export_hourly_rates_cents_per_kwh: HOURLY }, IMPORT);
    expect(curve).toEqual({ source: 'net_metering', rates: IMPORT });
    expect(curve.rates).not.toBe(IMPORT);
  });

  it('custom spreads each hourly value over both half-hours of its hour', () => {
    const curve = buildExportCurve({ export_pricing: 'custom', export_hourly_rates_cents_per_kwh: HOURLY }, IMPORT);
    expect(curve.source).toBe('custom');
    expect(curve.rates).toHaveLength(48);
    expect(curve.rates!.slice(33, 43)).toEqual([-2.5, 45, 45, 45, 45, 45, 45, 45, 45, -2.5]);
  });

  it.each([
    ['no stored array', null],
    ['a stored array of the wrong length', [1, 2, 3]],
  ])('custom with %s is none', (_name, hourly) => {
    expect(buildExportCurve({ export_pricing: 'custom', export_hourly_rates_cents_per_kwh: hourly }, IMPORT)).toEqual({ source: 'none', rates: null });
  });
});
