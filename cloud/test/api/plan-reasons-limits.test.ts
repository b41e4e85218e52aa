// Reasons that name a limit or the plan's bounds, through the API, one code per test: the import
// limit that leaves a charger no room, a charge only the deadline explains, the slots before an
// intraday plan, and an appliance the service does not plan.
import { describe, expect, it } from 'vitest';
import { createAppliance } from '../support/appliances.js';
import { signUp } from '../support/http.js';
import { hourlyPrice, recomputeSchedules, slotOf, slotsWith, useCloudAtMidnight } from '../support/plan-reasons.js';

const t = useCloudAtMidnight();

/** 10 c from 01:00 to 05:00, a 50 c evening peak (17:00-21:00), 30 c otherwise. */
const HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 1 && h < 5 ? 10 : h >= 17 && h < 21 ? 50 : 30));

/** An account (in `timezone`, UTC unless given) on HOURLY with a 60 kWh, 7.2 kW car: its id and session. */
async function withCar(constraints: Record<string, unknown>, profile: Record<string, unknown> = {}) {
  const user = await signUp(t.api);
  const token = { token: user.token };
  if (Object.keys(profile).length > 0) expect((await t.api.patch('/auth/me', profile, token)).status).toBe(200);
  expect((await t.api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY }, token)).status).toBe(200);
  const car = await createAppliance(t.cloud, user, 'ev_charger', { name: 'Car' });
  await t.api.put(
    `/api/v1/appliances/${car}`,
    { config: { entity_id: 'switch.ev_charger', battery_capacity_kwh: 60, max_charge_rate_kw: 7.2, efficiency: 0.9 } },
    token,
  );
  expect((await t.api.post(`/api/v1/appliances/${car}/constraints`, constraints, token)).status).toBe(200);
  return { user, car };
}

describe('reasons of limits and bounds', () => {
  it('import_limit: a 6 kW house under a 12 kW limit leaves the 7.2 kW car no room in the cheap night, and its slots say so', async () => {
    const { user, car } = await withCar({ target_charge_pct: 80, current_charge_pct: 50, deadline_time: '07:00' }, { max_import_kw: 12 });
    // A pool pump draws 5 kW more from 01:00 to 03:00.
    const load = Array.from({ length: 48 }, (_, i) => (i >= slotOf('01:00') && i < slotOf('03:00') ? 6 : 1));
    expect((await t.api.put('/api/v1/household-load', { load_kw_48: load }, { token: user.token })).status).toBe(200);
    const { reasons_48: reasons, intervals } = (await recomputeSchedules(t.api, user.token)).get(car)!;
    const blocked = slotsWith(reasons, 'import_limit');
    expect(blocked).toEqual([slotOf('01:00'), slotOf('01:30'), slotOf('02:00'), slotOf('02:30')]);
    for (const i of blocked) {
      expect(reasons[i]).toEqual({ code: 'import_limit', price_cents: 10, limit: 'max_import_kw' });
      expect(intervals[i]).toBe(false);
    }
    // It charges in the 10 c slots the limit leaves.
    for (let i = slotOf('03:00'); i < slotOf('05:00'); i++) expect(intervals[i]).toBe(true);
  });

  it('required: a car due at 03:00 needs 3.7 of the 4 slots from 01:00, so each of them is required, naming its target and deadline', async () => {
    // 20 % of 60 kWh at 7.2 kW × 0.9: 3.7 half hours.
    const { user, car } = await withCar({ target_charge_pct: 80, current_charge_pct: 60, deadline_time: '03:00' });
    const { reasons_48: reasons, intervals, summary } = (await recomputeSchedules(t.api, user.token)).get(car)!;
    expect(slotsWith(reasons, 'required')).toEqual([slotOf('01:00'), slotOf('01:30'), slotOf('02:00'), slotOf('02:30')]);
    for (const i of slotsWith(reasons, 'required')) {
      expect(reasons[i]).toEqual({ code: 'required', price_cents: 10, limit: 'target_charge_pct', by: '03:00' });
      expect(intervals[i]).toBe(true);
    }
    expect(summary).toContain('03:00 deadline');
  });

  it('past: planned at 09:05 in Tokyo, the slots before 09:00 are the past at the day’s prices', async () => {
    const { user, car } = await withCar({ target_charge_pct: 80, current_charge_pct: 50, deadline_time: '23:00' }, { timezone: 'Asia/Tokyo' });
    const { reasons_48: reasons } = (await recomputeSchedules(t.api, user.token)).get(car)!;
    expect(reasons.slice(0, slotOf('09:00'))).toEqual([...Array(slotOf('09:00')).keys()].map((i) => ({ code: 'past', price_cents: hourlyPrice(HOURLY, i) })));
    expect(reasons.slice(slotOf('09:00')).some((r: any) => r.code === 'past')).toBe(false);
  });

  it('not_planned: a solar array is a forecast, with no price and a sentence saying so', async () => {
    const user = await signUp(t.api);
    const solar = await createAppliance(t.cloud, user, 'solar', { name: 'Roof' });
    await t.api.put(`/api/v1/appliances/${solar}`, { config: { system_size_kw: 6 } }, { token: user.token });
    const { reasons_48: reasons, summary } = (await recomputeSchedules(t.api, user.token)).get(solar)!;
    expect(reasons).toEqual(Array.from({ length: 48 }, () => ({ code: 'not_planned', price_cents: null })));
    expect(summary).toEqual(expect.any(String));
  });
});
