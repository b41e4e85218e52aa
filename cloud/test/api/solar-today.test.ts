// Today's measured production corrects the rest of today's solar forecast: a cloudy morning's
// readings re-plan the day on less sun, and readings on the forecast change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotIndexOf, slotStartsUtc, localDateOf } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { storedRows } from '../support/schedules.js';
import { realSpeedClockFrom, startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

/**
 * The cloud's clock, and the test's: a November day from 13:05 UTC at real speed, in an account on
 * UTC (the sun of latitude 40 on the zone's meridian), so the morning has passed and the afternoon
 * is ahead, and the plans the queue runs ahead of now stay in the current slot.
 */
const { setting: CLOCK, clock } = realSpeedClockFrom(Date.parse('2026-11-18T13:05:00Z'));
const ZONE = 'UTC';

beforeAll(async () => {
  cloud = await startTestCloud({ clock: CLOCK });
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const DEBOUNCE_MS = 3_000;
const later = (ms: number) => new Date(clock().getTime() + ms);
const queue = () => cloud.services.recomputeQueue;

/** A home with a 6 kW array and a water heater, planned; pushes today's production so far. */
async function solarHome() {
  const user = await signUp(api);
  await api.patch('/auth/me', { timezone: ZONE }, { token: user.token });
  const heater = await createAppliance(cloud, user, 'water_heater');
  const created = await api.post('/api/v1/appliances', { appliance_type: 'solar', name: 'Roof', config: { system_size_kw: 6 } }, { token: user.token });
  expect(created.status).toBe(201);
  const solar = created.body.appliance_id as string;
  await queue().settled();
  await queue().runDue(later(10 * DEBOUNCE_MS));
  const newest = async (id: string) => (await storedRows(cloud, id)).at(-1)!;
  const forecastKw = (await newest(solar)).schedule.generation_kw_48 as number[];
  const current = slotIndexOf(clock(), ZONE);
  /** Every half hour of today so far at `factor` times the forecast (three readings 10 minutes apart: a request takes at most 100), and one reading of now. */
  const pushMorning = async (factor: number) => {
    const starts = slotStartsUtc(localDateOf(clock(), ZONE), ZONE);
    const readings = starts.slice(0, current).flatMap((start, i) =>
      Array.from({ length: 3 }, (_, k) => ({
        timestamp: new Date(start.getTime() + k * 600_000).toISOString(),
        state: 'ON',
        value: factor * forecastKw[i]! * 1000,
      })),
    );
    readings.push({ timestamp: clock().toISOString(), state: 'ON', value: factor * forecastKw[current]! * 1000 });
    const res = await api.post(`/api/v1/appliances/${solar}/readings`, { readings }, { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await queue().settled();
    await queue().runDue(later(DEBOUNCE_MS + 1_000));
  };
  return { ...user, solar, heater, forecastKw, current, newest, pushMorning };
}

describe('the solar forecast follows today', () => {
  it('a cloudy morning re-plans the rest of the day on proportionally less sun, and the water heater plan follows', async () => {
    const home = await solarHome();
    expect(home.forecastKw.slice(0, home.current).some((kw) => kw > 1)).toBe(true);
    const heaterBefore = await home.newest(home.heater);
    const solarRows = (await storedRows(cloud, home.solar)).length;
    await home.pushMorning(0.3);
    const solarAfter = await storedRows(cloud, home.solar);
    expect(solarAfter).toHaveLength(solarRows + 1);
    const after = solarAfter.at(-1)!.schedule.generation_kw_48 as number[];
    for (let i = home.current; i < 48; i++) expect(after[i]).toBeCloseTo(0.3 * home.forecastKw[i]!, 2);
    expect(after.slice(home.current).reduce((s, kw) => s + kw, 0)).toBeGreaterThan(0);
    const heaterAfter = await home.newest(home.heater);
    // It heats fewer half hours on the surplus, which the morning showed is smaller.
    const onSurplus = (row: typeof heaterAfter) =>
      (row.schedule.intervals as boolean[]).filter((on, i) => on && row.schedule.reasons_48[i].code === 'solar_surplus').length;
    expect(heaterAfter.id).not.toBe(heaterBefore.id);
    expect(onSurplus(heaterAfter)).toBeLessThan(onSurplus(heaterBefore));
  });

  it('a morning on the forecast changes nothing, even through a recompute', async () => {
    const home = await solarHome();
    const count = (await storedRows(cloud, home.solar)).length;
    await home.pushMorning(1);
    const res = await api.post('/api/v1/schedule/recompute', {}, { token: home.token });
    expect(res.status).toBe(200);
    await queue().runDue(later(10 * DEBOUNCE_MS));
    expect(await storedRows(cloud, home.solar)).toHaveLength(count);
  });
});
