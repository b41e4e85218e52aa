// ComEd Hourly Pricing JSON API (5-minute feed). Prices are cents/kWh strings; millisUTC is UTC
// epoch ms, read as the END of each 5-minute interval (PJM's interval-ending convention; ComEd's
// docs do not say). ComEd bills the hourly average of the twelve 5-minute prices, so the adapter
// returns hourly points. The JSON API has real-time prices only (no day-ahead), so a local day is
// fully covered only once it is over; until then the rate curve falls back to the zone plan.
import type { FeedAdapter } from './types.js';
import type { PricePoint } from '../price-point.js';
import { FeedError, joinUrl, locationFor, nonEmpty, parseJsonBody, toPrice } from './feed-util.js';
import { addDays, compactDate, HOUR_MS, hourlyPoint } from './market-time.js';

const FORMAT = 'comed-5minutefeed-json';
const FIVE_MIN_MS = 300_000;
// ComEd publishes one price series (its zone); the table only guards against mis-wiring.
const FEEDS: Record<string, string> = { 'comed-hourly': 'ComEd' };

/** Hourly averages of the 5-minute prices, converted to $/MWh (cents/kWh × 10). */
function hourlyAverages(samples: { endMs: number; cents: number }[]): PricePoint[] {
  const buckets = new Map<number, { sum: number; n: number }>();
  for (const s of samples) {
    const hourStart = Math.floor((s.endMs - FIVE_MIN_MS) / HOUR_MS) * HOUR_MS;
    const b = buckets.get(hourStart) ?? { sum: 0, n: 0 };
    b.sum += s.cents;
    b.n += 1;
    buckets.set(hourStart, b);
  }
  return [...buckets].map(([start, b]) => hourlyPoint(new Date(start), (b.sum / b.n) * 10));
}

/** ComEd 5-minute feed adapter. */
export const comedAdapter: FeedAdapter = {
  format: FORMAT,
  defaultBaseUrl: 'https://hourlypricing.comed.com',
  marketTimeZone: 'America/Chicago',
  buildRequest(baseUrl, zone, date) {
    locationFor(FEEDS, zone.slug, FORMAT);
    // datestart/dateend are Chicago wall time; the end bound reaches the next midnight so the
    // interval ending at 24:00 is included.
    const from = `${compactDate(date)}0000`;
    const to = `${compactDate(addDays(date, 1))}0000`;
    return { url: joinUrl(baseUrl, `/api?type=5minutefeed&datestart=${from}&dateend=${to}`) };
  },
  parse(body, zone) {
    const feed = locationFor(FEEDS, zone.slug, FORMAT);
    const json = parseJsonBody(body, FORMAT);
    if (!Array.isArray(json)) throw new FeedError(FORMAT, 'expected a JSON array');
    const samples = json.map((row: unknown, i) => {
      if (typeof row !== 'object' || row === null) {
        throw new FeedError(FORMAT, `entry ${i} is not an object`);
      }
      const r = row as Record<string, unknown>;
      const endMs = toPrice(r.millisUTC, FORMAT, `entry ${i} millisUTC`);
      if (!Number.isInteger(endMs) || endMs <= 0) {
        throw new FeedError(FORMAT, `entry ${i} millisUTC is not an epoch: ${String(r.millisUTC)}`);
      }
      return { endMs, cents: toPrice(r.price, FORMAT, `entry ${i} price`) };
    });
    return nonEmpty(hourlyAverages(samples), FORMAT, feed);
  },
};
