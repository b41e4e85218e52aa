import type { Migration } from './index.js';

/** Export rates (docs/tariffs-and-weather.md): what a home's exported energy earns. */
export const exportRates: Migration = {
  name: '0006-export-rates',
  up: [
    // null = `none` (exports earn nothing), as a null pricing_source means `zone`; existing rows
    // therefore keep planning exactly as before.
    `ALTER TABLE rate_settings
       ADD COLUMN export_pricing text CHECK (export_pricing IN ('none', 'net_metering', 'custom')),
       ADD COLUMN export_hourly_rates_cents_per_kwh jsonb
         CHECK (export_hourly_rates_cents_per_kwh IS NULL OR jsonb_array_length(export_hourly_rates_cents_per_kwh) = 24)`,
  ],
};
