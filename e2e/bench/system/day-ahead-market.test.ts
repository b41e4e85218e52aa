// The fleet's day-ahead market: a delivery day is out from 11:00 New York time the day before, on the fleet's clock.
import { expect, test } from '@playwright/test';
import { startDayAheadMarket } from './day-ahead-market.js';

test("serves a delivery day's prices from 11:00 New York time the day before, 404 until then", async () => {
  let now = Date.parse('2026-11-18T15:59:00Z'); // 10:59 EST
  const market = await startDayAheadMarket('2026-11-17', '2026-11-20', () => now);
  try {
    expect(market.publishedAtSimMs('2026-11-19')).toBe(Date.parse('2026-11-18T16:00:00Z'));
    const url = `${market.url}/public/csv/damlbmp/20261119damlbmp_zone.csv`;
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(`${market.url}/public/csv/damlbmp/20261118damlbmp_zone.csv`)).status).toBe(200);
    now += 60_000;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const rows = (await res.text()).trim().split('\n');
    expect(rows).toHaveLength(25);
    expect(rows[1]).toMatch(/^"11\/19\/2026 00:00","N\.Y\.C\.",/);
    expect((await fetch(`${market.url}/public/csv/damlbmp/20261121damlbmp_zone.csv`)).status).toBe(404); // not served
  } finally {
    await market.close();
  }
});
