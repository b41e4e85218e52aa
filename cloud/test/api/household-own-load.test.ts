// The household's own load when the whole-home meter also sees the appliances Offpeak plans: their
// metered power (`power_watts` on their readings) is taken out of it, so a car, battery or heat pump
// running as planned is neither learned as household load nor read as the household departing from the plan.
import { describe, expect, it } from 'vitest';
import { slotIndexOf } from '../../src/domain/time/slot-grid.js';
import { createAppliance } from '../support/appliances.js';
import { signUp } from '../support/http.js';
import { rows } from '../support/readings.js';
import { DEBOUNCE_MS, measuredStateJobs } from '../support/replans.js';
import { useTestCloud } from '../support/test-cloud.js';

const world = useTestCloud();

const DAY_MS = 86_400_000;
const SLOT_MS = 1_800_000;
const queue = () => world.cloud.services.recomputeQueue;
/** A zone where the current half hour is not the day's first (whose previous one is yesterday's). */
const ZONE = slotIndexOf(new Date(), 'UTC') < 2 ? 'Asia/Tokyo' : 'UTC';

/** The car charges 7.2 kW at night, 01:00-05:00 (slots 2-9); the battery covers 2 kW of the evening, 17:00-21:00 (slots 34-41). */
const CAR_W = (slot: number) => (slot >= 2 && slot < 10 ? 7200 : 0);
const BATTERY_W = (slot: number) => (slot >= 34 && slot < 42 ? -2000 : 0);
/** The heat pump heats 3 kW in the morning, 06:00-10:00 (slots 12-19). */
const HVAC_W = (slot: number) => (slot >= 12 && slot < 20 ? 3000 : 0);
/** The household's own load: 0.5 kW, 2.5 kW in the evening. */
const HOUSE_W = (slot: number) => (slot >= 34 && slot < 42 ? 2500 : 500);

/** A home on `timeZone` with a car and a battery, its setup plan made. */
async function home(timeZone: string) {
  const user = await signUp(world.api);
  expect((await world.api.patch('/auth/me', { timezone: timeZone }, { token: user.token })).status).toBe(200);
  const car = await createAppliance(world.cloud, user, 'ev_charger');
  const battery = await createAppliance(world.cloud, user, 'home_battery');
  await queue().settled();
  await queue().runDue(new Date(Date.now() + 10 * DEBOUNCE_MS));
  const post = async (path: string, readings: object[]) => {
    const res = await world.api.post(path, { readings }, { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await queue().settled();
  };
  return {
    ...user,
    pushCar: (readings: { at: number; watts: number }[]) =>
      post(
        `/api/v1/appliances/${car}/readings`,
        readings.map((r) => ({ timestamp: new Date(r.at).toISOString(), state: r.watts > 0 ? 'CHARGING' : 'IDLE', value: 50, power_watts: r.watts })),
      ),
    pushBattery: (readings: { at: number; watts: number }[]) =>
      post(
        `/api/v1/appliances/${battery}/readings`,
        readings.map((r) => ({ timestamp: new Date(r.at).toISOString(), state: 'IDLE', value: 50, power_watts: r.watts })),
      ),
    pushWholeHome: (readings: { at: number; watts: number }[]) =>
      post(
        '/api/v1/household-load/readings',
        readings.map((r) => ({ timestamp: new Date(r.at).toISOString(), value: r.watts })),
      ),
  };
}

describe("the household's own load", () => {
  it('is the whole-home reading less the metered power of the car charging, the heat pump and the battery delivering: the measured profile is the household', async () => {
    const user = await home('UTC');
    const hvac = await createAppliance(world.cloud, user, 'hvac');
    for (const daysAgo of [1, 2, 3]) {
      const midnight = Math.floor(Date.now() / DAY_MS) * DAY_MS - daysAgo * DAY_MS;
      const slots = Array.from({ length: 48 }, (_, slot) => ({ slot, at: midnight + slot * SLOT_MS + 600_000 }));
      await user.pushCar(slots.map(({ slot, at }) => ({ at, watts: CAR_W(slot) })));
      await user.pushBattery(slots.map(({ slot, at }) => ({ at, watts: BATTERY_W(slot) })));
      const heat = slots.map(({ slot, at }) => ({
        timestamp: new Date(at).toISOString(),
        appliance_id: hvac,
        indoor_temp: 70,
        hvac_state: 'HEAT',
        power_watts: HVAC_W(slot),
      }));
      expect((await world.api.post('/api/v1/readings', { readings: heat }, { token: user.token })).status).toBe(201);
      await user.pushWholeHome(slots.map(({ slot, at }) => ({ at, watts: HOUSE_W(slot) + CAR_W(slot) + HVAC_W(slot) + BATTERY_W(slot) })));
    }
    const profile = (await world.api.get('/api/v1/household-load', { token: user.token })).body;
    expect(profile).toMatchObject({ source: 'measured', days_measured: 3 });
    (profile.load_kw_48 as number[]).forEach((kw, slot) => expect(kw, `slot ${slot}`).toBeCloseTo(HOUSE_W(slot) / 1000, 6));
  });

  describe('re-plans from the half hour just ended', () => {
    const plannedLoadKw = async (userId: string) => {
      const [row] = await rows<{ plan: { load_kw_48: number[] } }>(world.cloud, 'SELECT plan FROM home_plans WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [
        userId,
      ]);
      return row!.plan.load_kw_48[slotIndexOf(new Date(), ZONE) - 1]!;
    };
    /** The instants of the half hour just ended (six, 5 minutes apart) and now. */
    const endedHalfHour = () => {
      const now = Date.now();
      const start = now - (now % SLOT_MS) - SLOT_MS;
      return { ended: Array.from({ length: 6 }, (_, i) => start + i * 300_000), now };
    };
    /** The car charged all of the half hour just ended; the whole-home meter saw it on top of the planned household load and `aboveKw`. */
    async function chargedHalfHour(aboveKw: number) {
      const user = await home(ZONE);
      const { ended, now } = endedHalfHour();
      await user.pushCar(ended.map((at) => ({ at, watts: 7200 })));
      const wholeW = ((await plannedLoadKw(user.userId)) + aboveKw) * 1000 + 7200;
      await user.pushWholeHome([...ended.map((at) => ({ at, watts: wholeW })), { at: now, watts: wholeW }]);
      return user;
    }

    it('a car charging on top of the planned household load re-plans nothing', async () => {
      const user = await chargedHalfHour(0);
      expect(await measuredStateJobs(world.cloud, user.userId)).toEqual([]);
    });

    it('a household far above its plan still re-plans while the car charges', async () => {
      const user = await chargedHalfHour(3);
      expect(await measuredStateJobs(world.cloud, user.userId)).toHaveLength(1);
    });
  });
});
