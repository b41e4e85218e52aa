// The day-ahead market the fleet's dynamic-price homes buy at (fleet.ts DAY_AHEAD), served over
// loopback in its own wire format: each delivery day is published at 11:00 New York time the day
// before on the fleet's clock (NYISO posts its day-ahead prices late morning); asked for earlier,
// the feed answers 404 as the real one does. The cloud's hourly price refresh then stores it and
// the zone's homes re-plan over today and tomorrow.
import { addDays, localHourStartUtc, nyisoDayBody, startFakePriceFeed, type FakePriceFeed } from '@offpeak/cloud/testing';
import { DAY_AHEAD } from './fleet.js';

const PUBLISHED_HOUR = 11;

/**
 * A day's prices, $/MWh by hour: 35 at night, 60 by day, 140 from 17:00 to 21:00, each day 10 %
 * dearer than the one before it, so a plan that sees tomorrow holds charge a plan of today would
 * spend.
 */
const price = (dayIndex: number) => (hour: number) => (hour >= 17 && hour < 21 ? 140 : hour >= 7 ? 60 : 35) * 1.1 ** dayIndex;

export interface DayAheadMarket {
  url: string;
  /** The simulated instant a delivery day's prices are published. */
  publishedAtSimMs(date: string): number;
  close(): Promise<void>;
}

/** Serves delivery days `first`..`last` (YYYY-MM-DD), each published on `now()` (simulated ms). */
export async function startDayAheadMarket(first: string, last: string, now: () => number): Promise<DayAheadMarket> {
  const feed: FakePriceFeed = await startFakePriceFeed();
  const publishedAtSimMs = (date: string) => localHourStartUtc(addDays(date, -1), PUBLISHED_HOUR, DAY_AHEAD.timeZone)!.getTime();
  for (let date = first, k = 0; date <= last; date = addDays(date, 1), k++) {
    const body = nyisoDayBody(date, price(k));
    feed.serve(DAY_AHEAD.zone, date, () => (now() >= publishedAtSimMs(date) ? { body } : { status: 404, body: 'not found' }));
  }
  return { url: feed.url, publishedAtSimMs, close: feed.close };
}
