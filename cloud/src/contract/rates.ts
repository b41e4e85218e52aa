// Rates. The response type comes from the tariff domain, which builds it; the PUT body
// is validated there too (validateRateUpdate), because its rules depend on the stored settings.
import type { ExportPricing, PricingSource } from '../domain/tariffs/rate-settings.js';

export type { RateCurveResponse as RateCurve } from '../domain/tariffs/rate-curve.js';
export type { DynamicZoneSummary, PricingZoneSummary } from '../domain/tariffs/catalog.js';
export type { ExportPricing, PricingSource } from '../domain/tariffs/rate-settings.js';

/** PUT /api/v1/rates body: every field optional, only sent fields change, null clears. */
export interface RatesUpdateRequest {
  /** Exactly 24 values (00:00 to 23:00), each 0-200 cents/kWh; sent without pricing_source it selects `custom`. */
  hourly_rates_cents_per_kwh?: number[] | null;
  pricing_source?: PricingSource | null;
  /** A slug of available_dynamic_zones, case-insensitive. */
  dynamic_zone?: string | null;
  /** 0-50 cents/kWh; null falls back to the global default. */
  pricing_adder_cents_per_kwh?: number | null;
  /** An id of available_pricing_zones. */
  pricing_location?: number;
  /** What exports earn: `none` (default), `net_metering` (the import price of the same slot), `custom`; null clears to `none`. */
  export_pricing?: ExportPricing | null;
  /** Exactly 24 values (00:00 to 23:00), each -100 to 500 cents/kWh; sent without export_pricing it selects `custom`. */
  export_hourly_rates_cents_per_kwh?: number[] | null;
}
