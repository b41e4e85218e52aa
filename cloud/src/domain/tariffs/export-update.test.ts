import { describe, expect, it } from 'vitest';
import { validateRateUpdate } from './rate-update.js';
import { EMPTY_RATE_SETTINGS, type StoredRateSettings } from './rate-settings.js';

const D = {
  length: 'export_hourly_rates_cents_per_kwh must have exactly 24 values',
  rateAt: (i: number) => `export rate at hour ${i} must be between -100 and 500 cents/kWh`,
  pricing: "export_pricing must be one of ['none', 'net_metering', 'custom']",
  location: 'pricing_location must be one of the catalog ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]',
};

const h24 = (v: unknown = 5): unknown[] => new Array(24).fill(v);
const withAt = (i: number, v: unknown): unknown[] => h24().map((x, j) => (j === i ? v : x));
const stored = (s: Partial<StoredRateSettings> = {}): StoredRateSettings => ({ ...EMPTY_RATE_SETTINGS, ...s });
const NEM3: number[] = Array.from({ length: 24 }, (_, h) => (h >= 17 && h < 21 ? 45 : h >= 10 && h < 15 ? -2.5 : 4));

describe('validateRateUpdate: export rejections', () => {
  it.each([
    ['export array too short', { export_hourly_rates_cents_per_kwh: h24().slice(1) }, D.length],
    ['export array too long', { export_hourly_rates_cents_per_kwh: [...h24(), 1] }, D.length],
    ['export array empty', { export_hourly_rates_cents_per_kwh: [] }, D.length],
    ['export array not an array', { export_hourly_rates_cents_per_kwh: 'cheap' }, D.length],
    ['export array an object', { export_hourly_rates_cents_per_kwh: { 0: 1 } }, D.length],
    ['export below -100', { export_hourly_rates_cents_per_kwh: withAt(0, -100.01) }, D.rateAt(0)],
    ['export above 500', { export_hourly_rates_cents_per_kwh: withAt(23, 500.5) }, D.rateAt(23)],
    ['export a string', { export_hourly_rates_cents_per_kwh: withAt(5, '10') }, D.rateAt(5)],
    ['export null', { export_hourly_rates_cents_per_kwh: withAt(7, null) }, D.rateAt(7)],
    ['export NaN', { export_hourly_rates_cents_per_kwh: withAt(8, Number.NaN) }, D.rateAt(8)],
    ['export Infinity', { export_hourly_rates_cents_per_kwh: withAt(9, Number.NEGATIVE_INFINITY) }, D.rateAt(9)],
    ['export a boolean', { export_hourly_rates_cents_per_kwh: withAt(10, false) }, D.rateAt(10)],
    ['first bad hour reported', { export_hourly_rates_cents_per_kwh: withAt(3, 501).map((v, i) => (i === 12 ? -101 : v)) }, D.rateAt(3)],
    ['unknown pricing', { export_pricing: 'feed_in' }, D.pricing],
    ['pricing wrong case', { export_pricing: 'None' }, D.pricing],
    ['pricing a boolean', { export_pricing: false }, D.pricing],
    ['a good export with a bad array', { export_pricing: 'custom', export_hourly_rates_cents_per_kwh: withAt(1, 'x') }, D.rateAt(1)],
  ])('%s', (_name, body, detail) => {
    expect(validateRateUpdate(body, stored())).toEqual({ ok: false, detail });
  });

  it('checks the import fields first, then the export ones in their order', () => {
    const allBad = { pricing_location: 99, export_hourly_rates_cents_per_kwh: withAt(2, 999), export_pricing: 'x' };
    expect(validateRateUpdate(allBad, stored())).toEqual({ ok: false, detail: D.location });
    expect(validateRateUpdate({ ...allBad, pricing_location: 2, export_hourly_rates_cents_per_kwh: [1] }, stored())).toEqual({ ok: false, detail: D.length });
    expect(validateRateUpdate({ ...allBad, pricing_location: 2 }, stored())).toEqual({ ok: false, detail: D.rateAt(2) });
    expect(validateRateUpdate({ ...allBad, pricing_location: 2, export_hourly_rates_cents_per_kwh: undefined }, stored())).toEqual({
      ok: false,
      detail: D.pricing,
    });
  });
});

describe('validateRateUpdate: export updates', () => {
  const full = stored({
    pricing_source: 'custom',
    hourly_rates_cents_per_kwh: h24(20) as number[],
    export_pricing: 'custom',
    export_hourly_rates_cents_per_kwh: NEM3,
  });
  const edges = withAt(0, -100).map((v, i) => (i === 1 ? 500 : i === 2 ? -0.5 : v)) as number[];

  it.each<[string, Record<string, unknown>, StoredRateSettings, Partial<StoredRateSettings>]>([
    ['net metering', { export_pricing: 'net_metering' }, stored(), { export_pricing: 'net_metering' }],
    ['none', { export_pricing: 'none' }, full, { export_pricing: 'none' }],
    [
      'the array without export_pricing selects custom',
      { export_hourly_rates_cents_per_kwh: NEM3 },
      stored(),
      { export_pricing: 'custom', export_hourly_rates_cents_per_kwh: NEM3 },
    ],
    [
      'the array with export_pricing keeps the sent one',
      { export_hourly_rates_cents_per_kwh: NEM3, export_pricing: 'net_metering' },
      stored(),
      { export_pricing: 'net_metering', export_hourly_rates_cents_per_kwh: NEM3 },
    ],
    [
      'bounds are inclusive, negatives allowed',
      { export_hourly_rates_cents_per_kwh: edges },
      stored(),
      { export_pricing: 'custom', export_hourly_rates_cents_per_kwh: edges },
    ],
    ['array null clears without changing the pricing', { export_hourly_rates_cents_per_kwh: null }, full, { export_hourly_rates_cents_per_kwh: null }],
    ['pricing null clears to the default', { export_pricing: null }, full, { export_pricing: null }],
    ['custom without any array is allowed', { export_pricing: 'custom' }, stored(), { export_pricing: 'custom' }],
    ['import edits leave the export settings alone', { pricing_source: 'zone', pricing_location: 3 }, full, { pricing_source: 'zone', pricing_location: 3 }],
    ['export edits leave the import settings alone', { export_pricing: 'net_metering' }, full, { export_pricing: 'net_metering' }],
    ['unknown fields are ignored', { export_currency: 'usd' }, full, {}],
  ])('%s', (_name, body, before, expected) => {
    const result = validateRateUpdate(body, before);
    expect(result).toEqual({ ok: true, next: { ...before, ...expected } });
  });

  it('does not alias the body or the stored array', () => {
    const body = { export_hourly_rates_cents_per_kwh: [...NEM3] };
    const before = stored({ export_hourly_rates_cents_per_kwh: h24(1) as number[] });
    const result = validateRateUpdate(body, before);
    if (!result.ok) throw new Error(result.detail);
    body.export_hourly_rates_cents_per_kwh[0] = 999;
    expect(result.next.export_hourly_rates_cents_per_kwh?.[0]).toBe(NEM3[0]);
    expect(before.export_hourly_rates_cents_per_kwh?.[0]).toBe(1);
    // A body that leaves the array alone still copies the stored one.
    const untouched = validateRateUpdate({}, before);
    if (!untouched.ok) throw new Error(untouched.detail);
    expect(untouched.next.export_hourly_rates_cents_per_kwh).not.toBe(before.export_hourly_rates_cents_per_kwh);
  });
});
