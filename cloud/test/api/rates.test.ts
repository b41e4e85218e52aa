import { describe, expect, it } from 'vitest';
import { catalogIds, dynamicZoneSlugs } from '../../src/domain/tariffs/catalog.js';
import type { PricePoint } from '../../src/domain/tariffs/price-point.js';
import { buildRateCurve } from '../../src/domain/tariffs/rate-curve.js';
import { EMPTY_RATE_SETTINGS, type StoredRateSettings } from '../../src/domain/tariffs/rate-settings.js';
import { pyList } from '../../src/domain/tariffs/rate-update.js';
import { addDays, dayBoundsUtc, localDateOf } from '../../src/domain/time/slot-grid.js';
import { signUp } from '../support/http.js';
import { useTestCloud } from '../support/test-cloud.js';

const t = useTestCloud();

const HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 30 : 10 + h / 4));
const ZONES = pyList(dynamicZoneSlugs());

/** The curve the domain builds for these settings on the account's local today (adder default 0). */
function expectedCurve(settings: Partial<StoredRateSettings>, timeZone: string, points: PricePoint[] | null = null) {
  return buildRateCurve({
    settings: { ...EMPTY_RATE_SETTINGS, pricing_location: 1, ...settings },
    date: localDateOf(new Date(), timeZone),
    timeZone,
    defaultAdderCentsPerKwh: 0,
    dynamicPoints: points,
  });
}

/** Hourly points from one hour before to one hour after the local day, `price(i)` $/MWh. */
function pointsAround(timeZone: string, price: (i: number) => number): PricePoint[] {
  const { start, end } = dayBoundsUtc(localDateOf(new Date(), timeZone), timeZone);
  const points: PricePoint[] = [];
  for (let t = start.getTime() - 3_600_000, i = 0; t < end.getTime() + 3_600_000; t += 3_600_000, i++) {
    points.push({ startUtc: new Date(t), endUtc: new Date(t + 3_600_000), pricePerMwh: price(i) });
  }
  return points;
}

async function withTimeZone(timezone: string) {
  const user = await signUp(t.api);
  expect((await t.api.patch('/auth/me', { timezone }, { token: user.token })).status).toBe(200);
  return user;
}

async function settingsRows(userId: string) {
  const [rows] = await t.cloud.db.query('SELECT * FROM rate_settings WHERE user_id = $1', { bind: [userId] });
  return rows;
}

describe('GET /api/v1/rates', () => {
  it('needs a session', async () => {
    expect(await t.api.get('/api/v1/rates')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });

  it('gives a new account the zone plan 1 curve of its local today', async () => {
    const { token } = await signUp(t.api);
    const res = await t.api.get('/api/v1/rates', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expectedCurve({}, 'UTC'));
    expect(res.body).toMatchObject({ pricing_location: 1, source: 'zone', pricing_source: 'zone', unit: 'cents/kWh' });
    expect(res.body.intervals).toEqual(Array.from({ length: 48 }, (_, i) => i));
    expect(res.body.rates_cents_per_kwh).toHaveLength(48);
  });

  it('uses the pricing_location chosen at signup', async () => {
    const { token } = await signUp(t.api, { pricing_location: 3 });
    expect((await t.api.get('/api/v1/rates', { token })).body).toEqual(expectedCurve({ pricing_location: 3 }, 'UTC'));
  });

  it("prices the account's local day, not the UTC day", async () => {
    // UTC+14: its local date differs from the UTC date for 14 hours of every UTC day.
    const { token } = await withTimeZone('Pacific/Kiritimati');
    await t.api.put('/api/v1/rates', { pricing_source: 'dynamic', dynamic_zone: 'caiso-np15' }, { token });
    const points = pointsAround('Pacific/Kiritimati', (i) => 20 + i);
    await t.cloud.store.prices.upsertPoints('caiso-np15', points);
    const body = (await t.api.get('/api/v1/rates', { token })).body;
    expect(body).toEqual(expectedCurve({ pricing_source: 'dynamic', dynamic_zone: 'caiso-np15' }, 'Pacific/Kiritimati', points));
    expect(body.source).toBe('dynamic');
    // Slot 0 is local midnight, covered by the second point (the first starts an hour earlier).
    expect(body.rates_cents_per_kwh[0]).toBe(2.1);
  });
});

describe('PUT /api/v1/rates', () => {
  it('selects custom when only the hourly array is sent, and publishes a rates change', async () => {
    const { token, userId } = await signUp(t.api);
    const res = await t.api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY }, { token });
    expect(res.status).toBe(200);
    const expected = expectedCurve({ pricing_source: 'custom', hourly_rates_cents_per_kwh: HOURLY }, 'UTC');
    expect(res.body).toEqual(expected);
    expect(res.body).toMatchObject({ source: 'custom', pricing_source: 'custom', hourly_rates_cents_per_kwh: HOURLY });
    expect((await t.api.get('/api/v1/rates', { token })).body).toEqual(expected);
    expect(t.events).toEqual([[userId, 'rates']]);
  });

  it('serves the zone plan when custom is selected and the hourly array is cleared', async () => {
    const { token } = await signUp(t.api);
    await t.api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY }, { token });
    const res = await t.api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: null }, { token });
    expect(res.body).toEqual(expectedCurve({ pricing_source: 'custom' }, 'UTC'));
    expect(res.body).toMatchObject({ source: 'zone', pricing_source: 'custom', hourly_rates_cents_per_kwh: null });
  });

  it('stores pricing_location on the profile', async () => {
    const { token } = await signUp(t.api);
    const res = await t.api.put('/api/v1/rates', { pricing_source: 'zone', pricing_location: 2 }, { token });
    expect(res.body).toEqual(expectedCurve({ pricing_source: 'zone', pricing_location: 2 }, 'UTC'));
    expect((await t.api.get('/auth/me', { token })).body.pricing_location).toBe(2);
    // And the other way round: the profile's value is the one the curve uses.
    await t.api.patch('/auth/me', { pricing_location: 4 }, { token });
    expect((await t.api.get('/api/v1/rates', { token })).body.pricing_location).toBe(4);
  });

  it('stores a dynamic zone in catalog spelling and falls back to the zone curve without prices', async () => {
    const { token, userId } = await signUp(t.api);
    const res = await t.api.put('/api/v1/rates', { pricing_source: 'dynamic', dynamic_zone: 'SPP-South', pricing_adder_cents_per_kwh: 2 }, { token });
    expect(res.status).toBe(200);
    const settings = { pricing_source: 'dynamic', dynamic_zone: 'spp-south', pricing_adder_cents_per_kwh: 2 } as const;
    expect(res.body).toEqual(expectedCurve(settings, 'UTC'));
    expect(res.body).toMatchObject({ source: 'zone', pricing_source: 'dynamic', dynamic_zone: 'spp-south' });
    expect(await settingsRows(userId)).toMatchObject([{ ...settings, hourly_rates_cents_per_kwh: null }]);
  });

  it('prices stored dynamic points plus the per-user adder, else the global default adder', async () => {
    const { token, userId } = await withTimeZone('America/New_York');
    const points = pointsAround('America/New_York', (i) => (i % 2 ? -12.5 : 48));
    await t.cloud.store.prices.upsertPoints('pjm-dom', points);
    const settings = { pricing_source: 'dynamic', dynamic_zone: 'pjm-dom', pricing_adder_cents_per_kwh: 3.25 } as const;
    const res = await t.api.put('/api/v1/rates', settings, { token });
    expect(res.body).toEqual(expectedCurve(settings, 'America/New_York', points));
    expect(res.body.source).toBe('dynamic');
    expect(new Set(res.body.rates_cents_per_kwh)).toEqual(new Set([8.05, 2]));
    expect(t.events).toEqual([[userId, 'rates']]);

    const cleared = await t.api.put('/api/v1/rates', { pricing_adder_cents_per_kwh: null }, { token });
    expect(new Set(cleared.body.rates_cents_per_kwh)).toEqual(new Set([4.8, -1.25]));
    expect(cleared.body.pricing_adder_cents_per_kwh).toBeNull();
  });

  it('publishes nothing when the body changes nothing', async () => {
    const { token } = await signUp(t.api);
    await t.api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY, pricing_location: 2 }, { token });
    t.events.length = 0;
    const before = (await t.api.get('/api/v1/rates', { token })).body;
    for (const body of [{}, { hourly_rates_cents_per_kwh: HOURLY, pricing_source: 'custom' }, { pricing_location: 2 }]) {
      expect(await t.api.put('/api/v1/rates', body, { token })).toMatchObject({ status: 200, body: before });
    }
    expect(t.events).toEqual([]);
  });

  it('gives the curve of any local date to the optimizer', async () => {
    const { userId } = await signUp(t.api);
    const tomorrow = addDays(localDateOf(new Date(), 'UTC'), 1);
    const curve = await t.cloud.services.rates.curveForDate(userId, tomorrow);
    expect(curve).toEqual(
      buildRateCurve({
        settings: { ...EMPTY_RATE_SETTINGS, pricing_location: 1 },
        date: tomorrow,
        timeZone: 'UTC',
        defaultAdderCentsPerKwh: 0,
        dynamicPoints: null,
      }),
    );
  });

  describe('bad input changes nothing', () => {
    const ADDER = 'pricing_adder_cents_per_kwh must be a number between 0 and 50 cents/kWh';
    const LOCATION = `pricing_location must be one of the catalog ids: ${pyList(catalogIds())}`;
    const withHour = (i: number, v: unknown) => HOURLY.map((x, h) => (h === i ? v : x));
    const cases: [string, unknown, string][] = [
      ['23 hourly values', { hourly_rates_cents_per_kwh: HOURLY.slice(1) }, 'hourly_rates_cents_per_kwh must have exactly 24 values'],
      ['25 hourly values', { hourly_rates_cents_per_kwh: [...HOURLY, 1] }, 'hourly_rates_cents_per_kwh must have exactly 24 values'],
      ['hourly not an array', { hourly_rates_cents_per_kwh: 'cheap' }, 'hourly_rates_cents_per_kwh must have exactly 24 values'],
      ['a rate over 200', { hourly_rates_cents_per_kwh: withHour(5, 200.5) }, 'rate at hour 5 must be between 0 and 200 cents/kWh'],
      ['a negative rate', { hourly_rates_cents_per_kwh: withHour(0, -1) }, 'rate at hour 0 must be between 0 and 200 cents/kWh'],
      ['a rate as text', { hourly_rates_cents_per_kwh: withHour(23, '12') }, 'rate at hour 23 must be between 0 and 200 cents/kWh'],
      ['a null rate', { hourly_rates_cents_per_kwh: withHour(7, null) }, 'rate at hour 7 must be between 0 and 200 cents/kWh'],
      ['an unknown source', { pricing_source: 'solar' }, "pricing_source must be one of ['zone', 'custom', 'dynamic']"],
      ['dynamic without a zone', { pricing_source: 'dynamic' }, `pricing_source='dynamic' requires dynamic_zone (one of: ${ZONES})`],
      ['dynamic with a null zone', { pricing_source: 'dynamic', dynamic_zone: null }, `pricing_source='dynamic' requires dynamic_zone (one of: ${ZONES})`],
      ['an unknown zone', { dynamic_zone: 'mars-central' }, `dynamic_zone must be one of: ${ZONES}`],
      ['a zone that is not a string', { dynamic_zone: 7 }, `dynamic_zone must be one of: ${ZONES}`],
      ['an adder over 50', { pricing_adder_cents_per_kwh: 50.01 }, ADDER],
      ['a negative adder', { pricing_adder_cents_per_kwh: -0.5 }, ADDER],
      ['an adder as text', { pricing_adder_cents_per_kwh: '5' }, ADDER],
      ['an unknown plan', { pricing_location: 999 }, LOCATION],
      ['a fractional plan', { pricing_location: 1.5 }, LOCATION],
      ['a plan as text', { pricing_location: '2' }, LOCATION],
      ['valid fields before a bad one', { hourly_rates_cents_per_kwh: HOURLY, pricing_source: 'zone', pricing_location: 0 }, LOCATION],
      ['an array body', [{ pricing_source: 'zone' }], 'request body must be a JSON object'],
    ];

    it.each(cases)('%s', async (_name, body, detail) => {
      const { token, userId } = await signUp(t.api);
      // A fresh account never gets a rate_settings row from a rejected PUT.
      expect(await t.api.put('/api/v1/rates', body, { token })).toMatchObject({ status: 400, body: { detail } });
      expect(await settingsRows(userId)).toEqual([]);

      await t.api.put('/api/v1/rates', { pricing_source: 'custom', hourly_rates_cents_per_kwh: HOURLY, pricing_location: 2 }, { token });
      const before = (await t.api.get('/api/v1/rates', { token })).body;
      const storedBefore = await settingsRows(userId);
      t.events.length = 0;
      expect(await t.api.put('/api/v1/rates', body, { token })).toMatchObject({ status: 400, body: { detail } });
      expect((await t.api.get('/api/v1/rates', { token })).body).toEqual(before);
      expect(await settingsRows(userId)).toEqual(storedBefore);
      expect((await t.api.get('/auth/me', { token })).body.pricing_location).toBe(2);
      expect(t.events).toEqual([]);
    });
  });
});
