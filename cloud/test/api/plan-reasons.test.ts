// The reasons a plan carries, through the API: the recompute answer, the unified view and one
// appliance's schedule say why each slot does what it does, with the day's prices, and a summary
// naming the deadline and the deciding prices; a slot chosen for its solar surplus names it.
import { describe, expect, it } from 'vitest';
import { createAppliance } from '../support/appliances.js';
import { signUp } from '../support/http.js';
import { hourlyPrice, slotOf, useCloudAtMidnight } from '../support/plan-reasons.js';

// Five past midnight UTC: a recompute plans the whole day.
const t = useCloudAtMidnight();

// 10 c from 01:00 to 05:00, a 50 c evening peak (17:00-21:00), 30 c otherwise.
const HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 1 && h < 5 ? 10 : h >= 17 && h < 21 ? 50 : 30));
const priceAt = (slot: number) => hourlyPrice(HOURLY, slot);

/** A 60 kWh car charging at 7.2 kW (90 % efficient): its id. */
async function addCar(user: { token: string; email: string }) {
  const car = await createAppliance(t.cloud, user, 'ev_charger', { name: 'Car' });
  const res = await t.api.put(
    `/api/v1/appliances/${car}`,
    { config: { entity_id: 'switch.ev_charger', battery_capacity_kwh: 60, max_charge_rate_kw: 7.2, efficiency: 0.9 } },
    { token: user.token },
  );
  expect(res.status).toBe(200);
  return car;
}

async function home() {
  const user = await signUp(t.api);
  const token = { token: user.token };
  await t.api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY }, token);
  const ev = await addCar(user);
  await t.api.post(`/api/v1/appliances/${ev}/constraints`, { target_charge_pct: 80, current_charge_pct: 50, deadline_time: '07:00' }, token);
  const battery = await createAppliance(t.cloud, user, 'home_battery', { name: 'Battery' });
  await t.api.put(
    `/api/v1/appliances/${battery}`,
    { config: { entity_id: 'switch.battery_charge', capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 } },
    token,
  );
  await t.api.post(`/api/v1/appliances/${battery}/constraints`, { min_charge_pct: 10, target_charge_pct: 10 }, token);
  return { user, token, ev, battery };
}

describe('reasons_48 and summary in the schedules', () => {
  it('the EV charges in the cheapest hours before its deadline, says so, and the same reasons are read back everywhere', async () => {
    const { token, ev } = await home();
    const recompute = await t.api.post('/api/v1/schedule/recompute', undefined, token);
    expect(recompute.status).toBe(200);
    const entry = recompute.body.appliances.find((a: any) => a.appliance_id === ev);
    const { intervals, reasons_48: reasons, summary } = entry.schedule;
    expect(reasons).toHaveLength(48);
    // 30 % of 60 kWh at 7.2 kW × 0.9 is 5.6 slots: six of the eight 10 c slots.
    expect(intervals.filter(Boolean)).toHaveLength(6);
    reasons.forEach((r: any, i: number) => {
      expect(r.price_cents).toBe(priceAt(i));
      if (intervals[i]) {
        expect(['cheapest_left', 'required']).toContain(r.code);
        expect(r.price_cents).toBe(10);
        expect(r).toMatchObject({ limit: 'target_charge_pct', by: '07:00' });
      } else if (i >= 14) {
        // The car is gone after its 07:00 deadline.
        expect(r.code).toBe('away');
      } else if (i < intervals.indexOf(true)) {
        // Before its first charge: it waits for a cheaper slot it names.
        expect(r.code).toBe('waits_for_cheaper');
        expect(r.compared_cents).toBeLessThanOrEqual(r.price_cents);
        expect(priceAt(slotOf(r.compared_at))).toBe(10);
      } else {
        // Once at its target, nothing is worth doing.
        expect(r.code).toBe('nothing_needed');
      }
    });
    expect(summary).toContain('07:00');
    expect(summary).toContain('10 ¢');
    expect(summary).toMatch(/less than charging on arrival/);

    const view = await t.api.get('/api/v1/schedules', token);
    expect(view.body.appliances.find((a: any) => a.appliance_id === ev).schedule).toMatchObject({ reasons_48: reasons, summary });
    const one = await t.api.get(`/api/v1/appliances/${ev}/schedule`, token);
    expect(one.body.schedule).toMatchObject({ reasons_48: reasons, summary });
  });

  it('the battery stores cheap night energy for a dearer hour it names and covers the house then', async () => {
    const { token, battery } = await home();
    const res = await t.api.post('/api/v1/schedule/recompute', undefined, token);
    const {
      intervals,
      discharge_intervals: discharging,
      reasons_48: reasons,
      summary,
    } = res.body.appliances.find((a: any) => a.appliance_id === battery).schedule;
    const stored = reasons.filter((r: any) => r.code === 'stored_for');
    expect(stored.length).toBeGreaterThan(0);
    for (const r of stored) {
      expect(r.price_cents).toBe(10);
      // It names a later hour whose price is higher, where the battery covers the house (the slot its last stored kWh goes to).
      expect(priceAt(slotOf(r.compared_at))).toBeGreaterThan(10);
      expect(slotOf(r.compared_at)).toBeGreaterThan(10);
      expect(discharging[slotOf(r.compared_at)]).toBe(true);
    }
    reasons.forEach((r: any, i: number) => {
      if (discharging[i]) expect(r.code).toBe('covers_house');
      if (intervals[i]) expect(['stored_for', 'cheapest_left', 'required']).toContain(r.code);
      if (r.code === 'covers_house') expect(r.compared_cents).toBeLessThanOrEqual(r.price_cents);
    });
    expect(summary).toMatch(/^Charges 03:00-05:00 at 10 ¢ and covers the house .* at 30-50 ¢; \$\d+\.\d\d less than leaving it idle\.$/);
  });

  it('a car charged at midday on forecast solar surplus says so, with the surplus and the grid price it avoids', async () => {
    const user = await signUp(t.api);
    const token = { token: user.token };
    // One price all day: only the sun makes a slot cheaper.
    await t.api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: Array(24).fill(30) }, token);
    const roof = await createAppliance(t.cloud, user, 'solar', { name: 'Roof' });
    await t.api.put(`/api/v1/appliances/${roof}`, { config: { system_size_kw: 8 } }, token);
    const car = await addCar(user);
    await t.api.post(`/api/v1/appliances/${car}/constraints`, { target_charge_pct: 80, current_charge_pct: 50, deadline_time: '19:00' }, token);
    const res = await t.api.post('/api/v1/schedule/recompute', undefined, token);
    expect(res.status).toBe(200);
    const schedule = (id: string) => res.body.appliances.find((a: any) => a.appliance_id === id).schedule;
    const { intervals, reasons_48: reasons, summary } = schedule(car);
    const generation = schedule(roof).generation_kw_48 as number[];
    const sunny = reasons.flatMap((r: any, i: number) => (r.code === 'solar_surplus' ? [i] : []));
    expect(sunny.length).toBeGreaterThan(0);
    for (const i of sunny) {
      const r = reasons[i];
      expect(intervals[i]).toBe(true);
      // The grid price it avoids is the tariff's; the price it pays is that price discounted by the
      // surplus (a 3 kW flexible load's share of it, at no export price).
      expect(r).toMatchObject({ grid_cents: 30, limit: 'target_charge_pct', by: '19:00' });
      expect(r.surplus_kw).toBeGreaterThan(0);
      expect(r.surplus_kw).toBeLessThanOrEqual(generation[i]! + 0.01);
      // Both figures are rounded: the surplus to 0.01 kW (10 c per kW here) and the price to 0.01 c.
      expect(Math.abs(r.price_cents - 30 * (1 - Math.min(r.surplus_kw / 3, 1)))).toBeLessThanOrEqual(10 * 0.005 + 0.005 + 1e-9);
    }
    // Every slot it charges in is the sun's: nothing else is cheaper than 30 c.
    intervals.forEach((on: boolean, i: number) => on && expect(reasons[i].code).toBe('solar_surplus'));
    expect(summary).toMatch(
      /^Charges .* at [\d.]+-[\d.]+ ¢, the cheapest hours before its 19:00 deadline \(\d\d:\d\d-\d\d:\d\d on forecast solar surplus; the grid costs 30 ¢ then\);/,
    );
  });
});
