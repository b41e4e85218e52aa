// GET and PUT /api/v1/rates as the API describes them: one typed schema per body gives both the
// type and the OpenAPI component (validation/typed-schema.ts). The PUT body is checked by hand
// (rate-update.ts, export-update.ts: its rules depend on the stored settings); its schema reads the
// same constants, and rate-bodies.test.ts holds the two to the same bounds.
import * as t from '../validation/typed-schema.js';
import { HOURS_PER_DAY } from './custom-curve.js';
import { MAX_EXPORT_RATE, MIN_EXPORT_RATE } from './export-update.js';
import { RATE_UNIT } from './rate-curve.js';
import { EXPORT_PRICINGS, PRICING_SOURCES } from './rate-settings.js';
import { MAX_ADDER, MAX_RATE } from './rate-update.js';
import { API_SEASONS } from './zone-curve.js';

const HOURLY_RATES_NOTE = `${HOURS_PER_DAY} hourly values (00:00 to 23:00), each 0-${MAX_RATE} cents/kWh`;
const hourlyRates = (description: string) => t.fixedArray(HOURS_PER_DAY, t.number({ minimum: 0, maximum: MAX_RATE }), description);
const EXPORT_HOURLY_NOTE = `${HOURS_PER_DAY} hourly export prices (00:00 to 23:00), each ${MIN_EXPORT_RATE} to ${MAX_EXPORT_RATE} cents/kWh`;
const exportHourlyRates = (description: string) => t.fixedArray(HOURS_PER_DAY, t.number({ minimum: MIN_EXPORT_RATE, maximum: MAX_EXPORT_RATE }), description);
const adder = (description: string) => t.number({ minimum: 0, maximum: MAX_ADDER, description });

/** Catalog entry of a dynamic zone as shown in `available_dynamic_zones`. */
export const dynamicZoneSummary = t.component(
  'DynamicZone',
  t.object({ slug: t.string('Send this'), iso: t.string('Informational'), label: t.string('Render this') }),
);
export type DynamicZoneSummary = t.Infer<typeof dynamicZoneSummary>;

/** Catalog entry of a preset plan as shown in `available_pricing_zones`. */
export const pricingZoneSummary = t.component(
  'PricingZone',
  t.object({
    id: t.integer('Send this as pricing_location'),
    slug: t.string(),
    utility: t.string(),
    plan: t.string(),
    region: t.string(),
    label: t.string('Render this'),
    notes: t.string(),
  }),
);
export type PricingZoneSummary = t.Infer<typeof pricingZoneSummary>;

/** The GET/PUT /api/v1/rates response body. */
export const rateCurve = t.component(
  'RateCurve',
  t.object(
    {
      pricing_location: t.integer('Catalog id; default 1 when unset'),
      intervals: t.fixedArray(48, t.integer({ minimum: 0, maximum: 47 }), 'Slot indexes 0-47'),
      rates_cents_per_kwh: t.fixedArray(48, t.number(), 'Exactly 48 values'),
      source: t.oneOf(PRICING_SOURCES, 'Source actually used on this call'),
      season: t.oneOf(API_SEASONS, "From the user's local date (some plans return the same curve in both)"),
      hourly_rates_cents_per_kwh: t.nullable(hourlyRates('The stored 24-element override, returned only when source is `custom`')),
      pricing_source: t.oneOf(PRICING_SOURCES, 'The stored preference'),
      dynamic_zone: t.nullable(t.string('Chosen dynamic slug')),
      pricing_adder_cents_per_kwh: t.nullable(adder('Per-user flat adder; null = global default')),
      available_dynamic_zones: t.array(t.ref(dynamicZoneSummary), 'Catalog of dynamic zones'),
      available_pricing_zones: t.array(t.ref(pricingZoneSummary), 'Preset plan catalog'),
      unit: t.constant(RATE_UNIT),
      export_pricing: t.oneOf(EXPORT_PRICINGS, 'The stored export preference; `none` when unset'),
      export_source: t.oneOf(EXPORT_PRICINGS, 'Export pricing actually used: `none` when `custom` is stored without an hourly array'),
      export_hourly_rates_cents_per_kwh: t.nullable(exportHourlyRates('The stored 24 hourly export prices, returned only when export_source is `custom`')),
      export_rates_cents_per_kwh: t.nullable(
        t.slots48(
          t.number(),
          'What a kWh exported in each slot of `intervals` earns today, cents/kWh; null when exports earn nothing (`none`). `net_metering`: equal to rates_cents_per_kwh, whatever the import source; `custom`: each hourly value for both half-hours of its hour',
        ),
      ),
    },
    "Today's 48-slot curve. With `dynamic` selected and no price data, the zone curve is returned (`source` `zone`, `pricing_source` stays `dynamic`).",
  ),
);
export type RateCurveResponse = t.Infer<typeof rateCurve>;

/** PUT /api/v1/rates body: every field optional, only sent fields change, null clears. */
export const ratesUpdate = t.component(
  'RatesUpdate',
  t.object(
    {
      hourly_rates_cents_per_kwh: t.optional(t.nullable(hourlyRates(`${HOURLY_RATES_NOTE}; null clears`))),
      pricing_source: t.optional(t.nullable(t.oneOf(PRICING_SOURCES, 'null clears the explicit selection'))),
      dynamic_zone: t.optional(
        t.nullable(t.string('Slug from available_dynamic_zones, case-insensitive; required (sent or stored) when pricing_source is `dynamic`')),
      ),
      pricing_adder_cents_per_kwh: t.optional(t.nullable(adder(`In [0, ${MAX_ADDER}]; null clears the per-user override`))),
      pricing_location: t.optional(t.integer('Must be an id in available_pricing_zones')),
      export_pricing: t.optional(
        t.nullable(
          t.oneOf(
            EXPORT_PRICINGS,
            'What exports earn: `none` (nothing; the default), `net_metering` (the import price of the same slot, whatever the import source), `custom` (export_hourly_rates_cents_per_kwh; without a stored array exports earn nothing). null clears to `none`',
          ),
        ),
      ),
      export_hourly_rates_cents_per_kwh: t.optional(t.nullable(exportHourlyRates(`${EXPORT_HOURLY_NOTE} (negative: exporting costs); null clears`))),
    },
    'All fields optional; only sent fields change; a body with one invalid field changes nothing. Custom curve: send the hourly array (without pricing_source it selects `custom`); dynamic: pricing_source `dynamic` plus dynamic_zone; preset: pricing_source `zone` plus pricing_location. Export: export_pricing `net_metering`, or the export hourly array (without export_pricing it selects `custom`).',
  ),
);
export type RatesUpdateRequest = t.Infer<typeof ratesUpdate>;
