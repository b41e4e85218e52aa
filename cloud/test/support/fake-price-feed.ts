import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { findDynamicZone } from '../../src/domain/tariffs/catalog.js';
import { adapterFor } from '../../src/domain/tariffs/feeds/index.js';
import { dayBoundsUtc, type LocalDate } from '../../src/domain/time/slot-grid.js';

/** Credentials the test clouds are configured with; the fake checks the headers built from them. */
export const FAKE_CREDENTIALS: Record<string, Record<string, string>> = {
  'ercot-houston': { subscriptionKey: 'ercot-key', idToken: 'ercot-token' },
  'pjm-dom': { subscriptionKey: 'pjm-key' },
  'isone-hub': { username: 'isone-user', password: 'isone-pass' },
  'entsoe-de-lu': { securityToken: 'entsoe-token' },
};

/** The recorded payload of each zone in src/domain/tariffs/feeds/fixtures and its market day. */
export const RECORDED_DAYS: { slug: string; file: string; date: LocalDate }[] = [
  { slug: 'comed-hourly', file: 'comed-5minutefeed-2024-07-15.json', date: '2024-07-15' },
  { slug: 'caiso-np15', file: 'caiso-prc-lmp-2024-04-20.zip', date: '2024-04-20' },
  { slug: 'ercot-houston', file: 'ercot-dam-spp-2024-08-20.json', date: '2024-08-20' },
  { slug: 'pjm-dom', file: 'pjm-da-hrl-lmps-2024-01-16.json', date: '2024-01-16' },
  { slug: 'nyiso-nyc', file: 'nyiso-damlbmp-zone-2024-07-10.csv', date: '2024-07-10' },
  { slug: 'isone-hub', file: 'isone-hourlylmp-da-2024-01-22.json', date: '2024-01-22' },
  { slug: 'miso-illinois', file: 'miso-da-expost-lmp-2024-07-30.csv', date: '2024-07-30' },
  { slug: 'spp-south', file: 'spp-da-lmp-sl-2024-05-05.csv', date: '2024-05-05' },
  { slug: 'octopus-agile-c', file: 'octopus-agile-c-2024-03-12.json', date: '2024-03-12' },
  { slug: 'entsoe-de-lu', file: 'entsoe-a44-de-lu-2024-06-02.xml', date: '2024-06-02' },
];

/** The bytes of a recorded fixture. */
export function recordedBody(file: string): Buffer {
  return readFileSync(new URL(`../../src/domain/tariffs/feeds/fixtures/${file}`, import.meta.url));
}

/** What the fake answers for one market day: a body (200 unless `status`), after `delayMs`. */
export interface FakeReply {
  body?: string | Buffer;
  status?: number;
  delayMs?: number;
}

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
  const routes = new Map<string, { reply: FakeReply; headers: Record<string, string> }>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const key = new URL(req.url ?? '/', 'http://fake').href;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const route = routes.get(key);
    if (!route) return void res.writeHead(404).end('not found');
    const authorized = Object.entries(route.headers).every(([k, v]) => req.headers[k.toLowerCase()] === v);
    if (!authorized) return void res.writeHead(401).end('unauthorized');
    const { body = '', status = 200, delayMs = 0 } = route.reply;
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
    serve(slug: string, date: LocalDate, reply: FakeReply) {
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
