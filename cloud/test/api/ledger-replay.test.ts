// GET /api/v1/me/metrics/ledger/{date} on a replayed day: a generated household day and what its
// battery did pushed through the API; hindsight at most the actual cost, and equal to the exact
// optimum of the optimizer benchmark's HiGHS reference on that load. Recorded days: bench:ledger-replay.
import highsLoader, { type Highs } from 'highs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATTERY, BATTERY_CONFIG, BATTERY_CONSTRAINTS, referenceBattery, replayDay, ruleOfThumbSocPct } from '../../src/bench/ledger-replay/battery-day.js';
import { between, chance, normal, seededRandom } from '../../src/bench/optimizer/random.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, type ApiClient } from '../support/http.js';
import { DAY, getLedger, householdReadings, ledgerAccount, PRICES, valueReadings } from '../support/ledger-day.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;
let highs: Highs;
// Node loads the package's ES build, whose default export is the loader itself.
const loadHighs = highsLoader as unknown as (typeof highsLoader)['default'];

beforeAll(async () => {
  [cloud, highs] = await Promise.all([startTestCloud(), loadHighs()]);
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

/**
 * A household's day, kW per half hour: a 0.4 kW night base, a morning peak near 07:30 and a
 * larger evening one near 19:00, a little daytime use, times seeded noise (about ±20 %), and now
 * and then a kettle or an oven.
 */
function householdDay(seed: number): number[] {
  const rng = seededRandom(seed);
  const peak = (hour: number, at: number, width: number, kw: number) => kw * Math.exp(-(((hour - at) / width) ** 2));
  return Array.from({ length: 48 }, (_, i) => {
    const hour = i / 2 + 0.25;
    const shape = 0.4 + peak(hour, 7.5, 1.2, 1.6) + peak(hour, 19, 2, 2.4) + (hour > 9 && hour < 17 ? 0.3 : 0);
    const kw = shape * Math.exp(0.2 * normal(rng)) + (chance(rng, 0.1) ? between(rng, 1, 2.5) : 0);
    return Math.round(kw * 100) / 100;
  });
}

describe('GET /api/v1/me/metrics/ledger/{date} on a replayed day', () => {
  it("a household's day with its battery: hindsight <= actual, and the battery's hindsight the HiGHS reference's optimum within 0.5 %", async () => {
    const loadKw = householdDay(30);
    const { user, token } = await ledgerAccount(api);
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'Battery' });
    await api.put(`/api/v1/appliances/${battery}`, { config: { entity_id: 'switch.battery_charge', ...BATTERY_CONFIG } }, token);
    await api.post(`/api/v1/appliances/${battery}/constraints`, BATTERY_CONSTRAINTS, token);
    await householdReadings(api, token, loadKw);
    const day = replayDay(DAY, 'UTC', PRICES);
    const socPct = ruleOfThumbSocPct(loadKw, day.slotHours);
    // Its first reading (slot 0) is where the day is known from: the ledger accounts from slot 1.
    await valueReadings(api, token, battery, [[0, BATTERY.startPct], ...socPct.slice(1).map((pct, k): [number, number] => [k + 1, pct])]);

    const res = await getLedger(api, token);
    expect(res.status).toBe(200);
    const line = res.body.appliances.find((a: any) => a.appliance_id === battery);
    expect(line).toMatchObject({ basis: 'readings', baseline_cost: 0 });
    expect(line.hindsight_cost).toBeLessThanOrEqual(line.actual_cost);
    expect(res.body.hindsight_cost).toBeLessThanOrEqual(res.body.actual_cost);
    expect(res.body.saving).toBeGreaterThan(0);
    expect(res.body.household_cost).toBeCloseTo(loadKw.reduce((s, kw, i) => s + kw * 0.5 * PRICES[i]!, 0) / 100, 3);

    // The benchmark's exact reference on the same day: from slot 1 at 50 %, ending where the battery ended.
    const reference = referenceBattery(highs, day, loadKw, 1, BATTERY.startPct, socPct.at(-1)!);
    expect(reference.optimal).toBe(true);
    expect(Math.abs(line.hindsight_cost * 100 - reference.costCents)).toBeLessThanOrEqual(0.005 * Math.abs(reference.costCents));
    // The rule of thumb left money on the table that hindsight shows.
    expect(res.body.missed_saving).toBeGreaterThan(0);
  });
});
