// What a kWh sent to the grid earns in each half-hour slot of the day (the export side of
// the rate curve); pure, built beside the import curve by buildRateCurve.
import { expandHourly, usableHourly } from './custom-curve.js';
import type { ExportPricing, StoredRateSettings } from './rate-settings.js';

/** The export curve in effect and the pricing it came from, after the fallback. */
export interface ExportCurve {
  /** `none` also when `custom` is stored without a usable hourly array. */
  source: ExportPricing;
  /** 48 export prices, cents/kWh, or null when exports earn nothing (no export-rate curve). */
  rates: number[] | null;
}

/**
 * The export curve of a day whose served import curve is `importRates` (48 slots):
 *  - `none` (also null): no curve, exports earn nothing;
 *  - `net_metering`: each slot earns the import price of the same slot, whatever its source
 *    (zone plan, custom, or dynamic plus adder; negative dynamic prices stay negative);
 *  - `custom`: the 24 stored hourly values, each for both half-hours of its hour; without a
 *    stored array it is `none`, as a custom import curve without one is the zone plan.
 */
export function buildExportCurve(
  settings: Pick<StoredRateSettings, 'export_pricing' | 'export_hourly_rates_cents_per_kwh'>,
  importRates: readonly number[],
): ExportCurve {
  const pricing = settings.export_pricing ?? 'none';
  if (pricing === 'net_metering') return { source: pricing, rates: [...importRates] };
  if (pricing === 'custom') {
    const hourly = usableHourly(settings.export_hourly_rates_cents_per_kwh);
    if (hourly) return { source: pricing, rates: expandHourly(hourly) };
  }
  return { source: 'none', rates: null };
}
