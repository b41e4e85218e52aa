// The per-account rate preferences as stored, shared by the GET builder and the PUT validator.

/** Where the curve should come from, in the order the API lists them. */
export const PRICING_SOURCES = ['zone', 'custom', 'dynamic'] as const;

/** A pricing source the API accepts. */
export type PricingSource = (typeof PRICING_SOURCES)[number];

/** What exported energy earns, in the order the API lists them (`export-curve.ts`). */
export const EXPORT_PRICINGS = ['none', 'net_metering', 'custom'] as const;

/** An export pricing the API accepts. */
export type ExportPricing = (typeof EXPORT_PRICINGS)[number];

/** The stored rate preferences; null always means "not set, use the default". */
export interface StoredRateSettings {
  pricing_source: PricingSource | null;
  pricing_location: number | null;
  hourly_rates_cents_per_kwh: number[] | null;
  dynamic_zone: string | null;
  pricing_adder_cents_per_kwh: number | null;
  /** null means `none`: exports earn nothing. */
  export_pricing: ExportPricing | null;
  /** The 24 hourly export prices of `custom` (00:00 to 23:00), each in [-100, 500] cents/kWh. */
  export_hourly_rates_cents_per_kwh: number[] | null;
}

/** Settings of an account that never chose anything (zone plan 1 by default). */
export const EMPTY_RATE_SETTINGS: Readonly<StoredRateSettings> = Object.freeze({
  pricing_source: null,
  pricing_location: null,
  hourly_rates_cents_per_kwh: null,
  dynamic_zone: null,
  pricing_adder_cents_per_kwh: null,
  export_pricing: null,
  export_hourly_rates_cents_per_kwh: null,
});

/** True when the value is one of the accepted pricing sources. */
export function isPricingSource(value: unknown): value is PricingSource {
  return typeof value === 'string' && (PRICING_SOURCES as readonly string[]).includes(value);
}

/** True when the value is one of the accepted export pricings. */
export function isExportPricing(value: unknown): value is ExportPricing {
  return typeof value === 'string' && (EXPORT_PRICINGS as readonly string[]).includes(value);
}
