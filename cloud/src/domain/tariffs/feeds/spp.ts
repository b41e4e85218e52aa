// SPP Marketplace day-ahead LMP by settlement location CSV. Interval is hour-ending Central
// prevailing time; GMTIntervalEnd ('MM/DD/YYYY HH:MM:SS', UTC) is used instead because it is
// unambiguous on DST days. Day-ahead intervals are one hour long.
import type { PricePoint } from '../price-point.js';
import { columnIndexes, parseCsv } from './csv.js';
import { bodyText, FeedError, joinUrl, locationFor, nonEmpty, toPrice } from './feed-util.js';
import { compactDate, HOUR_MS } from './market-time.js';
import type { FeedAdapter } from './types.js';

const FORMAT = 'spp-da-lmp-csv';
const LOCATIONS: Record<string, string> = { 'spp-south': 'SPPSOUTH_HUB' };

/** 'MM/DD/YYYY HH:MM:SS' read as UTC, or undefined. */
function gmtInstant(text: string): Date | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const [, mo, d, y, h, mi, s] = m.map(Number);
  return new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0));
}

/** SPP day-ahead LMP adapter. */
export const sppAdapter: FeedAdapter = {
  format: FORMAT,
  defaultBaseUrl: 'https://portal.spp.org',
  marketTimeZone: 'America/Chicago',
  buildRequest(baseUrl, zone, date) {
    locationFor(LOCATIONS, zone.slug, FORMAT);
    const path = `/${date.slice(0, 4)}/${date.slice(5, 7)}/By-Day/DA-LMP-SL-${compactDate(date)}0100.csv`;
    return { url: joinUrl(baseUrl, `/file-browser-api/download/da-lmp-by-location?path=${path}`) };
  },
  parse(body, zone) {
    const location = locationFor(LOCATIONS, zone.slug, FORMAT);
    const [header, ...rows] = parseCsv(bodyText(body));
    const cols =
      header &&
      columnIndexes(header, {
        end: 'GMTIntervalEnd',
        location: 'Settlement Location',
        price: 'LMP',
      });
    if (!cols) throw new FeedError(FORMAT, 'CSV header lacks GMTIntervalEnd, Settlement Location or LMP');
    const points: PricePoint[] = [];
    for (const [i, row] of rows.entries()) {
      if (row[cols.location]?.trim() !== location) continue;
      const end = gmtInstant(row[cols.end] ?? '');
      if (!end) throw new FeedError(FORMAT, `row ${i + 1} has a bad GMTIntervalEnd`);
      points.push({
        startUtc: new Date(end.getTime() - HOUR_MS),
        endUtc: end,
        pricePerMwh: toPrice(row[cols.price]?.trim(), FORMAT, `row ${i + 1} LMP`),
      });
    }
    return nonEmpty(points, FORMAT, location);
  },
};
