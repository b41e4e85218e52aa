import { describe, expect, it } from 'vitest';
import { allDynamicZones, dynamicZoneSlugs, findDynamicZone } from '../catalog.js';
import { RECORDED_DAYS, recordedBody } from '../../../../test/support/recorded-feeds.js';
import { dayBoundsUtc, isValidTimeZone } from '../../time/slot-grid.js';
import { dynamicCurve } from '../dynamic-curve.js';
import { adapterFor, FEED_ADAPTERS, FeedError } from './index.js';

describe('feed registry', () => {
  it('has exactly one adapter per catalog zone', () => {
    expect(Object.keys(FEED_ADAPTERS).sort()).toEqual(dynamicZoneSlugs().sort());
  });

  it.each(dynamicZoneSlugs())('%s resolves (case-insensitively) to an adapter', (slug) => {
    const adapter = adapterFor(slug.toUpperCase());
    expect(adapter).toBeDefined();
    expect(adapter).toBe(adapterFor(slug));
    expect(adapter?.format).toMatch(/^[a-z0-9-]+$/);
    expect(adapter?.defaultBaseUrl).toMatch(/^https?:\/\/[a-z0-9.-]+$/);
  });

  it('knows no other slugs', () => {
    expect(adapterFor('ercot-north')).toBeUndefined();
    expect(adapterFor('constructor')).toBeUndefined();
  });

  it('every default base URL is the host of the catalog url_pattern', () => {
    for (const zone of allDynamicZones()) {
      const adapter = adapterFor(zone.slug);
      expect(zone.feed.url_pattern.replace(/^http:/, 'https:')).toContain(adapter!.defaultBaseUrl.replace(/^http:/, 'https:'));
    }
  });
});

// Every parser must turn junk into a thrown FeedError, never into an empty or bogus price list.
describe('all adapters reject garbage', () => {
  const junk: [string, Buffer][] = [
    ['an empty body', Buffer.alloc(0)],
    ['plain text', Buffer.from('Service temporarily unavailable')],
    ['an HTML page', Buffer.from('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>')],
    ['an empty JSON object', Buffer.from('{}')],
    ['an empty JSON array', Buffer.from('[]')],
    ['random bytes', Buffer.from([0x00, 0xff, 0x13, 0x37, 0x50, 0x4b, 0x03, 0x04, 0x99])],
  ];
  const cases = dynamicZoneSlugs().flatMap((slug) => junk.map(([name, body]) => [slug, name, body] as const));

  it.each(cases)('%s: %s', (slug, _name, body) => {
    const zone = findDynamicZone(slug)!;
    expect(() => adapterFor(slug)!.parse(body, zone, zone.sample_day.date.slice(0, 10))).toThrow(FeedError);
  });

  it.each(dynamicZoneSlugs())('%s refuses a zone it has no location for', (slug) => {
    const zone = { ...findDynamicZone(slug)!, slug: 'somewhere-else' };
    const adapter = adapterFor(slug)!;
    expect(() => adapter.parse(Buffer.from('{}'), zone, '2024-01-01')).toThrow(/no location configured for zone somewhere-else/);
    expect(() => adapter.buildRequest('http://h', zone, '2024-01-01', {})).toThrow(FeedError);
  });
});

// Callers pick the market days covering a user's day from marketTimeZone, so it must be the zone
// whose calendar day the adapter fetches: every recorded day lies inside it (and fills it, except
// ComEd's real-time feed, which only covers a day once it is over).
describe('market time zone', () => {
  it.each(RECORDED_DAYS)('$slug: the recorded $date lies within its market day', ({ slug, file, date }) => {
    const adapter = adapterFor(slug)!;
    expect(isValidTimeZone(adapter.marketTimeZone)).toBe(true);
    const points = adapter.parse(recordedBody(file), findDynamicZone(slug)!, date);
    const { start, end } = dayBoundsUtc(date, adapter.marketTimeZone);
    expect(points.filter((p) => p.startUtc < start || p.endUtc > end)).toEqual([]);
    if (slug !== 'comed-hourly') expect(dynamicCurve(points, date, adapter.marketTimeZone, 0)).not.toBeNull();
  });
});
