import { describe, expect, it } from 'vitest';
import { pyList, validateRateUpdate } from './rate-update.js';
import { EMPTY_RATE_SETTINGS, type StoredRateSettings } from './rate-settings.js';

const ZONES =
  "['comed-hourly', 'caiso-np15', 'ercot-houston', 'pjm-dom', 'nyiso-nyc', 'isone-hub', " + "'miso-illinois', 'spp-south', 'octopus-agile-c', 'entsoe-de-lu']";
const IDS = '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]';
const D = {
  hourlyLength: 'hourly_rates_cents_per_kwh must have exactly 24 values',
  rateAt: (i: number) => `rate at hour ${i} must be between 0 and 200 cents/kWh`,
  source: "pricing_source must be one of ['zone', 'custom', 'dynamic']",
  needsZone: `pricing_source='dynamic' requires dynamic_zone (one of: ${ZONES})`,
  zone: `dynamic_zone must be one of: ${ZONES}`,
  adder: 'pricing_adder_cents_per_kwh must be a number between 0 and 50 cents/kWh',
  location: `pricing_location must be one of the catalog ids: ${IDS}`,
};

const h24 = (v: unknown = 10): unknown[] => new Array(24).fill(v);
const withAt = (i: number, v: unknown): unknown[] => h24().map((x, j) => (j === i ? v : x));
const stored = (s: Partial<StoredRateSettings> = {}): StoredRateSettings => ({ ...EMPTY_RATE_SETTINGS, ...s });

describe('pyList', () => {
  it.each([
    [['zone', 'custom'], "['zone', 'custom']"],
    [[1, 2, 3], '[1, 2, 3]'],
    [[], '[]'],
    [["it's"], '["it\'s"]'],
  ] as const)('%j → %s', (items, expected) => {
    expect(pyList(items)).toBe(expected);
  });
});

describe('validateRateUpdate: rejections', () => {
  it.each([
    ['hourly too short', { hourly_rates_cents_per_kwh: new Array(23).fill(1) }, D.hourlyLength],
    ['hourly too long', { hourly_rates_cents_per_kwh: new Array(25).fill(1) }, D.hourlyLength],
    ['hourly empty', { hourly_rates_cents_per_kwh: [] }, D.hourlyLength],
    ['hourly not an array', { hourly_rates_cents_per_kwh: 'cheap' }, D.hourlyLength],
    ['hourly an object', { hourly_rates_cents_per_kwh: { 0: 1 } }, D.hourlyLength],
    ['rate below 0', { hourly_rates_cents_per_kwh: withAt(0, -0.01) }, D.rateAt(0)],
    ['rate above 200', { hourly_rates_cents_per_kwh: withAt(23, 200.5) }, D.rateAt(23)],
    ['rate a string', { hourly_rates_cents_per_kwh: withAt(5, '10') }, D.rateAt(5)],
    ['rate null', { hourly_rates_cents_per_kwh: withAt(7, null) }, D.rateAt(7)],
    ['rate NaN', { hourly_rates_cents_per_kwh: withAt(8, Number.NaN) }, D.rateAt(8)],
    ['rate Infinity', { hourly_rates_cents_per_kwh: withAt(9, Number.POSITIVE_INFINITY) }, D.rateAt(9)],
    ['rate a boolean', { hourly_rates_cents_per_kwh: withAt(10, true) }, D.rateAt(10)],
    ['first bad hour reported', { hourly_rates_cents_per_kwh: withAt(3, -1).map((v, i) => (i === 12 ? 500 : v)) }, D.rateAt(3)],
    ['unknown source', { pricing_source: 'tou' }, D.source],
    ['source wrong case', { pricing_source: 'Zone' }, D.source],
    ['source a number', { pricing_source: 1 }, D.source],
    ['dynamic without zone', { pricing_source: 'dynamic' }, D.needsZone],
    ['dynamic clearing zone', { pricing_source: 'dynamic', dynamic_zone: null }, D.needsZone],
    ['unknown zone', { dynamic_zone: 'ercot-north' }, D.zone],
    ['zone not a string', { dynamic_zone: 7 }, D.zone],
    ['dynamic with unknown zone', { pricing_source: 'dynamic', dynamic_zone: 'nowhere' }, D.zone],
    ['adder below 0', { pricing_adder_cents_per_kwh: -0.1 }, D.adder],
    ['adder above 50', { pricing_adder_cents_per_kwh: 50.01 }, D.adder],
    ['adder a string', { pricing_adder_cents_per_kwh: '2' }, D.adder],
    ['adder NaN', { pricing_adder_cents_per_kwh: Number.NaN }, D.adder],
    ['location unknown', { pricing_location: 13 }, D.location],
    ['location zero', { pricing_location: 0 }, D.location],
    ['location fractional', { pricing_location: 1.5 }, D.location],
    ['location a string', { pricing_location: '2' }, D.location],
  ])('%s', (_name, body, detail) => {
    expect(validateRateUpdate(body, stored())).toEqual({ ok: false, detail });
  });

  it.each([null, [], 'x', 3])('rejects a non-object body %j', (body) => {
    expect(validateRateUpdate(body, stored())).toEqual({ ok: false, detail: 'request body must be a JSON object' });
  });
});

describe('validateRateUpdate: rule order (first failure wins)', () => {
  const allBad = {
    hourly_rates_cents_per_kwh: withAt(2, 999),
    pricing_source: 'bogus',
    dynamic_zone: 'bogus',
    pricing_adder_cents_per_kwh: 99,
    pricing_location: 99,
  };
  it.each([
    ['hourly length before everything', { ...allBad, hourly_rates_cents_per_kwh: [1] }, D.hourlyLength],
    ['hourly values next', allBad, D.rateAt(2)],
    ['then pricing_source', { ...allBad, hourly_rates_cents_per_kwh: undefined }, D.source],
    ['then the dynamic requirement', { ...allBad, hourly_rates_cents_per_kwh: undefined, pricing_source: 'dynamic', dynamic_zone: null }, D.needsZone],
    ['then dynamic_zone', { ...allBad, hourly_rates_cents_per_kwh: undefined, pricing_source: 'zone' }, D.zone],
    ['then the adder', { pricing_adder_cents_per_kwh: 99, pricing_location: 99 }, D.adder],
    ['location last', { pricing_location: 99 }, D.location],
  ])('%s', (_name, body, detail) => {
    expect(validateRateUpdate(body, stored())).toEqual({ ok: false, detail });
  });
});

describe('validateRateUpdate: accepted updates', () => {
  const hourly = Array.from({ length: 24 }, (_, i) => i * 8.3);
  const edges = withAt(0, 0).map((v, i) => (i === 1 ? 200 : v));
  const full: StoredRateSettings = {
    pricing_source: 'dynamic',
    pricing_location: 4,
    hourly_rates_cents_per_kwh: h24(5) as number[],
    dynamic_zone: 'pjm-dom',
    pricing_adder_cents_per_kwh: 3,
    export_pricing: 'custom',
    export_hourly_rates_cents_per_kwh: h24(4) as number[],
  };

  it.each<[string, Record<string, unknown>, StoredRateSettings, Partial<StoredRateSettings>]>([
    ['empty body changes nothing', {}, full, full],
    ['unknown fields are ignored', { colour: 'red' }, full, full],
    ['undefined counts as not sent', { pricing_source: undefined }, full, full],
    [
      'hourly without source selects custom',
      { hourly_rates_cents_per_kwh: hourly },
      stored(),
      { pricing_source: 'custom', hourly_rates_cents_per_kwh: hourly },
    ],
    [
      'hourly with source keeps the sent source',
      { hourly_rates_cents_per_kwh: hourly, pricing_source: 'zone' },
      stored(),
      { pricing_source: 'zone', hourly_rates_cents_per_kwh: hourly },
    ],
    [
      'hourly bounds are inclusive',
      { hourly_rates_cents_per_kwh: edges },
      stored(),
      { pricing_source: 'custom', hourly_rates_cents_per_kwh: edges as number[] },
    ],
    [
      'hourly null clears without changing the source',
      { hourly_rates_cents_per_kwh: null },
      full,
      { hourly_rates_cents_per_kwh: null, pricing_source: 'dynamic' },
    ],
    ['source null clears the selection', { pricing_source: null }, full, { pricing_source: null, dynamic_zone: 'pjm-dom' }],
    ['custom without any array is allowed', { pricing_source: 'custom' }, stored(), { pricing_source: 'custom', hourly_rates_cents_per_kwh: null }],
    ['dynamic with a zone sent', { pricing_source: 'dynamic', dynamic_zone: 'nyiso-nyc' }, stored(), { pricing_source: 'dynamic', dynamic_zone: 'nyiso-nyc' }],
    [
      'dynamic with a zone already stored',
      { pricing_source: 'dynamic' },
      stored({ dynamic_zone: 'spp-south' }),
      { pricing_source: 'dynamic', dynamic_zone: 'spp-south' },
    ],
    ['zone is case-insensitive, stored as the catalog slug', { dynamic_zone: 'CAISO-NP15' }, stored(), { dynamic_zone: 'caiso-np15' }],
    [
      'zone alone does not change the source',
      { dynamic_zone: 'pjm-dom' },
      stored({ pricing_source: 'zone' }),
      { pricing_source: 'zone', dynamic_zone: 'pjm-dom' },
    ],
    ['zone null clears when not dynamic', { dynamic_zone: null }, stored({ dynamic_zone: 'pjm-dom', pricing_source: 'zone' }), { dynamic_zone: null }],
    ['switching away from dynamic and clearing the zone', { pricing_source: 'zone', dynamic_zone: null }, full, { pricing_source: 'zone', dynamic_zone: null }],
    ['adder bounds 0', { pricing_adder_cents_per_kwh: 0 }, full, { pricing_adder_cents_per_kwh: 0 }],
    ['adder bounds 50', { pricing_adder_cents_per_kwh: 50 }, stored(), { pricing_adder_cents_per_kwh: 50 }],
    ['adder null clears', { pricing_adder_cents_per_kwh: null }, full, { pricing_adder_cents_per_kwh: null }],
    ['location set', { pricing_location: 12 }, stored(), { pricing_location: 12 }],
    ['location null resets to plan 1', { pricing_location: null }, full, { pricing_location: 1 }],
    [
      'preset usage: zone plus location',
      { pricing_source: 'zone', pricing_location: 7 },
      full,
      { pricing_source: 'zone', pricing_location: 7, dynamic_zone: 'pjm-dom' },
    ],
    [
      'unrelated edit tolerates legacy dynamic without zone',
      { pricing_adder_cents_per_kwh: 1 },
      stored({ pricing_source: 'dynamic' }),
      { pricing_source: 'dynamic', pricing_adder_cents_per_kwh: 1 },
    ],
  ])('%s', (_name, body, before, expected) => {
    const result = validateRateUpdate(body, before);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.next).toEqual({ ...before, ...expected });
  });

  it('a stored zone that left the catalog does not satisfy dynamic', () => {
    expect(validateRateUpdate({ pricing_source: 'dynamic' }, stored({ dynamic_zone: 'retired' }))).toEqual({
      ok: false,
      detail: D.needsZone,
    });
  });

  it('clearing the zone while dynamic stays selected is refused', () => {
    expect(validateRateUpdate({ dynamic_zone: null }, full)).toEqual({ ok: false, detail: D.needsZone });
  });

  it('does not alias the body or the stored settings', () => {
    const body = { hourly_rates_cents_per_kwh: [...hourly] };
    const before = stored({ hourly_rates_cents_per_kwh: h24(1) as number[] });
    const result = validateRateUpdate(body, before);
    if (!result.ok) throw new Error(result.detail);
    body.hourly_rates_cents_per_kwh[0] = 999;
    expect(result.next.hourly_rates_cents_per_kwh?.[0]).toBe(0);
    expect(before.hourly_rates_cents_per_kwh?.[0]).toBe(1);
  });

  it('is exported from rate-curve too', async () => {
    const mod = await import('./rate-curve.js');
    expect(mod.validateRateUpdate).toBe(validateRateUpdate);
  });
});
