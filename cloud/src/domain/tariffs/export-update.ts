// Validation and merge of the export fields of a PUT /api/v1/rates body, the rules after the
// import ones (rate-update.ts), worded like them.
import { HOURS_PER_DAY } from './custom-curve.js';
import { EXPORT_PRICINGS, isExportPricing, type StoredRateSettings } from './rate-settings.js';

/** Bounds of an hourly export price, cents/kWh: negative, as dynamic markets go below zero. */
export const MIN_EXPORT_RATE = -100;
export const MAX_EXPORT_RATE = 500;

const isExportRate = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= MIN_EXPORT_RATE && v <= MAX_EXPORT_RATE;

/**
 * Applies the export fields of `body` to `next` (the settings being built), or returns the first
 * failing rule's detail. Rules, in this order:
 *  1. export_hourly_rates_cents_per_kwh: an array of exactly 24 values (null clears)
 *  2. each hourly export value: a finite number in [-100, 500] (reported by hour index)
 *  3. export_pricing: one of none/net_metering/custom (null clears to `none`)
 * A non-null hourly array sent without export_pricing selects `custom`, as the import array
 * selects `custom` for pricing_source.
 */
export function applyExportUpdate(body: Record<string, unknown>, next: StoredRateSettings): string | null {
  const sent = (key: string): boolean => Object.hasOwn(body, key) && body[key] !== undefined;

  if (sent('export_hourly_rates_cents_per_kwh')) {
    const hourly = body.export_hourly_rates_cents_per_kwh;
    if (hourly === null) {
      next.export_hourly_rates_cents_per_kwh = null;
    } else {
      if (!Array.isArray(hourly) || hourly.length !== HOURS_PER_DAY) {
        return 'export_hourly_rates_cents_per_kwh must have exactly 24 values';
      }
      const values: unknown[] = hourly;
      const bad = values.findIndex((v) => !isExportRate(v));
      if (bad !== -1) return `export rate at hour ${bad} must be between ${MIN_EXPORT_RATE} and ${MAX_EXPORT_RATE} cents/kWh`;
      next.export_hourly_rates_cents_per_kwh = [...(values as number[])];
      if (!sent('export_pricing')) next.export_pricing = 'custom';
    }
  }

  if (sent('export_pricing')) {
    const pricing = body.export_pricing;
    if (pricing === null) next.export_pricing = null;
    else if (isExportPricing(pricing)) next.export_pricing = pricing;
    else return `export_pricing must be one of [${EXPORT_PRICINGS.map((p) => `'${p}'`).join(', ')}]`;
  }
  return null;
}
