// Re-plans from the measured state: a battery's charge reading off its planned trajectory, or a
// household load or solar production off the plan's in the half hour just ended, re-plans the rest
// of the day by itself, paced by the account's minimum interval.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHARGE_REPLAN_MARGIN_PCT } from '../../src/domain/planning/charge-departure.js';
import { slotIndexOf } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { storedRows } from '../support/schedules.js';
import { DEBOUNCE_MS, MIN_INTERVAL_MS, measuredStateJobs } from '../support/replans.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const later = (ms: number) => new Date(Date.now() + ms);
/** The plans of a test here run up to 30 s ahead of real now (the debounce, the set-up's recompute). */
const SLOT_END_MARGIN_MS = 45_000;
/**
 * Waits out the end of a half hour: a test that reads today's trajectory in one slot and plans
 * seconds ahead would otherwise re-plan from the next (these zones are whole hours from UTC, so
 * their slots turn with UTC's).
 */
async function awayFromSlotEnd() {
  const left = 1_800_000 - (Date.now() % 1_800_000);
  if (left < SLOT_END_MARGIN_MS) await new Promise((r) => setTimeout(r, left + 100));
}
const queue = () => cloud.services.recomputeQueue;
const stateJobs = (userId: string) => measuredStateJobs(cloud, userId);

/** A zone where the day is at least three hours old (the half hour two hours back and the one before it are today's). */
const ZONE = slotIndexOf(new Date(), 'UTC') < 6 ? 'Asia/Tokyo' : 'UTC';

/** A user with a home battery whose setup recompute has run: today's plan is stored. */
async function plannedBattery() {
  const user = await signUp(api);
  await api.patch('/auth/me', { timezone: ZONE }, { token: user.token });
  const battery = await createAppliance(cloud, user, 'home_battery');
  await queue().settled();
  await queue().runDue(later(10 * DEBOUNCE_MS));
  const push = async (value: number) => {
    const res = await api.post(
      `/api/v1/appliances/${battery}/readings`,
      { readings: [{ timestamp: new Date().toISOString(), state: 'IDLE', value }] },
      { token: user.token },
    );
    expect(res.status).toBe(201);
    await queue().settled();
  };
  /** The planned charge now, and a reading far outside it. */
  const planned = async () => {
    const [row] = (await storedRows(cloud, battery)).slice(-1);
    const slot = slotIndexOf(new Date(), ZONE);
    const levels = [row!.schedule.value_trajectory[slot] as number, row!.schedule.value_trajectory[Math.max(0, slot - 1)] as number];
    const low = Math.min(...levels);
    const high = Math.max(...levels);
    return {
      onTrajectory: high,
      departing: low > 3 * CHARGE_REPLAN_MARGIN_PCT ? low - 2 * CHARGE_REPLAN_MARGIN_PCT : Math.min(100, high + 2 * CHARGE_REPLAN_MARGIN_PCT),
    };
  };
  return { ...user, battery, push, planned };
}

describe('re-plans from the measured state', () => {
  beforeEach(awayFromSlotEnd, SLOT_END_MARGIN_MS + 5_000);

  it('a charge reading off the planned trajectory re-plans the rest of the day from it within the debounce', async () => {
    const home = await plannedBattery();
    const before = (await storedRows(cloud, home.battery)).length;
    const { departing } = await home.planned();
    const pushedAt = Date.now();
    await home.push(departing);
    const [job] = await stateJobs(home.userId);
    expect(job!.run_after.getTime() - pushedAt).toBeLessThanOrEqual(DEBOUNCE_MS + 1_000);
    await queue().runDue(later(DEBOUNCE_MS + 1_000));
    const rowsNow = await storedRows(cloud, home.battery);
    expect(rowsNow).toHaveLength(before + 1);
    expect(rowsNow.at(-1)).toMatchObject({ trigger: 'debounced', from_slot: slotIndexOf(new Date(), ZONE) });
    // The client is told why the plan moved: in today's view and in the history.
    const view = await api.get('/api/v1/schedules', { token: home.token });
    expect(view.body.made).toEqual([
      { appliance_id: home.battery, created_at: rowsNow.at(-1)!.created_at.toISOString(), trigger: 'debounced', changes: ['measured_charge'] },
    ]);
    const history = await api.get(`/api/v1/schedules/history?appliance_id=${home.battery}`, { token: home.token });
    const made = (history.body.appliances[0].history as Record<string, unknown>[]).map((r) => [r.trigger, r.changes]);
    expect(made.at(-1)).toEqual(['debounced', ['measured_charge']]);
    expect(made[0]).toEqual(['debounced', ['appliances']]);
    const [used] = await rows<{ constraints_used: Record<string, unknown> }>(
      cloud,
      'SELECT constraints_used FROM schedules WHERE appliance_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
      [home.battery],
    );
    expect(used!.constraints_used).toMatchObject({ soc_pct: departing, soc_source: 'reading' });
  });

  it('a reading on the trajectory re-plans nothing', async () => {
    const home = await plannedBattery();
    const before = (await storedRows(cloud, home.battery)).length;
    await home.push((await home.planned()).onTrajectory);
    expect(await stateJobs(home.userId)).toEqual([]);
    await queue().runDue(later(10 * DEBOUNCE_MS));
    expect(await storedRows(cloud, home.battery)).toHaveLength(before);
  });

  it('holds the minimum interval under a burst: one re-plan, and the next no sooner than the interval after it', async () => {
    const home = await plannedBattery();
    const before = (await storedRows(cloud, home.battery)).length;
    const { departing } = await home.planned();
    for (let i = 0; i < 5; i++) await home.push(departing);
    expect(await stateJobs(home.userId)).toHaveLength(1);
    await queue().runDue(later(DEBOUNCE_MS + 1_000));
    expect(await storedRows(cloud, home.battery)).toHaveLength(before + 1);
    // Off the new plan too, right after: due the interval after the first, not before.
    await home.push((await home.planned()).departing);
    const [first, second] = await stateJobs(home.userId);
    expect(second!.run_after.getTime() - first!.run_after.getTime()).toBe(MIN_INTERVAL_MS);
    await queue().runDue(later(10 * DEBOUNCE_MS));
    expect(await storedRows(cloud, home.battery)).toHaveLength(before + 1);
    await queue().runDue(later(MIN_INTERVAL_MS + 10 * DEBOUNCE_MS));
    expect(await storedRows(cloud, home.battery)).toHaveLength(before + 2);
  });
});

/** The half hour just ended at `kw` (six readings 5 minutes apart) and one reading of now, in watts. */
/** Six readings through a half hour at `kw` and one at the instant `agoMs` before now, in the half hour after it. */
function endedHalfHour(kw: number, agoMs = 0) {
  const now = Date.now() - agoMs;
  const slotStart = now - (now % 1_800_000) - 1_800_000;
  const ended = Array.from({ length: 6 }, (_, i) => ({ timestamp: new Date(slotStart + i * 300_000).toISOString(), value: kw * 1000 }));
  return [...ended, { timestamp: new Date(now).toISOString(), value: kw * 1000 }];
}

describe('re-plans from the household load', () => {
  /** Pushes the half hour just ended at `kw` and one reading of now, in one request (`agoMs` earlier: a backlog). */
  async function pushEndedHalfHour(token: string, kw: number, agoMs = 0) {
    const res = await api.post('/api/v1/household-load/readings', { readings: endedHalfHour(kw, agoMs) }, { token });
    expect(res.status).toBe(201);
    await queue().settled();
  }
  const plannedLoadKw = async (userId: string, agoMs = 0) => {
    const [row] = await rows<{ plan: { load_kw_48: number[] } }>(cloud, 'SELECT plan FROM home_plans WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [userId]);
    return row!.plan.load_kw_48[slotIndexOf(new Date(Date.now() - agoMs), ZONE) - 1]!;
  };

  it('a half hour far above the planned load re-plans the rest of the day', async () => {
    const home = await plannedBattery();
    await pushEndedHalfHour(home.token, (await plannedLoadKw(home.userId)) + 3);
    expect((await stateJobs(home.userId)).map((j) => j.reasons)).toEqual([['measured_load']]);
  });

  it("shares the minimum interval with the charge's re-plans: a half hour off the plan right after one waits it out", async () => {
    const home = await plannedBattery();
    await home.push((await home.planned()).departing);
    await queue().runDue(later(DEBOUNCE_MS + 1_000));
    await pushEndedHalfHour(home.token, (await plannedLoadKw(home.userId)) + 3);
    const [charge, load] = await stateJobs(home.userId);
    expect([charge!.reasons, load!.reasons]).toEqual([['measured_charge'], ['measured_load']]);
    expect(load!.run_after.getTime() - charge!.run_after.getTime()).toBe(MIN_INTERVAL_MS);
  });

  it('a half hour at the planned load re-plans nothing', async () => {
    const home = await plannedBattery();
    await pushEndedHalfHour(home.token, await plannedLoadKw(home.userId));
    expect(await stateJobs(home.userId)).toEqual([]);
  });

  it('a backlog arriving two hours late re-plans nothing, however far its half hours were off the plan', async () => {
    const home = await plannedBattery();
    const twoHours = 2 * 3_600_000;
    await pushEndedHalfHour(home.token, (await plannedLoadKw(home.userId, twoHours)) + 3, twoHours);
    expect(await stateJobs(home.userId)).toEqual([]);
    // The hub catches up to now: the half hour just ended, off the plan, re-plans.
    await pushEndedHalfHour(home.token, (await plannedLoadKw(home.userId)) + 3);
    expect(await stateJobs(home.userId)).toHaveLength(1);
  });
});

describe('re-plans from solar production', () => {
  /** A battery home with a 6 kW array whose plan is stored; pushes production readings. */
  async function solarHome() {
    const home = await plannedBattery();
    const res = await api.post(
      '/api/v1/appliances',
      { appliance_type: 'solar', name: 'Roof', config: { system_size_kw: 6, production_sensor_entity_id: 'sensor.pv_power' } },
      { token: home.token },
    );
    expect(res.status).toBe(201);
    const solar = res.body.appliance_id as string;
    await queue().settled();
    await queue().runDue(later(10 * DEBOUNCE_MS));
    const [row] = (await storedRows(cloud, solar)).slice(-1);
    const plannedKw = (row!.schedule.generation_kw_48 as number[])[slotIndexOf(new Date(), ZONE) - 1]!;
    const push = async (readings: { timestamp: string; value: number }[]) => {
      const pushed = await api.post(`/api/v1/appliances/${solar}/readings`, { readings: readings.map((r) => ({ ...r, state: 'ON' })) }, { token: home.token });
      expect(pushed.status).toBe(201);
      await queue().settled();
    };
    return { ...home, plannedKw, push };
  }

  it('a half hour of production far off the forecast generation re-plans the rest of the day', async () => {
    const home = await solarHome();
    await home.push(endedHalfHour(home.plannedKw + 3));
    expect((await stateJobs(home.userId)).map((j) => j.reasons)).toEqual([['measured_solar']]);
  });

  it('a half hour at the forecast generation re-plans nothing', async () => {
    const home = await solarHome();
    await home.push(endedHalfHour(home.plannedKw));
    expect(await stateJobs(home.userId)).toEqual([]);
  });
});
