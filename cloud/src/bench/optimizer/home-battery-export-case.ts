// Home battery instances that all have an export curve, built by the tariff domain from export
// settings as the service builds it (buildExportCurve): net metering of the day's import curve,
// net billing (NEM 3.0-like: a few cents most hours, much more on summer evenings), negative
// feed-in at noon, and a curve negative all day. Same batteries, houses and exact model as the
// home_battery case; its own report row.
import { buildExportCurve } from '../../domain/tariffs/export-curve.js';
import type { StoredRateSettings } from '../../domain/tariffs/rate-settings.js';
import { drawInput, homeBatteryCase, type BatteryInstance } from './home-battery-case.js';
import { drawDay } from './instances.js';
import { between, pick, seededRandom } from './random.js';

type ExportSettings = Pick<StoredRateSettings, 'export_pricing' | 'export_hourly_rates_cents_per_kwh'>;

const KINDS = ['net_metering', 'net_billing', 'negative_noon', 'negative_all_day'] as const;

/** The export settings of one instance, with a short name for the label. */
function drawExportSettings(rng: () => number, isSummer: boolean): { kind: string; settings: ExportSettings } {
  const kind = pick(rng, KINDS);
  const custom = (hourly: number[]) => ({
    kind,
    settings: { export_pricing: 'custom' as const, export_hourly_rates_cents_per_kwh: hourly.map((v) => Math.round(v * 100) / 100) },
  });
  if (kind === 'net_metering') return { kind, settings: { export_pricing: 'net_metering', export_hourly_rates_cents_per_kwh: null } };
  const base = between(rng, 1, 6);
  if (kind === 'net_billing') {
    // Evening export values: up to a few dollars on summer evenings, tens of cents in winter.
    const evening = isSummer ? between(rng, 20, 300) : between(rng, 8, 40);
    const start = Math.floor(between(rng, 16, 19));
    return custom(Array.from({ length: 24 }, (_, h) => (h >= start && h < start + 3 ? evening * between(rng, 0.7, 1) : base * between(rng, 0.8, 1.2))));
  }
  if (kind === 'negative_noon') {
    const noon = -between(rng, 0.5, 10);
    return custom(Array.from({ length: 24 }, (_, h) => (h >= 10 && h < 15 ? noon : base)));
  }
  return custom(Array.from({ length: 24 }, () => -between(rng, 0.5, 20)));
}

export const homeBatteryExportCase: typeof homeBatteryCase = {
  ...homeBatteryCase,
  name: 'home_battery export',
  generate(n, seed) {
    const rng = seededRandom(seed * 7919 + 3);
    return Array.from({ length: n }, (_, i): BatteryInstance => {
      const { label, day, weather } = drawDay(rng, i);
      const { kind, settings } = drawExportSettings(rng, day.date.slice(5, 7) === '07');
      const exported = buildExportCurve(settings, day.pricesCentsPerKwh);
      return { label: `${label} export ${kind}`, day: { ...day, exportPricesCentsPerKwh: exported.rates }, input: drawInput(rng, weather) };
    });
  },
};
