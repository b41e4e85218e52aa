// GET /api/v1/me/metrics/ledger/{date} on a replayed day: a home's recorded load and what its
// battery did pushed through the API; hindsight at most the actual cost, and equal to the exact
// optimum of the optimizer benchmark's HiGHS reference on that load.
import highsLoader, { type Highs } from 'highs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveBatteryReference } from '../../src/bench/optimizer/reference-home-battery.js';
import { slotDurationsHours } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { RECORDED_LOAD_KW } from '../fixtures/recorded-load-day.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, type ApiClient } from '../support/http.js';
import { DAY, getLedger, householdReadings, ledgerAccount, PRICES, STARTS, valueReadings } from '../support/ledger-day.js';
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

const BATTERY = { capacityKwh: 13.5, rateKw: 5, efficiency: 0.95, minPct: 10, startPct: 50 };

/**
 * What the battery did, a rule of thumb the day's prices reward but not the optimum: from 50 % it
 * charges at full rate from 01:00 to 05:00 up to 90 %, covers the house through the 17:00-21:00
 * peak as far as its rate and 10 % allow, and idles otherwise. Its charge at the end of each slot.
 */
function batteryDay(loadKw: readonly number[]): number[] {
  const pctOf = (kwh: number) => (100 * kwh) / BATTERY.capacityKwh;
  let pct = BATTERY.startPct;
  return loadKw.map((kw, i) => {
    if (i >= 2 && i < 10) pct = Math.min(90, pct + pctOf(BATTERY.rateKw * 0.5 * BATTERY.efficiency));
    if (i >= 34 && i < 42) pct = Math.max(BATTERY.minPct, pct - pctOf((Math.min(kw, BATTERY.rateKw) * 0.5) / BATTERY.efficiency));
    return pct;
  });
}

describe('GET /api/v1/me/metrics/ledger/{date} on a replayed day', () => {
  it("a recorded home's day with its battery: hindsight <= actual, and the battery's hindsight the HiGHS reference's optimum within 0.5 %", async () => {
    const { user, token } = await ledgerAccount(api);
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'Battery' });
    await api.put(
      `/api/v1/appliances/${battery}`,
      {
        config: {
          entity_id: 'switch.battery_charge',
          capacity_kwh: BATTERY.capacityKwh,
          max_charge_rate_kw: BATTERY.rateKw,
          max_discharge_rate_kw: BATTERY.rateKw,
        },
      },
      token,
    );
    await api.post(`/api/v1/appliances/${battery}/constraints`, { min_charge_pct: BATTERY.minPct }, token);
    await householdReadings(api, token, RECORDED_LOAD_KW);
    const socPct = batteryDay(RECORDED_LOAD_KW);
    // Its first reading (slot 0) is where the day is known from: the ledger accounts from slot 1.
    await valueReadings(api, token, battery, [[0, BATTERY.startPct], ...socPct.slice(1).map((pct, k): [number, number] => [k + 1, pct])]);

    const res = await getLedger(api, token);
    expect(res.status).toBe(200);
    const line = res.body.appliances.find((a: any) => a.appliance_id === battery);
    expect(line).toMatchObject({ basis: 'readings', baseline_cost: 0 });
    expect(line.hindsight_cost).toBeLessThanOrEqual(line.actual_cost);
    expect(res.body.hindsight_cost).toBeLessThanOrEqual(res.body.actual_cost);
    expect(res.body.saving).toBeGreaterThan(0);
    expect(res.body.household_cost).toBeCloseTo(RECORDED_LOAD_KW.reduce((s, kw, i) => s + kw * 0.5 * PRICES[i]!, 0) / 100, 3);

    // The benchmark's exact reference on the same day: from slot 1 at 50 %, ending where the battery ended, on the recorded load.
    const reference = solveBatteryReference(
      highs,
      {
        date: DAY,
        timeZone: 'UTC',
        slotStarts: STARTS,
        slotHours: slotDurationsHours(DAY, 'UTC'),
        pricesCentsPerKwh: PRICES,
        exportPricesCentsPerKwh: null,
        outdoorTempF: Array(48).fill(70),
        fromSlot: 1,
      },
      {
        socPct: BATTERY.startPct,
        capacityKwh: BATTERY.capacityKwh,
        maxChargeRateKw: BATTERY.rateKw,
        maxDischargeRateKw: BATTERY.rateKw,
        chargeEfficiency: BATTERY.efficiency,
        dischargeEfficiency: BATTERY.efficiency,
        targetPct: socPct.at(-1)!,
        minPct: BATTERY.minPct,
        maxPct: 100,
        deadlineMinute: null,
        householdLoadKw: [...RECORDED_LOAD_KW],
        householdLoadDaysKw: null,
        chargeHeadroomKw: null,
      },
    );
    expect(reference.optimal).toBe(true);
    expect(Math.abs(line.hindsight_cost * 100 - reference.costCents)).toBeLessThanOrEqual(0.005 * Math.abs(reference.costCents));
    // The rule of thumb left money on the table that hindsight shows.
    expect(res.body.missed_saving).toBeGreaterThan(0);
  });
});
