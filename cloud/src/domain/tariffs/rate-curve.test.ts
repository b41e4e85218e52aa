import { describe, expect, it } from 'vitest';
import { dynamicZoneSummaries, findPlan, pricingZoneSummaries } from './catalog.js';
import type { PricePoint } from './price-point.js';
import { buildRateCurve, effectivePlan, type RateCurveInput } from './rate-curve.js';
import { EMPTY_RATE_SETTINGS, type StoredRateSettings } from './rate-settings.js';
import { zoneCurve } from './zone-curve.js';

const HOUR = 3_600_000;
const SUMMER_WEEKDAY = '2024-07-15'; // Monday
const WINTER_WEEKEND = '2024-01-13'; // Saturday
const CHICAGO = 'America/Chicago';

/** 24 hourly points covering the Chicago day of 2024-07-15 (CDT), price 20 + h $/MWh. */
const fullDay: PricePoint[] = Array.from({ length: 24 }, (_, h) => ({
  startUtc: new Date(Date.parse('2024-07-15T05:00:00Z') + h * HOUR),
  endUtc: new Date(Date.parse('2024-07-15T05:00:00Z') + (h + 1) * HOUR),
  pricePerMwh: 20 + h,
}));
const hourly = Array.from({ length: 24 }, (_, h) => 10 + h);

function input(settings: Partial<StoredRateSettings>, extra: Partial<RateCurveInput> = {}): RateCurveInput {
  return {
    settings: { ...EMPTY_RATE_SETTINGS, ...settings },
    date: SUMMER_WEEKDAY,
    timeZone: CHICAGO,
    defaultAdderCentsPerKwh: 2,
    dynamicPoints: null,
    ...extra,
  };
}

const plan1Summer = zoneCurve(findPlan(1)!, SUMMER_WEEKDAY).rates;

describe('buildRateCurve: response shape', () => {
  const res = buildRateCurve(input({}));

  it('has exactly the rate-curve fields plus the export fields', () => {
    expect(Object.keys(res).sort()).toEqual(
      [
        'export_hourly_rates_cents_per_kwh',
        'export_pricing',
        'export_rates_cents_per_kwh',
        'export_source',
        'available_dynamic_zones',
        'available_pricing_zones',
        'dynamic_zone',
        'hourly_rates_cents_per_kwh',
        'intervals',
        'pricing_adder_cents_per_kwh',
        'pricing_location',
        'pricing_source',
        'rates_cents_per_kwh',
        'season',
        'source',
        'unit',
      ].sort(),
    );
  });

  it('defaults: zone plan 1, intervals 0..47, unit, catalogs', () => {
    expect(res).toMatchObject({
      pricing_location: 1,
      source: 'zone',
      pricing_source: 'zone',
      season: 'summer',
      hourly_rates_cents_per_kwh: null,
      dynamic_zone: null,
      pricing_adder_cents_per_kwh: null,
      unit: 'cents/kWh',
    });
    expect(res.intervals).toEqual(Array.from({ length: 48 }, (_, i) => i));
    expect(res.rates_cents_per_kwh).toEqual(plan1Summer);
    expect(res.available_pricing_zones).toEqual(pricingZoneSummaries());
    expect(res.available_dynamic_zones).toEqual(dynamicZoneSummaries());
  });
});

describe('buildRateCurve: source resolution', () => {
  const dynamicSettings = { pricing_source: 'dynamic', dynamic_zone: 'comed-hourly' } as const;
  const dynamicRates = (adder: number) => Array.from({ length: 48 }, (_, i) => (20 + Math.floor(i / 2)) / 10 + adder);

  it.each([
    {
      name: 'pricing_source null → zone',
      settings: {},
      want: { source: 'zone', pricing_source: 'zone', hourly_rates_cents_per_kwh: null },
      rates: plan1Summer,
    },
    {
      name: 'zone ignores a stored hourly array',
      settings: { pricing_source: 'zone', hourly_rates_cents_per_kwh: hourly },
      want: { source: 'zone', pricing_source: 'zone', hourly_rates_cents_per_kwh: null },
      rates: plan1Summer,
    },
    {
      name: 'custom with a stored array → custom',
      settings: { pricing_source: 'custom', hourly_rates_cents_per_kwh: hourly },
      want: { source: 'custom', pricing_source: 'custom', hourly_rates_cents_per_kwh: hourly },
      rates: hourly.flatMap((v) => [v, v]),
    },
    {
      name: 'custom without a stored array → zone curve',
      settings: { pricing_source: 'custom' },
      want: { source: 'zone', pricing_source: 'custom', hourly_rates_cents_per_kwh: null },
      rates: plan1Summer,
    },
    {
      name: 'custom with a malformed stored array → zone curve',
      settings: { pricing_source: 'custom', hourly_rates_cents_per_kwh: hourly.slice(1) },
      want: { source: 'zone', pricing_source: 'custom', hourly_rates_cents_per_kwh: null },
      rates: plan1Summer,
    },
    {
      name: 'dynamic with a full day → dynamic plus the global adder',
      settings: dynamicSettings,
      points: fullDay,
      want: { source: 'dynamic', pricing_source: 'dynamic', dynamic_zone: 'comed-hourly', pricing_adder_cents_per_kwh: null },
      rates: dynamicRates(2),
    },
    {
      name: 'dynamic with a per-user adder uses it',
      settings: { ...dynamicSettings, pricing_adder_cents_per_kwh: 0.5 },
      points: fullDay,
      want: { source: 'dynamic', pricing_adder_cents_per_kwh: 0.5 },
      rates: dynamicRates(0.5),
    },
    {
      name: 'a per-user adder of 0 is not the default',
      settings: { ...dynamicSettings, pricing_adder_cents_per_kwh: 0 },
      points: fullDay,
      want: { source: 'dynamic', pricing_adder_cents_per_kwh: 0 },
      rates: dynamicRates(0),
    },
    {
      name: 'dynamic without data → zone, pricing_source stays dynamic',
      settings: dynamicSettings,
      points: null,
      want: { source: 'zone', pricing_source: 'dynamic', dynamic_zone: 'comed-hourly', hourly_rates_cents_per_kwh: null },
      rates: plan1Summer,
    },
    {
      name: 'dynamic with a partial day → zone',
      settings: dynamicSettings,
      points: fullDay.slice(0, 20),
      want: { source: 'zone', pricing_source: 'dynamic' },
      rates: plan1Summer,
    },
    {
      name: 'dynamic without a zone → zone even with points',
      settings: { pricing_source: 'dynamic' },
      points: fullDay,
      want: { source: 'zone', pricing_source: 'dynamic', dynamic_zone: null },
      rates: plan1Summer,
    },
    {
      name: 'dynamic with a zone no longer in the catalog → zone, slug echoed',
      settings: { pricing_source: 'dynamic', dynamic_zone: 'retired-zone' },
      points: fullDay,
      want: { source: 'zone', dynamic_zone: 'retired-zone' },
      rates: plan1Summer,
    },
    {
      name: 'the adder never applies to zone rates',
      settings: { pricing_source: 'zone', pricing_adder_cents_per_kwh: 10, dynamic_zone: 'comed-hourly' },
      points: fullDay,
      want: { source: 'zone', pricing_adder_cents_per_kwh: 10 },
      rates: plan1Summer,
    },
    {
      name: 'the adder never applies to custom rates',
      settings: { pricing_source: 'custom', hourly_rates_cents_per_kwh: hourly, pricing_adder_cents_per_kwh: 10 },
      want: { source: 'custom' },
      rates: hourly.flatMap((v) => [v, v]),
    },
  ] as const)('$name', ({ settings, points, want, rates }) => {
    const res = buildRateCurve(input(settings as Partial<StoredRateSettings>, { dynamicPoints: points ?? null }));
    expect(res).toMatchObject(want);
    expect(res.rates_cents_per_kwh).toHaveLength(48);
    res.rates_cents_per_kwh.forEach((r, i) => expect(r).toBeCloseTo(rates[i]!, 10));
  });

  it('echoes a stored dynamic zone in catalog spelling', () => {
    const res = buildRateCurve(input({ pricing_source: 'dynamic', dynamic_zone: 'ComEd-Hourly' }, { dynamicPoints: fullDay }));
    expect(res.dynamic_zone).toBe('comed-hourly');
    expect(res.source).toBe('dynamic');
  });

  it('returns a copy of the stored hourly array', () => {
    const stored = [...hourly];
    const res = buildRateCurve(input({ pricing_source: 'custom', hourly_rates_cents_per_kwh: stored }));
    res.hourly_rates_cents_per_kwh![0] = 999;
    expect(stored[0]).toBe(10);
  });
});

describe('buildRateCurve: plan and season', () => {
  it.each([
    { location: null, date: SUMMER_WEEKDAY, id: 1, season: 'summer', slot32: 49 },
    { location: 4, date: SUMMER_WEEKDAY, id: 4, season: 'summer', slot32: 58 },
    { location: 4, date: WINTER_WEEKEND, id: 4, season: 'winter', slot32: 51 },
    { location: 1, date: WINTER_WEEKEND, id: 1, season: 'winter', slot32: 44 },
    { location: 99, date: SUMMER_WEEKDAY, id: 1, season: 'summer', slot32: 49 }, // unknown id → plan 1
    { location: 7, date: '2024-10-15', id: 7, season: 'summer', slot32: 73.709 },
  ])('location $location on $date → plan $id ($season)', ({ location, date, id, season, slot32 }) => {
    const res = buildRateCurve(input({ pricing_location: location }, { date }));
    expect(res.pricing_location).toBe(id);
    expect(res.season).toBe(season);
    expect(res.rates_cents_per_kwh[32]).toBe(slot32);
  });

  it('season follows the plan even when the source is custom or dynamic', () => {
    const custom = buildRateCurve(input({ pricing_location: 7, pricing_source: 'custom', hourly_rates_cents_per_kwh: hourly }, { date: '2024-10-15' }));
    expect(custom.season).toBe('summer');
    const winter = buildRateCurve(input({ pricing_source: 'custom', hourly_rates_cents_per_kwh: hourly }, { date: WINTER_WEEKEND }));
    expect(winter.season).toBe('winter');
  });

  it('effectivePlan falls back to plan 1', () => {
    expect(effectivePlan(null).id).toBe(1);
    expect(effectivePlan(0).id).toBe(1);
    expect(effectivePlan(5).id).toBe(5);
  });
});

describe('buildRateCurve: export curve', () => {
  const exportHourly = Array.from({ length: 24 }, (_, h) => (h >= 17 && h < 21 ? 30 : 3));
  const dynamicSettings = { pricing_source: 'dynamic', dynamic_zone: 'comed-hourly' } as const;

  it('defaults to none: no curve, nothing stored echoed', () => {
    expect(buildRateCurve(input({}))).toMatchObject({
      export_pricing: 'none',
      export_source: 'none',
      export_hourly_rates_cents_per_kwh: null,
      export_rates_cents_per_kwh: null,
    });
  });

  it.each([
    ['the zone plan', {}, null],
    ['a custom import curve', { pricing_source: 'custom', hourly_rates_cents_per_kwh: hourly }, null],
    ['dynamic prices plus the adder', dynamicSettings, fullDay],
    ['the zone fallback of dynamic without data', dynamicSettings, null],
  ] as const)('net metering earns the import price of each slot: %s', (_name, settings, points) => {
    const res = buildRateCurve(input({ ...settings, export_pricing: 'net_metering' }, { dynamicPoints: points }));
    expect(res).toMatchObject({ export_pricing: 'net_metering', export_source: 'net_metering', export_hourly_rates_cents_per_kwh: null });
    expect(res.export_rates_cents_per_kwh).toEqual(res.rates_cents_per_kwh);
  });

  it('custom returns the stored hourly values and their 48-slot curve, whatever the import source', () => {
    const res = buildRateCurve(
      input({ ...dynamicSettings, export_pricing: 'custom', export_hourly_rates_cents_per_kwh: exportHourly }, { dynamicPoints: fullDay }),
    );
    expect(res).toMatchObject({ source: 'dynamic', export_pricing: 'custom', export_source: 'custom', export_hourly_rates_cents_per_kwh: exportHourly });
    expect(res.export_rates_cents_per_kwh).toEqual(exportHourly.flatMap((v) => [v, v]));
  });

  it('custom without a stored array is none; a stored array is hidden unless custom is in effect', () => {
    expect(buildRateCurve(input({ export_pricing: 'custom' }))).toMatchObject({
      export_pricing: 'custom',
      export_source: 'none',
      export_rates_cents_per_kwh: null,
    });
    expect(buildRateCurve(input({ export_pricing: 'none', export_hourly_rates_cents_per_kwh: exportHourly }))).toMatchObject({
      export_source: 'none',
      export_hourly_rates_cents_per_kwh: null,
      export_rates_cents_per_kwh: null,
    });
  });
});
