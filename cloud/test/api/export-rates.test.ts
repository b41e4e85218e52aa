// Export rates on GET/PUT /api/v1/rates.
import { describe, expect, it } from 'vitest';
import type { PricePoint } from '../../src/domain/tariffs/price-point.js';
import { buildRateCurve } from '../../src/domain/tariffs/rate-curve.js';
import { EMPTY_RATE_SETTINGS, type StoredRateSettings } from '../../src/domain/tariffs/rate-settings.js';
import { dayBoundsUtc, localDateOf } from '../../src/domain/time/slot-grid.js';
import { signUp } from '../support/http.js';
import { useTestCloud } from '../support/test-cloud.js';

const t = useTestCloud();

const IMPORT_HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 42 : 12));
/** A net-billing (NEM 3.0-like) export curve: a few cents most hours, a lot on summer evenings, negative at noon. */
const EXPORT_HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 17 && h < 21 ? 85.5 : h >= 11 && h < 14 ? -4 : 3.2));
const slots = (hourly: readonly number[]) => hourly.flatMap((v) => [v, v]);

/** The curve the domain builds for these settings on the account's local today (adder default 0). */
function expectedCurve(settings: Partial<StoredRateSettings>, timeZone = 'UTC', points: PricePoint[] | null = null) {
  return buildRateCurve({
    settings: { ...EMPTY_RATE_SETTINGS, pricing_location: 1, ...settings },
    date: localDateOf(new Date(), timeZone),
    timeZone,
    defaultAdderCentsPerKwh: 0,
    dynamicPoints: points,
  });
}

async function settingsRows(userId: string) {
  const [rows] = await t.cloud.db.query('SELECT * FROM rate_settings WHERE user_id = $1', { bind: [userId] });
  return rows;
}

const put = (token: string, body: unknown) => t.api.put('/api/v1/rates', body, { token });

describe('export rates: GET /api/v1/rates', () => {
  it('a new account exports for nothing: export_pricing none and no export curve', async () => {
    const { token } = await signUp(t.api);
    const res = await t.api.get('/api/v1/rates', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expectedCurve({}));
    expect(res.body).toMatchObject({
      export_pricing: 'none',
      export_source: 'none',
      export_hourly_rates_cents_per_kwh: null,
      export_rates_cents_per_kwh: null,
    });
  });
});

describe('export rates: PUT /api/v1/rates, each mode', () => {
  it('net_metering: exports earn the import price of the same slot, whatever the import source', async () => {
    const { token, userId } = await signUp(t.api);
    const zone = await put(token, { export_pricing: 'net_metering' });
    expect(zone.status).toBe(200);
    expect(zone.body).toEqual(expectedCurve({ export_pricing: 'net_metering' }));
    expect(zone.body).toMatchObject({ source: 'zone', export_pricing: 'net_metering', export_source: 'net_metering', export_hourly_rates_cents_per_kwh: null });
    expect(zone.body.export_rates_cents_per_kwh).toEqual(zone.body.rates_cents_per_kwh);
    expect(t.events).toEqual([[userId, 'rates']]);

    // A custom import curve: the export curve follows it.
    const custom = await put(token, { hourly_rates_cents_per_kwh: IMPORT_HOURLY });
    expect(custom.body).toMatchObject({ source: 'custom', export_source: 'net_metering' });
    expect(custom.body.export_rates_cents_per_kwh).toEqual(slots(IMPORT_HOURLY));
    expect((await t.api.get('/api/v1/rates', { token })).body).toEqual(custom.body);
  });

  it('net_metering on dynamic prices: the day-ahead price plus the adder, negative prices included', async () => {
    const { token } = await signUp(t.api);
    await t.api.patch('/auth/me', { timezone: 'America/New_York' }, { token });
    const { start, end } = dayBoundsUtc(localDateOf(new Date(), 'America/New_York'), 'America/New_York');
    const points: PricePoint[] = [];
    for (let t = start.getTime() - 3_600_000, i = 0; t < end.getTime() + 3_600_000; t += 3_600_000, i++) {
      points.push({ startUtc: new Date(t), endUtc: new Date(t + 3_600_000), pricePerMwh: i % 3 === 0 ? -30 : 55 });
    }
    await t.cloud.store.prices.upsertPoints('pjm-dom', points);
    const settings = { pricing_source: 'dynamic', dynamic_zone: 'pjm-dom', pricing_adder_cents_per_kwh: 1.5, export_pricing: 'net_metering' } as const;
    const res = await put(token, settings);
    expect(res.body).toEqual(expectedCurve(settings, 'America/New_York', points));
    expect(res.body).toMatchObject({ source: 'dynamic', export_source: 'net_metering' });
    expect(new Set(res.body.export_rates_cents_per_kwh)).toEqual(new Set([-1.5, 7]));
  });

  it('custom: the hourly array alone selects it, and the curve spreads each hour over its two slots', async () => {
    const { token, userId } = await signUp(t.api);
    const res = await put(token, { export_hourly_rates_cents_per_kwh: EXPORT_HOURLY });
    expect(res.status).toBe(200);
    const expected = expectedCurve({ export_pricing: 'custom', export_hourly_rates_cents_per_kwh: EXPORT_HOURLY });
    expect(res.body).toEqual(expected);
    expect(res.body).toMatchObject({ source: 'zone', export_pricing: 'custom', export_source: 'custom', export_hourly_rates_cents_per_kwh: EXPORT_HOURLY });
    expect(res.body.export_rates_cents_per_kwh).toEqual(slots(EXPORT_HOURLY));
    expect((await t.api.get('/api/v1/rates', { token })).body).toEqual(expected);
    expect(await settingsRows(userId)).toMatchObject([{ export_pricing: 'custom', export_hourly_rates_cents_per_kwh: EXPORT_HOURLY, pricing_source: null }]);
    expect(t.events).toEqual([[userId, 'rates']]);
  });

  it('bounds are inclusive: -100 and 500 cents/kWh', async () => {
    const { token } = await signUp(t.api);
    const edges = EXPORT_HOURLY.map((v, h) => (h === 0 ? -100 : h === 23 ? 500 : v));
    const res = await put(token, { export_pricing: 'custom', export_hourly_rates_cents_per_kwh: edges });
    expect(res.status).toBe(200);
    expect(res.body.export_rates_cents_per_kwh.slice(0, 2)).toEqual([-100, -100]);
    expect(res.body.export_rates_cents_per_kwh.slice(46)).toEqual([500, 500]);
  });

  it('none: exports earn nothing again; the stored array is kept but not served', async () => {
    const { token, userId } = await signUp(t.api);
    await put(token, { export_hourly_rates_cents_per_kwh: EXPORT_HOURLY });
    const res = await put(token, { export_pricing: 'none' });
    expect(res.body).toEqual(expectedCurve({ export_pricing: 'none', export_hourly_rates_cents_per_kwh: EXPORT_HOURLY }));
    expect(res.body).toMatchObject({
      export_pricing: 'none',
      export_source: 'none',
      export_hourly_rates_cents_per_kwh: null,
      export_rates_cents_per_kwh: null,
    });
    // Back to custom without resending the array: the stored one is used.
    const back = await put(token, { export_pricing: 'custom' });
    expect(back.body.export_rates_cents_per_kwh).toEqual(slots(EXPORT_HOURLY));
    expect(await settingsRows(userId)).toMatchObject([{ export_pricing: 'custom', export_hourly_rates_cents_per_kwh: EXPORT_HOURLY }]);
  });
});

describe('export rates: null clearing', () => {
  it('a null array clears it: custom stays selected and exports earn nothing', async () => {
    const { token } = await signUp(t.api);
    await put(token, { export_hourly_rates_cents_per_kwh: EXPORT_HOURLY });
    const res = await put(token, { export_hourly_rates_cents_per_kwh: null });
    expect(res.body).toEqual(expectedCurve({ export_pricing: 'custom' }));
    expect(res.body).toMatchObject({
      export_pricing: 'custom',
      export_source: 'none',
      export_hourly_rates_cents_per_kwh: null,
      export_rates_cents_per_kwh: null,
    });
  });

  it('a null export_pricing clears it to none; import settings are untouched', async () => {
    const { token, userId } = await signUp(t.api);
    await put(token, { hourly_rates_cents_per_kwh: IMPORT_HOURLY, export_pricing: 'net_metering' });
    const res = await put(token, { export_pricing: null });
    expect(res.body).toEqual(expectedCurve({ pricing_source: 'custom', hourly_rates_cents_per_kwh: IMPORT_HOURLY }));
    expect(res.body).toMatchObject({ source: 'custom', export_pricing: 'none', export_rates_cents_per_kwh: null });
    expect(await settingsRows(userId)).toMatchObject([{ export_pricing: null, pricing_source: 'custom' }]);
  });

  it('publishes nothing when the body changes nothing', async () => {
    const { token } = await signUp(t.api);
    await put(token, { export_hourly_rates_cents_per_kwh: EXPORT_HOURLY });
    t.events.length = 0;
    const before = (await t.api.get('/api/v1/rates', { token })).body;
    for (const body of [{ export_pricing: 'custom' }, { export_hourly_rates_cents_per_kwh: EXPORT_HOURLY }]) {
      expect(await put(token, body)).toMatchObject({ status: 200, body: before });
    }
    expect(t.events).toEqual([]);
  });
});

describe('export rates: bad input changes nothing', () => {
  const LENGTH = 'export_hourly_rates_cents_per_kwh must have exactly 24 values';
  const PRICING = "export_pricing must be one of ['none', 'net_metering', 'custom']";
  const rateAt = (i: number) => `export rate at hour ${i} must be between -100 and 500 cents/kWh`;
  const withHour = (i: number, v: unknown) => EXPORT_HOURLY.map((x, h) => (h === i ? v : x));
  const cases: [string, unknown, string][] = [
    ['23 export values', { export_hourly_rates_cents_per_kwh: EXPORT_HOURLY.slice(1) }, LENGTH],
    ['25 export values', { export_hourly_rates_cents_per_kwh: [...EXPORT_HOURLY, 1] }, LENGTH],
    ['no export values', { export_hourly_rates_cents_per_kwh: [] }, LENGTH],
    ['the export array as text', { export_hourly_rates_cents_per_kwh: 'cheap' }, LENGTH],
    ['the export array as an object', { export_hourly_rates_cents_per_kwh: { 0: 3 } }, LENGTH],
    ['an export rate over 500', { export_hourly_rates_cents_per_kwh: withHour(18, 500.01) }, rateAt(18)],
    ['an export rate under -100', { export_hourly_rates_cents_per_kwh: withHour(0, -100.5) }, rateAt(0)],
    ['an export rate that overflows to infinity', '{"export_hourly_rates_cents_per_kwh": [1e999' + ',1'.repeat(23) + ']}', rateAt(0)],
    ['an export rate as text', { export_hourly_rates_cents_per_kwh: withHour(23, '3') }, rateAt(23)],
    ['a null export rate', { export_hourly_rates_cents_per_kwh: withHour(7, null) }, rateAt(7)],
    ['an export rate as a boolean', { export_hourly_rates_cents_per_kwh: withHour(12, true) }, rateAt(12)],
    ['an unknown export pricing', { export_pricing: 'feed_in_tariff' }, PRICING],
    ['export pricing in another case', { export_pricing: 'NET_METERING' }, PRICING],
    ['export pricing as a number', { export_pricing: 1 }, PRICING],
    [
      'valid import and export fields before a bad one',
      { hourly_rates_cents_per_kwh: IMPORT_HOURLY, pricing_location: 3, export_hourly_rates_cents_per_kwh: EXPORT_HOURLY, export_pricing: 'nem' },
      PRICING,
    ],
    ['a valid export pricing with a bad array', { export_pricing: 'net_metering', export_hourly_rates_cents_per_kwh: withHour(4, 501) }, rateAt(4)],
    [
      'a bad import field with valid export fields',
      { pricing_source: 'solar', export_pricing: 'net_metering' },
      "pricing_source must be one of ['zone', 'custom', 'dynamic']",
    ],
  ];

  it.each(cases)('%s', async (_name, body, detail) => {
    const { token, userId } = await signUp(t.api);
    const send = () =>
      typeof body === 'string'
        ? t.api.call('PUT', '/api/v1/rates', { token, rawBody: body, headers: { 'content-type': 'application/json' } })
        : put(token, body);
    // A fresh account never gets a rate_settings row from a rejected PUT.
    expect(await send()).toMatchObject({ status: 400, body: { detail } });
    expect(await settingsRows(userId)).toEqual([]);

    await put(token, { hourly_rates_cents_per_kwh: IMPORT_HOURLY, export_hourly_rates_cents_per_kwh: EXPORT_HOURLY, pricing_location: 2 });
    const before = (await t.api.get('/api/v1/rates', { token })).body;
    const storedBefore = await settingsRows(userId);
    t.events.length = 0;
    expect(await send()).toMatchObject({ status: 400, body: { detail } });
    expect((await t.api.get('/api/v1/rates', { token })).body).toEqual(before);
    expect(await settingsRows(userId)).toEqual(storedBefore);
    expect((await t.api.get('/auth/me', { token })).body.pricing_location).toBe(2);
    expect(t.events).toEqual([]);
  });
});
