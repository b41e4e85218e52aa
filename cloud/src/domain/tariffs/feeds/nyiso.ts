// NYISO day-ahead zonal LBMP CSV (damlbmp_zone). Time Stamp is 'MM/DD/YYYY HH:MM' Eastern
// prevailing, hour-beginning; on the fall-back day the 01:00 stamp appears twice per zone
// (first EDT, then EST), so occurrences are counted per stamp.
import type { PricePoint } from '../price-point.js';
import { columnIndexes, parseCsv } from './csv.js';
import { bodyText, FeedError, joinUrl, locationFor, nonEmpty, toPrice } from './feed-util.js';
import { compactDate, hourlyPoint, localHourStartUtc, usDateToLocal } from './market-time.js';
import type { FeedAdapter } from './types.js';

const FORMAT = 'nyiso-damlbmp-csv';
const MARKET_TZ = 'America/New_York';
const ZONES: Record<string, string> = { 'nyiso-nyc': 'N.Y.C.' };

function parseRows(text: string, name: string): PricePoint[] {
  const [header, ...rows] = parseCsv(text);
  const cols = header && columnIndexes(header, { stamp: 'Time Stamp', name: 'Name', price: 'LBMP ($/MWHr)' });
  if (!cols) throw new FeedError(FORMAT, 'CSV header lacks Time Stamp, Name or LBMP ($/MWHr)');
  const seen = new Map<string, number>();
  const points: PricePoint[] = [];
  for (const [i, row] of rows.entries()) {
    if (row[cols.name]?.trim() !== name) continue;
    const stamp = row[cols.stamp]?.trim() ?? '';
    const m = /^(\d{2}\/\d{2}\/\d{4}) (\d{2}):00$/.exec(stamp);
    const date = m?.[1] ? usDateToLocal(m[1]) : undefined;
    if (!m || !date) throw new FeedError(FORMAT, `row ${i + 1} has a bad Time Stamp: ${stamp}`);
    const occurrence = seen.get(stamp) ?? 0;
    seen.set(stamp, occurrence + 1);
    const start = localHourStartUtc(date, Number(m[2]), MARKET_TZ, occurrence);
    if (!start) throw new FeedError(FORMAT, `row ${i + 1}: ${stamp} does not exist in Eastern time`);
    points.push(hourlyPoint(start, toPrice(row[cols.price], FORMAT, `row ${i + 1} LBMP`)));
  }
  return points;
}

/** NYISO day-ahead zonal LBMP adapter. */
export const nyisoAdapter: FeedAdapter = {
  format: FORMAT,
  defaultBaseUrl: 'http://mis.nyiso.com',
  marketTimeZone: MARKET_TZ,
  buildRequest(baseUrl, zone, date) {
    locationFor(ZONES, zone.slug, FORMAT);
    return { url: joinUrl(baseUrl, `/public/csv/damlbmp/${compactDate(date)}damlbmp_zone.csv`) };
  },
  parse(body, zone) {
    const name = locationFor(ZONES, zone.slug, FORMAT);
    return nonEmpty(parseRows(bodyText(body), name), FORMAT, name);
  },
};
