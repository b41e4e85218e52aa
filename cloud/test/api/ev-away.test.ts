// A car without a plug sensor that reports its charge while away: its readings depart from the
// planned trajectory because it is not there to charge, yet they re-plan only when a plan could act
// on them. A falling charge is a drive; a charge the planned charging did not move is a car that is
// not there; a car parked after a drive, or charging late, re-plans once.
import { describe, expect, it } from 'vitest';
import { slotIndexOf } from '../../src/domain/time/slot-grid.js';
import { signUp } from '../support/http.js';
import { measuredStateJobs } from '../support/replans.js';
import { useTestCloud } from '../support/test-cloud.js';

const world = useTestCloud();

const MIN = 60_000;
/** A zone (without DST) where two hours of today have passed, so the last hour is today's. */
const ZONE = slotIndexOf(new Date(), 'UTC') < 4 ? 'Asia/Tokyo' : 'UTC';
const hhmm = (slot: number) => `${String(Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`;

/**
 * A car without a plug sensor whose plan was made an hour ago (at `plannedAt`) from a reading of
 * `startPct` just before, with `constraints`; `push` sends one reading, as the hub does every 5 minutes.
 */
async function carPlannedAnHourAgo(startPct: number, config: Record<string, unknown>, constraints: Record<string, unknown> = {}) {
  const user = await signUp(world.api);
  await world.api.patch('/auth/me', { timezone: ZONE }, { token: user.token });
  const created = await world.api.post(
    '/api/v1/appliances',
    { appliance_type: 'ev_charger', name: 'Car', config: { entity_id: 'switch.ev_charger', soc_entity_id: 'sensor.ev_battery', ...config } },
    { token: user.token },
  );
  expect(created.status).toBe(201);
  const car = created.body.appliance_id as string;
  if (Object.keys(constraints).length > 0)
    expect((await world.api.post(`/api/v1/appliances/${car}/constraints`, constraints, { token: user.token })).status).toBe(200);
  const plannedAt = Date.now() - 60 * MIN;
  const push = async (at: number, value: number) => {
    const res = await world.api.post(
      `/api/v1/appliances/${car}/readings`,
      { readings: [{ timestamp: new Date(at).toISOString(), state: 'IDLE', value }] },
      { token: user.token },
    );
    expect(res.status).toBe(201);
    await world.cloud.services.recomputeQueue.settled();
  };
  await push(plannedAt - MIN, startPct);
  const [outcome] = await world.cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'recompute' }], new Date(plannedAt));
  expect(outcome!.status).toBe('fulfilled');
  return { ...user, car, plannedAt, push, jobs: () => measuredStateJobs(world.cloud, user.userId) };
}

describe('a car without a plug sensor, away', () => {
  it('driven, its falling charge re-plans nothing; parked half an hour after the drive, it re-plans once', async () => {
    // Planned at 80 %, its target: nothing to charge, the trajectory flat at 80 %.
    const home = await carPlannedAnHourAgo(80, {});
    for (const [k, value] of [80, 74, 68, 62, 56, 50].entries()) await home.push(home.plannedAt + (k + 1) * 5 * MIN, value);
    for (let k = 7; k < 12; k++) await home.push(home.plannedAt + k * 5 * MIN, 50);
    expect(await home.jobs()).toEqual([]);
    await home.push(home.plannedAt + 60 * MIN, 50);
    expect(await home.jobs()).toHaveLength(1);
  });

  it('a charge the planned charging did not move re-plans nothing; a car plugged in late re-plans once its charge rises', async () => {
    // Charging fast enough to reach its 80 % target in one slot, by a deadline at the start of the current slot.
    const deadline = hhmm(slotIndexOf(new Date(), ZONE));
    const home = await carPlannedAnHourAgo(50, { max_charge_rate_kw: 50, battery_capacity_kwh: 60 }, { target_charge_pct: 80, deadline_time: deadline });
    for (let k = 1; k <= 12; k++) await home.push(home.plannedAt + k * 5 * MIN, 50);
    expect(await home.jobs()).toEqual([]);
    await home.push(Date.now(), 60);
    expect(await home.jobs()).toHaveLength(1);
  });
});
