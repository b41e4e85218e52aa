import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { addAppliance } from '../support/appliances.js';
import { apiClient, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';
import { backfill, hvacPlanBody, seedHome, seedPlan } from './metrics-seed.js';

let cloud: RunningCloud;
let api: ApiClient;

/**
 * The fleet (rankings need 10 homes with a value in a cohort), each home with an HVAC planned on
 * two days with the same savings percent and comfort band:
 * - 12 homes in ZIP 60614: savings 11.3 + 4.1 i % (i = 0..11), band width 2 + i % 4 F;
 * - one home alone in ZIP 60699 (area 606 with the 12): 33.3 %, width 3 F;
 * - one home alone in ZIP 10001 (area 100 alone), on the same default plan as those 13: 60 %;
 * - one home in ZIP 30301 alone on a custom tariff: 5 %, ranked in the whole fleet;
 * - one home with an HVAC and no plan: nothing to rank.
 */
interface Home {
  token: string;
  userId: string;
  tenths: number | null;
  width: number;
}
const zip5: Home[] = [];
let lone: Home;
let newYork: Home;
let custom: Home;
let idle: Home;

async function addHome(zip: string, tenths: number | null, width: number, customRates = false): Promise<Home> {
  const { token, userId } = await seedHome(cloud, { zip, customRates });
  const hvacId = await addAppliance(cloud, userId, 'hvac');
  if (tenths !== null) {
    for (const date of ['2026-06-01', '2026-06-02']) {
      await seedPlan(cloud, { userId, applianceId: hvacId, date, schedule: hvacPlanBody(70, 70 + width, 71), baseline: 1000, optimized: 1000 - tenths });
    }
  }
  return { token, userId, tenths, width };
}

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
  for (let i = 0; i < 12; i++) zip5.push(await addHome('60614', 113 + 41 * i, 2 + (i % 4)));
  lone = await addHome('60699', 333, 3);
  newYork = await addHome('10001', 600, 4);
  custom = await addHome('30301', 50, 4, true);
  idle = await addHome('60614', null, 4);
  expect(await backfill(cloud, '2026-06-01', '2026-06-02')).toMatchObject({ status: 'done', accounts: 16, days: 30 });
});
afterAll(() => cloud.stop());

const rankingsOf = async (home: Home, query = '') => {
  const res = await api.get(`/api/v1/me/rankings${query}`, { token: home.token });
  expect(res.status).toBe(200);
  return res.body;
};
const entry = (
  metric: string,
  cohort_kind: string | null,
  cohort_label: string | null,
  rank: number | null,
  percentile: number | null,
  your_value: number | null,
) => ({
  metric,
  cohort_kind,
  cohort_label,
  rank,
  percentile,
  your_value,
});

describe('GET /api/v1/me/rankings', () => {
  it('ranks a home in its ZIP code on every metric, worked out from the fleet', async () => {
    // Home 6: 35.9 %; in 60614, 40.0-56.4 (5 homes) are above it, 7 of 12 at or below (58.3).
    // Band 4 F -> 96 F·h; the 3 homes with 5 F (120) are above, 9 of 12 at or below (75).
    // No machine of the fleet has energy: no off-peak share. Every home has one appliance: all tie first.
    expect(await rankingsOf(zip5[6]!)).toEqual({
      window: 30,
      latest_date: '2026-06-02',
      rankings: [
        entry('savings_pct', 'zip5', 'Homes in your ZIP code', 6, 58.3, 35.9),
        entry('off_peak_kwh_share_pct', null, null, null, null, null),
        entry('flexibility_degree_hours', 'zip5', 'Homes in your ZIP code', 4, 75, 96),
        entry('active_appliances', 'zip5', 'Homes in your ZIP code', 1, 100, 1),
      ],
    });
  });

  it('ranks a home alone in its ZIP code among the homes of its area', async () => {
    // Area 606: the 12 and itself. 35.9-56.4 (6) above 33.3; 7 of 13 at or below.
    const { rankings } = await rankingsOf(lone);
    expect(rankings[0]).toEqual(entry('savings_pct', 'zip3', 'Homes in your area', 7, 53.8, 33.3));
  });

  it('ranks a home alone in its area among the homes on its rate plan', async () => {
    // Plan 1 (zone): the 12, the lone home and itself; nobody is above 60 %.
    const { rankings } = await rankingsOf(newYork);
    expect(rankings[0]).toEqual(entry('savings_pct', 'rate_peers', 'Homes on your rate plan', 1, 100, 60));
  });

  it('ranks a home without enough peers on any narrower cohort among all homes', async () => {
    // The 15 homes with a value; 5 % is the lowest.
    const { rankings } = await rankingsOf(custom);
    expect(rankings[0]).toEqual(entry('savings_pct', 'fleet', 'All Offpeak homes', 15, 6.7, 5));
  });

  it('answers all four metrics with null ranks (never 0) for a home without data', async () => {
    expect(await rankingsOf(idle)).toEqual({
      window: 30,
      latest_date: null,
      rankings: ['savings_pct', 'off_peak_kwh_share_pct', 'flexibility_degree_hours', 'active_appliances'].map((m) => entry(m, null, null, null, null, null)),
    });
  });

  it("answers other windows with the caller's own values and null ranks", async () => {
    expect(await rankingsOf(zip5[6]!, '?window=7')).toEqual({
      window: 7,
      latest_date: '2026-06-02',
      rankings: [
        entry('savings_pct', null, null, null, null, 35.9),
        entry('off_peak_kwh_share_pct', null, null, null, null, null),
        entry('flexibility_degree_hours', null, null, null, null, 96),
        entry('active_appliances', null, null, null, null, 1),
      ],
    });
  });

  it.each([
    ['?window=91', 'window exceeds 90 days'],
    ['?window=0', 'window must be an integer between 1 and 90'],
    ['?window=1.5', 'window must be an integer between 1 and 90'],
    ['?window=x', 'window must be an integer between 1 and 90'],
  ])('refuses %s with 400 %s', async (query, detail) => {
    const res = await api.get(`/api/v1/me/rankings${query}`, { token: lone.token });
    expect(res).toMatchObject({ status: 400, body: { detail } });
  });
});

/** Every number anywhere in a JSON value. */
const numbersIn = (value: unknown): number[] =>
  typeof value === 'number' ? [value] : value !== null && typeof value === 'object' ? Object.values(value).flatMap(numbersIn) : [];

describe('privacy', () => {
  const everyHome = () => [...zip5, lone, newYork, custom, idle];

  it('never puts ZIP digits (or any digit) in a cohort label', async () => {
    for (const home of everyHome()) {
      for (const r of (await rankingsOf(home)).rankings) if (r.cohort_label !== null) expect(r.cohort_label).not.toMatch(/\d/);
    }
  });

  it("never answers another home's value, nor a cohort size, in any metrics response", async () => {
    const caller = zip5[6]!;
    // Every other home's savings percent and degree-hours, as they would be written in JSON.
    const others = everyHome().filter((h) => h !== caller && h.tenths !== null);
    const foreign = new Set(others.flatMap((h) => [String(h.tenths! / 10), String(h.width * 24)]));
    for (const mine of [String(caller.tenths! / 10), String(caller.width * 24)]) foreign.delete(mine);
    for (const path of [
      '/api/v1/me/rankings',
      '/api/v1/me/rankings?window=90',
      '/api/v1/me/metrics/summary',
      '/api/v1/me/metrics/daily?start=2026-06-01&end=2026-06-02',
      '/api/v1/me/metrics/day/2026-06-01',
    ]) {
      const res = await api.get(path, { token: caller.token });
      expect(res.status).toBe(200);
      const numbers = new Set(numbersIn(res.body).map(String));
      expect(
        [...foreign].filter((v) => numbers.has(v)),
        path,
      ).toEqual([]);
    }
    const { rankings } = await rankingsOf(caller);
    for (const r of rankings) expect(Object.keys(r).sort()).toEqual(['cohort_kind', 'cohort_label', 'metric', 'percentile', 'rank', 'your_value']);
  });
});
