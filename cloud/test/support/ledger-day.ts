// The day the ledger's tests replay: yesterday of a UTC account on a three-price tariff, with
// readings pushed through the API ten minutes into the slots they describe.
import { addDays, slotStartsUtc } from '../../src/domain/time/slot-grid.js';
import { expect } from 'vitest';
import type { ApiClient } from './http.js';
import { signUp } from './http.js';
import { localToday } from './schedules.js';

// 10 c from 01:00 to 05:00, a 50 c evening peak (17:00-21:00), 30 c otherwise.
export const HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 1 && h < 5 ? 10 : h >= 17 && h < 21 ? 50 : 30));
export const PRICES = Array.from({ length: 48 }, (_, i) => HOURLY[Math.floor(i / 2)]!);
/** The replayed day: yesterday of a UTC account, every slot half an hour. */
export const DAY = addDays(localToday(), -1);
export const STARTS = slotStartsUtc(DAY, 'UTC');
/** Ten minutes into slot i, as the API takes it. */
export const inSlot = (i: number) => new Date(STARTS[i]!.getTime() + 10 * 60_000).toISOString();

export type Token = { token: string };

/** A new account on the three-price tariff (and `rates`' other fields, such as export rates). */
export async function ledgerAccount(api: ApiClient, rates: Record<string, unknown> = {}) {
  const user = await signUp(api);
  const token = { token: user.token };
  expect((await api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY, ...rates }, token)).status).toBe(200);
  return { user, token };
}

/** Posts readings in batches the endpoints take (at most 100), expecting each accepted. */
async function postAll(api: ApiClient, path: string, readings: Record<string, unknown>[], token: Token) {
  for (let i = 0; i < readings.length; i += 100) {
    const res = await api.post(path, { readings: readings.slice(i, i + 100) }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

/** One value reading per listed slot (SoC %, tank F, solar W), with its metered power when given. */
export const valueReadings = (api: ApiClient, token: Token, applianceId: string, values: [slot: number, value: number, watts?: number][]) =>
  postAll(
    api,
    `/api/v1/appliances/${applianceId}/readings`,
    values.map(([slot, value, watts]) => ({ timestamp: inSlot(slot), state: 'on', value, power_watts: watts ?? null })),
    token,
  );

/** One HVAC-endpoint reading per slot (an HVAC or a dehumidifier): `reading(i)` gives its fields, or null for none. */
export const hvacReadings = (api: ApiClient, token: Token, applianceId: string, reading: (slot: number) => Record<string, unknown> | null) =>
  postAll(
    api,
    '/api/v1/readings',
    STARTS.flatMap((_, i) => {
      const r = reading(i);
      return r ? [{ timestamp: inSlot(i), appliance_id: applianceId, ...r }] : [];
    }),
    token,
  );

/** The household's whole-home load, kW per slot (null: not measured). */
export const householdReadings = (api: ApiClient, token: Token, loadKw: readonly (number | null)[]) =>
  postAll(
    api,
    '/api/v1/household-load/readings',
    loadKw.flatMap((kw, i) => (kw === null ? [] : [{ timestamp: inSlot(i), value: kw * 1000 }])),
    token,
  );

export const getLedger = (api: ApiClient, token: Token) => api.get(`/api/v1/me/metrics/ledger/${DAY}`, token);
