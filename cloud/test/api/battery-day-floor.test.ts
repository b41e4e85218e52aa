// Without a target, a home battery ends its local day no lower than it held at the day's start,
// however many re-plans of the rest of the day follow a drained battery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { storedRows } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

/** A state-of-charge reading of the battery at an instant (stored as the readings endpoint stores it). */
const reading = (userId: string, applianceId: string, pct: number, iso: string) =>
  rows(cloud, "INSERT INTO appliance_readings (user_id, appliance_id, ts, state, value) VALUES ($1, $2, $3, 'IDLE', $4)", [userId, applianceId, iso, pct]);

/** The constraints_used of an appliance's rows of a local date, oldest first. */
const used = async (applianceId: string, date: string) =>
  (
    await rows<{ constraints_used: Record<string, number> }>(
      cloud,
      'SELECT constraints_used FROM schedules WHERE appliance_id = $1 AND local_date = $2 ORDER BY created_at, id',
      [applianceId, date],
    )
  ).map((r) => r.constraints_used);

describe('the day floor of a home battery without a target', () => {
  it('keeps the charge the day started at as the end-of-day floor through every re-plan, and says so in constraints_used', async () => {
    const user = await signUp(api);
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'battery' });
    const charge = (pct: number, iso: string) => reading(user.userId, battery, pct, iso);
    const planAt = (iso: string) => cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'recompute' }], new Date(iso));

    await charge(80, '2026-07-15T00:00:00Z');
    await planAt('2026-07-15T00:05:00Z');
    // Drained by loads the plan did not expect, re-planned through the day.
    for (const [hour, pct] of [
      [6, 60],
      [11, 40],
      [16, 35],
      [20, 30],
    ] as const) {
      await charge(pct, `2026-07-15T${String(hour).padStart(2, '0')}:05:00Z`);
      await planAt(`2026-07-15T${String(hour).padStart(2, '0')}:10:00Z`);
    }
    const planned = (await storedRows(cloud, battery)).filter((r) => r.local_date === '2026-07-15');
    expect(planned.map((r) => r.from_slot)).toEqual([0, 12, 22, 32, 40]);
    expect((await used(battery, '2026-07-15')).map((c) => [c.soc_pct, c.day_start_pct, c.target_charge_pct])).toEqual([
      [80, 80, 80],
      [60, 80, 80],
      [40, 80, 80],
      [35, 80, 80],
      [30, 80, 80],
    ]);
    for (const row of planned) expect(row.schedule.value_trajectory[47]).toBeGreaterThanOrEqual(80);
  });

  it('starts a new day at the charge it holds when that day is planned whole', async () => {
    const user = await signUp(api);
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'battery' });
    const planAt = (iso: string) => cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'recompute' }], new Date(iso));
    await reading(user.userId, battery, 70, '2026-07-15T12:00:00Z');
    await planAt('2026-07-15T12:10:00Z');
    await reading(user.userId, battery, 45, '2026-07-16T00:00:00Z');
    await planAt('2026-07-16T00:05:00Z');
    expect(await used(battery, '2026-07-16')).toEqual([expect.objectContaining({ soc_pct: 45, day_start_pct: 45, target_charge_pct: 45 })]);
  });

  it('takes the start of a day planned ahead from its first plan made during it, not from the charge when it was planned', async () => {
    const user = await signUp(api);
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'battery' });
    await reading(user.userId, battery, 30, '2026-07-15T03:55:00Z');
    const nightly = new Date('2026-07-15T04:00:00Z');
    await cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'nightly', runAt: nightly }], nightly);
    // The next day began at 75 %; its first re-plan comes at 01:10.
    await reading(user.userId, battery, 75, '2026-07-16T01:05:00Z');
    await cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'recompute' }], new Date('2026-07-16T01:10:00Z'));
    const [ahead, during] = await used(battery, '2026-07-16');
    expect(ahead).toMatchObject({ soc_pct: 30, planned_ahead: true });
    expect(during).toMatchObject({ soc_pct: 75, day_start_pct: 75, target_charge_pct: 75 });
    expect(during).not.toHaveProperty('planned_ahead');
    const [, row] = (await storedRows(cloud, battery)).filter((r) => r.local_date === '2026-07-16');
    expect(row!.schedule.value_trajectory[47]).toBeGreaterThanOrEqual(75);
  });
});
