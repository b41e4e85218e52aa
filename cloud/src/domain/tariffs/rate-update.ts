// Validation and merge of a PUT /api/v1/rates body; pure, so every rule is unit-tested here and the
// route only maps { ok: false } to 400 { detail }.
import { catalogIds, DEFAULT_PLAN_ID, dynamicZoneSlugs, findDynamicZone } from './catalog.js';
import { HOURS_PER_DAY } from './custom-curve.js';
import { applyExportUpdate } from './export-update.js';
import { isPricingSource, PRICING_SOURCES, type StoredRateSettings } from './rate-settings.js';
import { BODY_NOT_OBJECT_DETAIL, isPlainObject } from '../validation/plain-object.js';

/** Outcome of validating a PUT body: the settings to store, or the first failing rule's detail. */
export type RateUpdateResult = { ok: true; next: StoredRateSettings } | { ok: false; detail: string };

/** Highest custom hourly rate and per-user dynamic adder, cents/kWh. */
export const MAX_RATE = 200;
export const MAX_ADDER = 50;

/** Renders a list the way Python's repr does (the error texts were specified in that style). */
export function pyList(items: readonly (string | number)[]): string {
  const repr = (v: string | number): string => {
    if (typeof v === 'number') return String(v);
    if (v.includes("'") && !v.includes('"')) return `"${v}"`;
    return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  };
  return `[${items.map(repr).join(', ')}]`;
}

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function fail(detail: string): RateUpdateResult {
  return { ok: false, detail };
}

/**
 * Validates a PUT body against the stored settings and returns the settings to store.
 * Only fields present (and not undefined) change; null clears. Rules run in this fixed order,
 * matching the order of the error table, and the first failure is returned:
 *  1. hourly_rates_cents_per_kwh: an array of exactly 24 values
 *  2. each hourly value: a finite number in [0, 200] (reported by hour index)
 *  3. pricing_source: one of zone/custom/dynamic
 *  4. a resulting `dynamic` source needs a zone sent (non-null) or stored, checked only when this
 *     body sends pricing_source or dynamic_zone, so unrelated edits never trip over old state
 *  5. dynamic_zone: a catalog slug, case-insensitive; stored as the catalog's spelling
 *  6. pricing_adder_cents_per_kwh: a finite number in [0, 50]
 *  7. pricing_location: an integer catalog id; null resets to the default plan 1 (as PATCH
 *     /auth/me does), since the field is not nullable in the contract and 1 is the documented default
 *  8-10. the export fields (export-update.ts): export_hourly_rates_cents_per_kwh length, its
 *     values, export_pricing
 * A non-null hourly array sent without pricing_source selects `custom`.
 */
export function validateRateUpdate(body: unknown, stored: StoredRateSettings): RateUpdateResult {
  if (!isPlainObject(body)) {
    return fail(BODY_NOT_OBJECT_DETAIL);
  }
  const b = body as Record<string, unknown>;
  const sent = (key: string): boolean => Object.hasOwn(b, key) && b[key] !== undefined;
  const next: StoredRateSettings = {
    ...stored,
    hourly_rates_cents_per_kwh: stored.hourly_rates_cents_per_kwh ? [...stored.hourly_rates_cents_per_kwh] : null,
    export_hourly_rates_cents_per_kwh: stored.export_hourly_rates_cents_per_kwh ? [...stored.export_hourly_rates_cents_per_kwh] : null,
  };

  if (sent('hourly_rates_cents_per_kwh')) {
    const hourly = b.hourly_rates_cents_per_kwh;
    if (hourly === null) {
      next.hourly_rates_cents_per_kwh = null;
    } else {
      if (!Array.isArray(hourly) || hourly.length !== HOURS_PER_DAY) {
        return fail('hourly_rates_cents_per_kwh must have exactly 24 values');
      }
      const values: unknown[] = hourly;
      const bad = values.findIndex((v) => !isFiniteNumber(v) || v < 0 || v > MAX_RATE);
      if (bad !== -1) return fail(`rate at hour ${bad} must be between 0 and 200 cents/kWh`);
      next.hourly_rates_cents_per_kwh = [...(values as number[])];
      if (!sent('pricing_source')) next.pricing_source = 'custom';
    }
  }

  if (sent('pricing_source')) {
    const source = b.pricing_source;
    if (source === null) next.pricing_source = null;
    else if (isPricingSource(source)) next.pricing_source = source;
    else return fail(`pricing_source must be one of ${pyList(PRICING_SOURCES)}`);
  }

  const zoneList = pyList(dynamicZoneSlugs());
  const zoneSent = sent('dynamic_zone');
  if (next.pricing_source === 'dynamic' && (sent('pricing_source') || zoneSent)) {
    // A stored slug that has left the catalog no longer counts as "already stored".
    const hasZone = zoneSent ? b.dynamic_zone !== null : stored.dynamic_zone !== null && findDynamicZone(stored.dynamic_zone) !== undefined;
    if (!hasZone) {
      return fail(`pricing_source='dynamic' requires dynamic_zone (one of: ${zoneList})`);
    }
  }

  if (zoneSent) {
    const zone = b.dynamic_zone;
    if (zone === null) {
      next.dynamic_zone = null;
    } else {
      const found = typeof zone === 'string' ? findDynamicZone(zone) : undefined;
      if (!found) return fail(`dynamic_zone must be one of: ${zoneList}`);
      next.dynamic_zone = found.slug;
    }
  }

  if (sent('pricing_adder_cents_per_kwh')) {
    const adder = b.pricing_adder_cents_per_kwh;
    if (adder === null) next.pricing_adder_cents_per_kwh = null;
    else if (isFiniteNumber(adder) && adder >= 0 && adder <= MAX_ADDER) {
      next.pricing_adder_cents_per_kwh = adder;
    } else return fail('pricing_adder_cents_per_kwh must be a number between 0 and 50 cents/kWh');
  }

  if (sent('pricing_location')) {
    const location = b.pricing_location;
    const ids = catalogIds();
    if (location === null) {
      next.pricing_location = DEFAULT_PLAN_ID;
    } else if (typeof location === 'number' && Number.isInteger(location) && ids.includes(location)) {
      next.pricing_location = location;
    } else {
      return fail(`pricing_location must be one of the catalog ids: ${pyList(ids)}`);
    }
  }

  const exportFailure = applyExportUpdate(b, next);
  if (exportFailure !== null) return fail(exportFailure);

  return { ok: true, next };
}
