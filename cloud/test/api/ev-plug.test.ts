// An EV plugged in or out re-plans the rest of the day by itself: a charge reading carrying
// `plugged_in` that differs from what today's plan assumed asks for a re-plan, paced like the
// other re-plans from the measured state; unplugged, nothing charges until it is plugged in again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotIndexOf } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { storedRows } from '../support/schedules.js';
import { DEBOUNCE_MS, MIN_INTERVAL_MS, measuredStateJobs } from '../support/replans.js';
import { startTestCloud } from '../support/test-cloud.js';
import { createAppliance } from '../support/appliances.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const later = (ms: number) => new Date(Date.now() + ms);
const queue = () => cloud.services.recomputeQueue;
const stateJobs = (userId: string) => measuredStateJobs(cloud, userId);
/** A zone with at least six half hours left today, so a plugged-in car has slots to charge in. */
const ZONE = slotIndexOf(new Date(), 'UTC') > 40 ? 'America/Los_Angeles' : 'UTC';

/** A car with a plug sensor whose setup plan is stored (no reading yet: planned as plugged in). */
async function plannedCar() {
  const user = await signUp(api);
  await api.patch('/auth/me', { timezone: ZONE }, { token: user.token });
  const created = await api.post(
    '/api/v1/appliances',
    {
      appliance_type: 'ev_charger',
      name: 'Car',
      config: { entity_id: 'switch.ev_charger', soc_entity_id: 'sensor.ev_battery', plug_entity_id: 'binary_sensor.ev_plug' },
    },
    { token: user.token },
  );
  expect(created.status).toBe(201);
  const car = created.body.appliance_id as string;
  await queue().settled();
  await queue().runDue(later(10 * DEBOUNCE_MS));
  const push = async (value: number, plugged: boolean) => {
    const res = await api.post(
      `/api/v1/appliances/${car}/readings`,
      { readings: [{ timestamp: new Date().toISOString(), state: 'IDLE', value, plugged_in: plugged }] },
      { token: user.token },
    );
    expect(res.status).toBe(201);
    await queue().settled();
  };
  const newest = async () => (await storedRows(cloud, car)).at(-1)!;
  const used = async () =>
    (
      await rows<{ constraints_used: Record<string, unknown> }>(
        cloud,
        'SELECT constraints_used FROM schedules WHERE appliance_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
        [car],
      )
    )[0]!.constraints_used;
  const charging = async () => {
    const slot = slotIndexOf(new Date(), ZONE);
    return ((await newest()).schedule.intervals as boolean[]).slice(slot).filter(Boolean).length;
  };
  return { ...user, car, push, newest, used, charging };
}

describe('an EV plugged in or out', () => {
  it('unplugged re-plans the rest of the day with nothing charging; plugged in again re-plans charging from the charge it reports', async () => {
    const home = await plannedCar();
    const view = await api.get('/api/v1/schedules', { token: home.token });
    expect(view.body.appliances[0].entities).toEqual({
      entity_id: 'switch.ev_charger',
      soc_entity_id: 'sensor.ev_battery',
      plug_entity_id: 'binary_sensor.ev_plug',
    });
    expect(await home.charging()).toBeGreaterThan(0);

    await home.push(40, false);
    expect((await stateJobs(home.userId)).map((j) => j.reasons)).toEqual([['measured_plug']]);
    await queue().runDue(later(DEBOUNCE_MS + 1_000));
    expect(await home.charging()).toBe(0);
    expect(await home.used()).toMatchObject({ plugged_in: false, soc_pct: 40 });
    expect((await home.newest()).schedule.summary).toBe('Unplugged at 40 %: nothing charges until the car is plugged in.');

    await home.push(40, true);
    expect(await stateJobs(home.userId)).toHaveLength(2);
    await queue().runDue(later(MIN_INTERVAL_MS + 10 * DEBOUNCE_MS));
    expect(await home.charging()).toBeGreaterThan(0);
    expect(await home.used()).toMatchObject({ plugged_in: true, soc_pct: 40 });
  });

  it("unplugged, the car's charge falling re-plans nothing; the plug state the plan already has re-plans nothing", async () => {
    const home = await plannedCar();
    await home.push(60, false);
    await queue().runDue(later(DEBOUNCE_MS + 1_000));
    const before = (await storedRows(cloud, home.car)).length;
    await home.push(20, false);
    await home.push(15, false);
    expect(await stateJobs(home.userId)).toHaveLength(1);
    await queue().runDue(later(MIN_INTERVAL_MS + 10 * DEBOUNCE_MS));
    expect(await storedRows(cloud, home.car)).toHaveLength(before);
  });

  it('a plug state on a reading of another type is 400 and stores nothing', async () => {
    const user = await signUp(api);
    const battery = await createAppliance(cloud, user, 'home_battery');
    const res = await api.post(
      `/api/v1/appliances/${battery}/readings`,
      { readings: [{ timestamp: new Date().toISOString(), state: 'IDLE', value: 50, plugged_in: true }] },
      { token: user.token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'plugged_in is only for ev_charger readings' });
    expect(await rows(cloud, 'SELECT 1 FROM appliance_readings WHERE appliance_id = $1', [battery])).toEqual([]);
  });

  it('a plug state that is not true or false is 400 and stores nothing', async () => {
    const user = await signUp(api);
    const car = await createAppliance(cloud, user, 'ev_charger');
    const res = await api.post(
      `/api/v1/appliances/${car}/readings`,
      { readings: [{ timestamp: new Date().toISOString(), state: 'IDLE', value: 50, plugged_in: 'yes' }] },
      { token: user.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('plugged_in must be true or false');
    expect(await rows(cloud, 'SELECT 1 FROM appliance_readings WHERE appliance_id = $1', [car])).toEqual([]);
  });

  it('a plug sensor outside binary_sensor is 400 and creates nothing', async () => {
    const user = await signUp(api);
    const res = await api.post(
      '/api/v1/appliances',
      { appliance_type: 'ev_charger', name: 'Car', config: { entity_id: 'switch.ev_charger', plug_entity_id: 'sensor.ev_plug' } },
      { token: user.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('plug_entity_id');
    expect(await api.get('/api/v1/appliances', { token: user.token })).toMatchObject({ status: 200, body: [] });
  });
});
