// MISO day-ahead LMP market report CSV (wide): a few preamble lines (title, market date, a note
// that hours are EST), then Node,Type,Value,HE 1..HE 24. MISO market time is fixed EST (UTC-5,
// no DST), so every day has exactly 24 hour-ending columns.
import type { LocalDate } from '../../time/slot-grid.js';
import type { PricePoint } from '../price-point.js';
import { parseCsv } from './csv.js';
import { bodyText, FeedError, joinUrl, locationFor, nonEmpty, toPrice } from './feed-util.js';
import { compactDate, hourlyPoint, usDateToLocal } from './market-time.js';
import type { FeedAdapter } from './types.js';

const FORMAT = 'miso-da-lmp-wide-csv';
const EST_OFFSET_HOURS = 5;
const NODES: Record<string, string> = { 'miso-illinois': 'ILLINOIS.HUB' };

/** UTC start of hour-ending `he` (1-24) of a market date in fixed EST. */
function estHourStart(date: LocalDate, he: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, he - 1 + EST_OFFSET_HOURS));
}

/** MISO day-ahead ex-post LMP adapter (the report the catalog names). */
export const misoAdapter: FeedAdapter = {
  format: FORMAT,
  defaultBaseUrl: 'https://docs.misoenergy.org',
  // Fixed EST all year; POSIX Etc zones invert the sign, so UTC-5 is Etc/GMT+5.
  marketTimeZone: 'Etc/GMT+5',
  buildRequest(baseUrl, zone, date) {
    locationFor(NODES, zone.slug, FORMAT);
    return { url: joinUrl(baseUrl, `/marketreports/${compactDate(date)}_da_expost_lmp.csv`) };
  },
  parse(body, zone, date) {
    const node = locationFor(NODES, zone.slug, FORMAT);
    const rows = parseCsv(bodyText(body)).map((r) => r.map((c) => c.trim()));
    const headerAt = rows.findIndex((r) => r[0] === 'Node' && r.includes('HE 1'));
    const header = rows[headerAt];
    if (!header) throw new FeedError(FORMAT, 'no Node,Type,Value,HE 1.. header row');
    // The report names its market date in the preamble; a different day means a stale or
    // mis-routed file, which must not be read as the requested day.
    const stated = rows
      .slice(0, headerAt)
      .map((r) => usDateToLocal(r[0] ?? ''))
      .find(Boolean);
    if (stated && stated !== date) {
      throw new FeedError(FORMAT, `report is for ${stated}, expected ${date}`);
    }
    const valueCol = header.indexOf('Value');
    const row = rows.slice(headerAt + 1).find((r) => r[0] === node && r[valueCol] === 'LMP');
    if (!row) return nonEmpty([], FORMAT, node);
    const points: PricePoint[] = [];
    for (let he = 1; he <= 24; he++) {
      const col = header.indexOf(`HE ${he}`);
      if (col === -1) throw new FeedError(FORMAT, `header lacks HE ${he}`);
      const start = estHourStart(date, he);
      points.push(hourlyPoint(start, toPrice(row[col], FORMAT, `${node} HE ${he}`)));
    }
    return points;
  },
};
