// Re-plans from the indoor temperature: the half hour's mean reading of an HVAC outside its plan's
// widened prediction band re-plans the rest of the day, paced by the account's minimum interval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAND_95_FROM_80, temperatureDeparts } from '../../src/domain/planning/temperature-departure.js';
import { slotIndexOf } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { minutesAgo } from '../support/readings.js';
import { saveModel, storedRows, TEST_MODEL } from '../support/schedules.js';
import { DEBOUNCE_MS, MIN_INTERVAL_MS, measuredStateJobs } from '../support/replans.js';
import { realSpeedClockFrom, startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

/**
 * The cloud's clock, and the test's: a November day from 20:05 UTC at real speed. The queue plans
 * at the instant it is run at (up to the minimum interval ahead), which stays within the 20:00 slot
 * and the day: a plan run into the next slot has the current slot past, without a band, and one at
 * the day's first slot has no slot before it to widen the band over.
 */
const { setting: CLOCK, clock } = realSpeedClockFrom(Date.parse('2026-11-18T20:05:00Z'));

beforeAll(async () => {
  cloud = await startTestCloud({ clock: CLOCK });
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const later = (ms: number) => new Date(clock().getTime() + ms);
const queue = () => cloud.services.recomputeQueue;
const stateJobs = (userId: string) => measuredStateJobs(cloud, userId);

/** A model whose plans carry an 80 % band of ±0.5 F in the first hour, growing to ±2 F a day ahead. */
const BANDED_MODEL = {
  ...TEST_MODEL,
  params: { ...TEST_MODEL.params, trajectoryBandF: { horizonHours: [1, 3, 6, 12, 24], lowF: [-0.5, -0.8, -1.2, -1.6, -2], highF: [0.5, 0.8, 1.2, 1.6, 2] } },
};

/** A user with a fitted HVAC whose setup recompute has run: today's plan, with its band, is stored. */
async function plannedHvac() {
  const user = await signUp(api);
  await api.patch('/auth/me', { timezone: 'UTC' }, { token: user.token });
  const hvac = await createAppliance(cloud, user, 'hvac');
  await saveModel(cloud, hvac, BANDED_MODEL);
  await queue().settled();
  await queue().runDue(later(10 * DEBOUNCE_MS));
  /** Pushes three readings over the last ten minutes at `indoorF`. */
  const push = async (indoorF: number) => {
    const now = clock().getTime();
    const readings = [10, 5, 0].map((m) => ({ timestamp: minutesAgo(m, now), indoor_temp: indoorF, hvac_state: 'COOL', appliance_id: hvac }));
    expect((await api.post('/api/v1/readings', { readings }, { token: user.token })).status).toBe(201);
    await queue().settled();
  };
  /** The newest plan's predicted temperature now, a reading just outside its 80 % band, and one outside the widened band. */
  const planned = async () => {
    const { schedule } = (await storedRows(cloud, hvac)).at(-1)!;
    const slot = slotIndexOf(clock(), 'UTC');
    const predicted = schedule.temp_trajectory[slot] as number;
    const below = predicted - (schedule.trajectory_low_temps[slot] as number);
    expect(below).toBeGreaterThan(0);
    return { predicted, outside80: predicted - 1.2 * below, departing: predicted - 2 * BAND_95_FROM_80 * below - 0.5 };
  };
  return { ...user, hvac, push, planned };
}

describe('re-plans from the indoor temperature', () => {
  it('readings on the prediction, or just outside the 80 % band, re-plan nothing', async () => {
    const home = await plannedHvac();
    const before = (await storedRows(cloud, home.hvac)).length;
    const { predicted, outside80 } = await home.planned();
    await home.push(predicted);
    await home.push(outside80);
    expect(await stateJobs(home.userId)).toEqual([]);
    await queue().runDue(later(10 * DEBOUNCE_MS));
    expect(await storedRows(cloud, home.hvac)).toHaveLength(before);
  });

  it('a half hour outside the widened band re-plans the rest of the day from the reading', async () => {
    const home = await plannedHvac();
    const before = (await storedRows(cloud, home.hvac)).length;
    const { departing } = await home.planned();
    const pushedAt = clock().getTime();
    await home.push(departing);
    const [job] = await stateJobs(home.userId);
    expect(job!.run_after.getTime() - pushedAt).toBeLessThanOrEqual(DEBOUNCE_MS + 1_000);
    expect(job!.reasons).toEqual(['measured_temperature']);
    await queue().runDue(later(DEBOUNCE_MS + 1_000));
    const after = await storedRows(cloud, home.hvac);
    expect(after).toHaveLength(before + 1);
    const slot = slotIndexOf(clock(), 'UTC');
    expect(after.at(-1)).toMatchObject({ trigger: 'debounced', from_slot: slot });
    // The new plan starts from the measured temperature: the reading lies within its band.
    expect(temperatureDeparts(after.at(-1)!.schedule, slot, departing)).toBe(false);
  });

  it('holds the minimum interval under a burst: one re-plan, and the next no sooner than the interval after it', async () => {
    const home = await plannedHvac();
    const before = (await storedRows(cloud, home.hvac)).length;
    const { departing } = await home.planned();
    for (let i = 0; i < 4; i++) await home.push(departing);
    expect(await stateJobs(home.userId)).toHaveLength(1);
    await queue().runDue(later(DEBOUNCE_MS + 1_000));
    expect(await storedRows(cloud, home.hvac)).toHaveLength(before + 1);
    // Off the new plan too, right after (far enough that the half hour's mean, which still holds the
    // burst's readings, leaves its band): due the interval after the first, not before.
    await home.push((await home.planned()).departing - 10);
    const [first, second] = await stateJobs(home.userId);
    expect(second!.run_after.getTime() - first!.run_after.getTime()).toBe(MIN_INTERVAL_MS);
    await queue().runDue(later(10 * DEBOUNCE_MS));
    expect(await storedRows(cloud, home.hvac)).toHaveLength(before + 1);
    await queue().runDue(later(MIN_INTERVAL_MS + 10 * DEBOUNCE_MS));
    expect(await storedRows(cloud, home.hvac)).toHaveLength(before + 2);
  });
});
