// Builds the rate curve resource from stored settings; pure, so the route only
// loads settings and price points and serialises the result.
import type { LocalDate } from '../time/slot-grid.js';
import { defaultPlan, dynamicZoneSummaries, findDynamicZone, findPlan, pricingZoneSummaries, type TouPlan } from './catalog.js';
import { expandHourly, usableHourly } from './custom-curve.js';
import { dynamicCurve } from './dynamic-curve.js';
import { buildExportCurve } from './export-curve.js';
import type { PricePoint } from './price-point.js';
import type { RateCurveResponse } from './rate-bodies.js';
import type { PricingSource, StoredRateSettings } from './rate-settings.js';
import { zoneCurve } from './zone-curve.js';

export type { RateCurveResponse } from './rate-bodies.js';
export { validateRateUpdate, type RateUpdateResult } from './rate-update.js';

/** The only unit the API reports rates in. */
export const RATE_UNIT = 'cents/kWh';

/** Everything buildRateCurve needs; all time-dependent values are passed in. */
export interface RateCurveInput {
  settings: StoredRateSettings;
  /** The account's local date the curve is for. */
  date: LocalDate;
  /** The account's IANA time zone (slot boundaries of the dynamic curve). */
  timeZone: string;
  /** The configured global adder, used when the account has no per-user adder. */
  defaultAdderCentsPerKwh: number;
  /** Price points loaded for the account's dynamic zone, or null when none are available. */
  dynamicPoints: readonly PricePoint[] | null;
}

const INTERVALS: readonly number[] = Array.from({ length: 48 }, (_, i) => i);

/** The plan in effect: the stored id when it is in the catalog, else the default plan. */
export function effectivePlan(location: number | null): TouPlan {
  // An id dropped from a later catalog must not break GET; such accounts see plan 1.
  return (location === null ? undefined : findPlan(location)) ?? defaultPlan();
}

/** The curve actually served and the source it came from, after all fallbacks. */
function resolveCurve(input: RateCurveInput, pricingSource: PricingSource, zoneRates: number[]): { source: PricingSource; rates: number[] } {
  const { settings } = input;
  if (pricingSource === 'custom') {
    const hourly = usableHourly(settings.hourly_rates_cents_per_kwh);
    // Decision: custom selected without a stored array serves the zone plan.
    if (hourly) return { source: 'custom', rates: expandHourly(hourly) };
  }
  if (pricingSource === 'dynamic') {
    const zone = settings.dynamic_zone === null ? undefined : findDynamicZone(settings.dynamic_zone);
    if (zone && input.dynamicPoints) {
      // The adder applies to dynamic prices only: the per-user value, else the global default.
      const adder = settings.pricing_adder_cents_per_kwh ?? input.defaultAdderCentsPerKwh;
      const rates = dynamicCurve(input.dynamicPoints, input.date, input.timeZone, adder);
      if (rates) return { source: 'dynamic', rates };
    }
  }
  return { source: 'zone', rates: zoneRates };
}

/** The complete rate curve resource for the account's local date. */
export function buildRateCurve(input: RateCurveInput): RateCurveResponse {
  const { settings } = input;
  const plan = effectivePlan(settings.pricing_location);
  // The season label always follows the account's plan and local date, whatever the source.
  const zone = zoneCurve(plan, input.date);
  const pricingSource: PricingSource = settings.pricing_source ?? 'zone';
  const { source, rates } = resolveCurve(input, pricingSource, zone.rates);
  const storedZone = settings.dynamic_zone;
  const exported = buildExportCurve(settings, rates);
  return {
    pricing_location: plan.id,
    intervals: [...INTERVALS],
    rates_cents_per_kwh: rates,
    source,
    season: zone.season,
    hourly_rates_cents_per_kwh: source === 'custom' ? [...(settings.hourly_rates_cents_per_kwh ?? [])] : null,
    pricing_source: pricingSource,
    dynamic_zone: storedZone === null ? null : (findDynamicZone(storedZone)?.slug ?? storedZone),
    pricing_adder_cents_per_kwh: settings.pricing_adder_cents_per_kwh,
    available_dynamic_zones: dynamicZoneSummaries(),
    available_pricing_zones: pricingZoneSummaries(),
    unit: RATE_UNIT,
    export_pricing: settings.export_pricing ?? 'none',
    export_source: exported.source,
    export_hourly_rates_cents_per_kwh: exported.source === 'custom' ? [...(settings.export_hourly_rates_cents_per_kwh ?? [])] : null,
    export_rates_cents_per_kwh: exported.rates,
  };
}
