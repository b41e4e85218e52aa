// A loopback stand-in for the day-ahead price feeds, speaking each zone's URL scheme, for the
// cloud's tests and the system benchmark (which publishes tomorrow's prices on its clock).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { findDynamicZone } from '../domain/tariffs/catalog.js';
import { adapterFor } from '../domain/tariffs/feeds/index.js';
import { dayBoundsUtc, type LocalDate } from '../domain/time/slot-grid.js';

/** Credentials the test clouds are configured with; the fake checks the headers built from them. */
export const FAKE_CREDENTIALS: Record<string, Record<string, string>> = {
  'ercot-houston': { subscriptionKey: 'ercot-key', idToken: 'ercot-token' },
  'pjm-dom': { subscriptionKey: 'pjm-key' },
  'isone-hub': { username: 'isone-user', password: 'isone-pass' },
  'entsoe-de-lu': { securityToken: 'entsoe-token' },
};

/** What the fake answers for one market day: a body (200 unless `status`), after `delayMs`. */
export interface FakeReply {
  body?: string | Buffer;
  status?: number;
  delayMs?: number;
}

/** A reply, or what to reply at the moment a request comes (a day published only from some instant on). */
export type FakeRoute = FakeReply | (() => FakeReply);

/** PJM Data Miner JSON for the hours of a New York market day, priced by `pricePerMwh(hour index)`. */
export function pjmDayBody(date: LocalDate, pricePerMwh: (hour: number) => number): string {
  const { start, end } = dayBoundsUtc(date, 'America/New_York');
  const items = [];
  for (let t = start.getTime(), i = 0; t < end.getTime(); t += 3_600_000, i++) {
    const utc = new Date(t).toISOString().slice(0, 19);
    items.push({ datetime_beginning_utc: utc, pnode_id: 34964545, pnode_name: 'DOM', total_lmp_da: pricePerMwh(i) });
  }
  return JSON.stringify({ items, totalRows: items.length });
}

/** NYISO's zonal day-ahead CSV for the hours of a New York market day (zone N.Y.C.), priced by `pricePerMwh(hour index)`. */
export function nyisoDayBody(date: LocalDate, pricePerMwh: (hour: number) => number): string {
  const { start, end } = dayBoundsUtc(date, 'America/New_York');
  const stamp = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  const lines = ['"Time Stamp","Name","PTID","LBMP ($/MWHr)","Marginal Cost Losses ($/MWHr)","Marginal Cost Congestion ($/MWHr)"'];
  for (let t = start.getTime(), i = 0; t < end.getTime(); t += 3_600_000, i++) {
    const p = Object.fromEntries(stamp.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
    lines.push(`"${p.month}/${p.day}/${p.year} ${p.hour}:00","N.Y.C.",61761,${pricePerMwh(i).toFixed(2)},0.00,0.00`);
  }
  return lines.join('\n') + '\n';
}

/** Octopus Agile JSON for the half-hours of a London day, priced in p/kWh by `pencePerKwh(slot)`. */
export function octopusDayBody(date: LocalDate, pencePerKwh: (slot: number) => number): string {
  const { start, end } = dayBoundsUtc(date, 'Europe/London');
  const results = [];
  for (let t = start.getTime(), i = 0; t < end.getTime(); t += 1_800_000, i++) {
    const value = pencePerKwh(i);
    results.push({
      value_exc_vat: value / 1.05,
      value_inc_vat: value,
      valid_from: new Date(t).toISOString().replace('.000', ''),
      valid_to: new Date(t + 1_800_000).toISOString().replace('.000', ''),
      payment_method: null,
    });
  }
  return JSON.stringify({ count: results.length, results: results.reverse() });
}

/**
 * A loopback server speaking the feeds' URL schemes: a day is served only at the exact URL (and
 * with the headers) the zone's adapter builds for it; anything else is 404.
 */
export async function startFakePriceFeed() {
  const routes = new Map<string, { reply: FakeRoute; headers: Record<string, string> }>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const key = new URL(req.url ?? '/', 'http://fake').href;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const route = routes.get(key);
    if (!route) return void res.writeHead(404).end('not found');
    const authorized = Object.entries(route.headers).every(([k, v]) => req.headers[k.toLowerCase()] === v);
    if (!authorized) return void res.writeHead(401).end('unauthorized');
    const { body = '', status = 200, delayMs = 0 } = typeof route.reply === 'function' ? route.reply() : route.reply;
    const timer = setTimeout(() => res.writeHead(status).end(body), delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The route key and expected headers of a zone's market day. */
  function requestOf(slug: string, date: LocalDate) {
    const request = adapterFor(slug)!.buildRequest(url, findDynamicZone(slug)!, date, FAKE_CREDENTIALS[slug]);
    const target = new URL(request.url);
    return { key: new URL(target.pathname + target.search, 'http://fake').href, headers: request.headers ?? {} };
  }

  return {
    url,
    /** Answers the request the adapter of `slug` builds for this market day with `reply`. */
    serve(slug: string, date: LocalDate, reply: FakeRoute) {
      const { key, headers } = requestOf(slug, date);
      routes.set(key, { reply, headers });
    },
    /** How many requests arrived for this zone's market day. */
    hitsFor(slug: string, date: LocalDate): number {
      return hits.get(requestOf(slug, date).key) ?? 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakePriceFeed = Awaited<ReturnType<typeof startFakePriceFeed>>;
