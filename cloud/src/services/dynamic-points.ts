// The stored day-ahead prices an account's dynamic tariff needs for one local day: one loader for
// the rates endpoint, the recompute and the metrics job (docs/tariffs-and-weather.md).
import { findDynamicZone } from '../domain/tariffs/catalog.js';
import type { PricePoint } from '../domain/tariffs/price-point.js';
import type { StoredRateSettings } from '../domain/tariffs/rate-settings.js';
import { dayBoundsUtc, type LocalDate } from '../domain/time/slot-grid.js';
import type { Store } from '../store/index.js';

/** Loads the stored points covering a local day; null when the tariff is not dynamic or nothing is stored (the curve then falls back to the zone plan). */
export type DynamicPointsLoader = (settings: StoredRateSettings, date: LocalDate, timeZone: string) => Promise<readonly PricePoint[] | null>;

/**
 * A loader that reads each (zone, day span) once for its lifetime: make one per request or per
 * run, so a run over thousands of accounts on a handful of zones asks the database a handful of times.
 */
export function dynamicPointsLoader(prices: Pick<Store['prices'], 'pointsBetween'>): DynamicPointsLoader {
  const cache = new Map<string, Promise<readonly PricePoint[] | null>>();
  return (settings, date, timeZone) => {
    const zone = settings.pricing_source === 'dynamic' && settings.dynamic_zone !== null ? findDynamicZone(settings.dynamic_zone) : undefined;
    if (!zone) return Promise.resolve(null);
    const { start, end } = dayBoundsUtc(date, timeZone);
    const key = `${zone.slug}|${start.getTime()}|${end.getTime()}`;
    let points = cache.get(key);
    if (!points) cache.set(key, (points = prices.pointsBetween(zone.slug, start, end).then((p) => (p.length ? p : null))));
    return points;
  };
}
