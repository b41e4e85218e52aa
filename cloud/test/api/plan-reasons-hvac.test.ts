// The HVAC's reasons through the API, one code per test: a fitted unit in a 70-74 F band on a day
// whose outdoor temperatures the account pushes, at the prices it sets. Each reason's price is the
// tariff's, a pre-conditioning slot names the dearer slot it is for, and a slot at the band's edge
// names the band.
import { describe, expect, it } from 'vitest';
import { COMFORT_MARGIN_F } from '../../src/domain/planners/hvac-problem.js';
import { createAppliance } from '../support/appliances.js';
import { signUp } from '../support/http.js';
import { hourlyPrice, recomputeSchedules, slotOf, slotsWith, useCloudAtMidnight } from '../support/plan-reasons.js';
import { saveModel } from '../support/schedules.js';

const t = useCloudAtMidnight();

const FLAT = Array<number>(24).fill(30);
/** 10 c, and 50 c from 14:00 to 20:00. */
const PEAK = Array.from({ length: 24 }, (_, h) => (h >= 14 && h < 20 ? 50 : 10));
const BAND = { low: 70, high: 74 };

/** A UTC account with one fitted HVAC in `mode`, a 70-74 F band, the hourly prices and a day at `outdoorF`; its schedule once recomputed. */
async function hvacDay(mode: 'cool' | 'heat', outdoorF: number, hourly: number[]) {
  const user = await signUp(t.api);
  const token = { token: user.token };
  const hvac = await createAppliance(t.cloud, user, 'hvac', { name: 'Living room' });
  await saveModel(t.cloud, hvac);
  const prefs = await t.api.put(
    `/api/v1/appliances/${hvac}/preferences`,
    { optimization_mode: mode, hourly_low_temps_f: Array(24).fill(BAND.low), hourly_high_temps_f: Array(24).fill(BAND.high) },
    token,
  );
  expect(prefs.status).toBe(200);
  expect((await t.api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: hourly }, token)).status).toBe(200);
  expect((await t.api.post('/api/v1/weather', { forecast: { hourly_temps_f: Array(24).fill(outdoorF) } }, token)).status).toBe(201);
  const schedule = (await recomputeSchedules(t.api, user.token)).get(hvac)!;
  expect(schedule.reasons_48).toHaveLength(48);
  schedule.reasons_48.forEach((r: any, i: number) => expect(r.price_cents).toBe(hourlyPrice(hourly, i)));
  return schedule;
}

describe('HVAC reasons', () => {
  it('comfort_edge: on a hot day at one price it cools only to hold the band at its upper edge', async () => {
    const { reasons_48: reasons, setpoint_temps: setpoints, high_temps: high, summary } = await hvacDay('cool', 95, FLAT);
    const edge = slotsWith(reasons, 'comfort_edge');
    expect(edge.length).toBeGreaterThan(40);
    for (const i of edge) {
      // At the edge now (no later slot named): the setpoint is the band's top less the plan's comfort margin.
      expect(reasons[i]).toEqual({ code: 'comfort_edge', limit: 'comfort_band', price_cents: 30 });
      expect(setpoints[i]).toBe(high[i] - COMFORT_MARGIN_F);
    }
    // Nothing is worth storing at one price: no pre-cooling.
    expect(slotsWith(reasons, 'pre_cool')).toEqual([]);
    expect(summary).toMatch(/^Runs .* at 30 ¢ where comfort needs it, inside 70-74 F;/);
  });

  it('drifts: on a mild day the house keeps inside the band on its own and the unit stays off', async () => {
    // 64 F outside and 0.8 F/h of gains hold the house at 72 F.
    const { reasons_48: reasons, temp_trajectory: temps, summary } = await hvacDay('cool', 64, FLAT);
    expect(reasons.every((r: any) => r.code === 'drifts' && r.price_cents === 30)).toBe(true);
    for (const t of temps) expect(t >= BAND.low && t <= BAND.high).toBe(true);
    expect(summary).toMatch(/^Stays off: the house keeps inside 70-74 F on its own;/);
  });

  it.each([
    { code: 'pre_cool', mode: 'cool', outdoorF: 95, verb: 'Pre-cools', beyond: (setpoint: number) => setpoint < BAND.high },
    { code: 'pre_heat', mode: 'heat', outdoorF: 40, verb: 'Pre-heats', beyond: (setpoint: number) => setpoint > BAND.low },
  ] as const)('$code: at $outdoorF F outside it runs past what comfort needs in the 10 c hours ahead of the 50 c afternoon it names', async (c) => {
    const { reasons_48: reasons, setpoint_temps: setpoints, summary } = await hvacDay(c.mode, c.outdoorF, PEAK);
    const pre = slotsWith(reasons, c.code);
    expect(pre.length).toBeGreaterThan(0);
    for (const i of pre) {
      const r = reasons[i];
      expect(r.price_cents).toBe(10);
      // It names a later slot whose tariff price is the dearer one it avoids.
      expect(slotOf(r.compared_at)).toBeGreaterThan(i);
      expect(r.compared_cents).toBe(hourlyPrice(PEAK, slotOf(r.compared_at)));
      expect(r.compared_cents).toBe(50);
      // Past what comfort needs: a setpoint off the band's edge.
      expect(c.beyond(setpoints[i])).toBe(true);
    }
    // All before the 14:00 peak.
    expect(Math.max(...pre)).toBeLessThan(slotOf('14:00'));
    expect(summary).toMatch(new RegExp(`^${c.verb} .* at 10 ¢ ahead of 50 ¢ at \\d\\d:\\d\\d`));
  });
});
