// The home battery's reasons through the API, one code per test: each slot's price is the tariff's,
// an export names the export price it earns, a held charge names the dearer slot it is kept for,
// and a battery at its floor names the minimum it holds.
import { describe, expect, it } from 'vitest';
import { createAppliance } from '../support/appliances.js';
import { signUp } from '../support/http.js';
import { FIVE_PAST_MIDNIGHT, hourlyPrice, recomputeSchedules, slotOf, slotsWith, useCloudAtMidnight } from '../support/plan-reasons.js';

const t = useCloudAtMidnight();

/**
 * A UTC account whose house draws 1 kW all day, on the hourly prices (and `rates`), with a 5 kW
 * battery of `capacityKwh` at `startPct` (10 % minimum); its schedule once recomputed.
 */
async function batteryDay(hourly: number[], startPct: number, { rates = {}, capacityKwh = 13.5 } = {}) {
  const user = await signUp(t.api);
  const token = { token: user.token };
  expect((await t.api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: hourly, ...rates }, token)).status).toBe(200);
  expect((await t.api.put('/api/v1/household-load', { load_kw_48: Array(48).fill(1) }, token)).status).toBe(200);
  const battery = await createAppliance(t.cloud, user, 'home_battery', { name: 'Battery' });
  await t.api.put(
    `/api/v1/appliances/${battery}`,
    { config: { entity_id: 'switch.battery_charge', capacity_kwh: capacityKwh, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 } },
    token,
  );
  expect((await t.api.post(`/api/v1/appliances/${battery}/constraints`, { min_charge_pct: 10 }, token)).status).toBe(200);
  // Its charge now: a reading a minute past midnight.
  const at = new Date(FIVE_PAST_MIDNIGHT - 4 * 60_000);
  const reading = await t.api.post(
    `/api/v1/appliances/${battery}/readings`,
    { readings: [{ timestamp: at.toISOString(), state: 'IDLE', value: startPct }] },
    token,
  );
  expect(reading.status).toBe(201);
  const schedule = (await recomputeSchedules(t.api, user.token)).get(battery)!;
  schedule.reasons_48.forEach((r: any, i: number) => expect(r.price_cents).toBe(hourlyPrice(hourly, i)));
  return schedule;
}

describe('home battery reasons', () => {
  it('at_minimum: at its 10 % floor on a day of one price it cannot cover the house and nothing pays for charging', async () => {
    const { reasons_48: reasons, summary } = await batteryDay(Array(24).fill(30), 10);
    expect(reasons).toEqual(Array.from({ length: 48 }, () => ({ code: 'at_minimum', price_cents: 30, limit: 'min_charge_pct' })));
    expect(summary).toMatch(/^Stays idle: no price today pays for moving its charge;/);
  });

  it('held_for_later: full in the morning, it keeps its charge through the 48 c day for the 50 c evening it names', async () => {
    // 48 c, 50 c from 17:00 to 21:00 (when the house's 4 kWh are more than the full 4 kWh battery
    // holds above its minimum), then 30 c. With 0.95 each way, recharging at 48 c before the peak
    // costs more than a kWh saves there, so what it holds is worth the peak's price.
    const hourly = Array.from({ length: 24 }, (_, h) => (h < 17 ? 48 : h < 21 ? 50 : 30));
    const { reasons_48: reasons, discharge_intervals: discharging } = await batteryDay(hourly, 100, { capacityKwh: 4 });
    const held = slotsWith(reasons, 'held_for_later');
    // Every slot of the 48 c day (and any peak slot whose charge goes to a later one at the same price).
    expect(held.slice(0, slotOf('17:00'))).toEqual([...Array(slotOf('17:00')).keys()]);
    for (const i of held) {
      const r = reasons[i];
      // Its charge is worth what it saves later: a later slot at 50 c that the battery covers.
      expect(slotOf(r.compared_at)).toBeGreaterThan(i);
      expect(hourlyPrice(hourly, slotOf(r.compared_at))).toBe(50);
      expect(r.compared_cents).toBe(50);
      expect(discharging[slotOf(r.compared_at)]).toBe(true);
      expect(discharging[i]).toBe(false);
    }
  });

  it('exports: with 60 c paid for exports from 18:00 to 19:00 it exports then, naming the export price', async () => {
    const exportHourly = Array.from({ length: 24 }, (_, h) => (h === 18 ? 60 : 0));
    const { reasons_48: reasons, summary } = await batteryDay(Array(24).fill(30), 90, { rates: { export_hourly_rates_cents_per_kwh: exportHourly } });
    const exporting = slotsWith(reasons, 'exports');
    expect(exporting).toEqual([slotOf('18:00'), slotOf('18:30')]);
    for (const i of exporting) {
      const r = reasons[i];
      expect(r).toMatchObject({ price_cents: 30, export_cents: 60 });
      // More than its charge is worth later.
      expect(r.compared_cents).toBeLessThan(60);
    }
    expect(summary).toContain('exports 18:00-19:00 at 30 ¢');
  });
});
