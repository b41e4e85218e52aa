// The first boundary of a local day (src/view-refresh.ts): the view held is yesterday's and the
// cloud serves the new day's plan only once the day has begun, so the add-on keeps yesterday's
// last slot for its lead, pulls the new day's view and applies slot 0 of it, never yesterday's.
// The cloud and the add-on share one clock running 20x across local midnight.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rampPreferences } from '../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../src/bench/cloud-process.js';
import { startHarness, waitFor, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const ZONE = 'America/New_York';
const MIN = 60_000;
const RATE = 20;
const LEAD = 4 * MIN;
/** 00:00 EST on 2026-11-19. */
const MIDNIGHT = Date.parse('2026-11-19T05:00:00Z');
let cloud: CloudProcess;
let h: Harness;
/** A second home whose updated-at poll (every simulated minute) sees the new day's stamp before its lead. */
let polled: Harness;
/** How many requests `polled` had made half a simulated minute before midnight. */
let beforeMidnight: Promise<number>;
let anchorMs: number;
const cloudNow = () => MIDNIGHT - 2 * MIN + (Date.now() - anchorMs) * RATE;
const realUntil = async (simMs: number) => {
  while (cloudNow() < simMs) await new Promise((r) => setTimeout(r, 50));
};

beforeAll(async () => {
  // The shared clock reads 23:58 60 s from now; set-up runs on earlier simulated time.
  anchorMs = Date.now() + 60_000;
  cloud = await startCloudProcess({
    OFFPEAK_CLOCK_START: new Date(MIDNIGHT - 2 * MIN).toISOString(),
    OFFPEAK_CLOCK_ANCHOR: new Date(anchorMs).toISOString(),
    OFFPEAK_CLOCK_RATE: String(RATE),
  });
  h = await startHarness({
    cloud,
    startMs: cloudNow(),
    fixture: houseFixture,
    timezone: ZONE,
    // No updated-at poll in the way: the new day's view comes from the pull after the lead.
    addon: { timing: { viewLeadMs: LEAD, updatedAtPollMs: 12 * 60 * MIN } },
    prepare: async (account) => {
      await account.createAppliance('hvac', 'Living room', HOUSE_APPLIANCES[0]!.config);
      expect((await account.call('PUT', '/api/v1/preferences', rampPreferences())).status).toBe(200);
      expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
    },
  });
  polled = await startHarness({
    cloud,
    startMs: cloudNow(),
    fixture: houseFixture,
    timezone: ZONE,
    addon: { timing: { viewLeadMs: 10 * MIN, updatedAtPollMs: MIN } },
    prepare: async (account) => {
      await account.createAppliance('hvac', 'Living room', HOUSE_APPLIANCES[0]!.config);
      expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
    },
  });
  expect(cloudNow(), 'set-up ended before local midnight (a machine too loaded otherwise)').toBeLessThan(MIDNIGHT - MIN);
  for (const home of [h, polled]) {
    home.clock.advance(cloudNow() - home.clock.now());
    home.clock.setSpeed(RATE);
  }
  beforeMidnight = realUntil(MIDNIGHT - 30_000).then(() => polled.requests.length);
}, 120_000);

afterAll(async () => {
  await polled?.stop();
  await h?.stop();
  await cloud?.stop();
});

it("keeps yesterday's last slot for its lead after midnight, then applies slot 0 of the new day's view", async () => {
  const yesterday = h.addon.state.view!.date;
  expect(yesterday).toBe('2026-11-18');
  const lastSlot = h.ha.getState('climate.living_room')!.attributes.temperature;
  // The new day is planned in the cloud right after midnight (the nightly run's part).
  await realUntil(MIDNIGHT + 20_000);
  expect((await h.account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
  const today = (await h.account.call('GET', '/api/v1/schedules')).body;
  expect(today.date).toBe('2026-11-19');
  const s = today.appliances[0].schedule;
  const slot0 = Math.round(s.setpoint_temps?.[0] ?? (s.high_temps[0] + s.low_temps[0]) / 2);
  expect(slot0).not.toBe(lastSlot); // the ramp: about 57 F at 00:00, about 80 F at 23:30

  const applied = await waitFor(
    () =>
      h.logs.find(
        (l) => (l.msg === 'applied' || l.msg === 'already as planned') && l.type === 'hvac' && l.reason === 'slot boundary' && l.date === '2026-11-19',
      ),
    30_000,
    'slot 0 applied',
  );
  expect(applied).toMatchObject({ slot: 0, entity_id: 'climate.living_room' });
  expect(applied).not.toHaveProperty('stale_schedule_date');
  expect(Date.parse(applied.time)).toBeGreaterThanOrEqual(MIDNIGHT + LEAD);
  expect(h.ha.getState('climate.living_room')!.attributes.temperature).toBe(slot0);
  // Nothing from yesterday's plan after midnight, and no pull until the lead had passed.
  const afterMidnight = h.logs.filter((l) => Date.parse(l.time) >= MIDNIGHT);
  expect(afterMidnight.filter((l) => l.msg === 'applied' && l.date !== '2026-11-19')).toEqual([]);
  expect(afterMidnight.find((l) => l.msg === 'new local day: its plan is pulled after the lead')).toMatchObject({ held_date: yesterday, lead_s: LEAD / 1000 });
  const pulls = afterMidnight.filter((l) => l.msg === 'schedules pulled');
  expect(pulls[0]).toMatchObject({ date: '2026-11-19' });
  expect(Date.parse(pulls[0]!.time)).toBeGreaterThanOrEqual(MIDNIGHT + LEAD);
}, 90_000);

it("a poll that finds the new day's stamp pulls the day's view only, not the profile and appliances again", async () => {
  const fromMidnight = await beforeMidnight;
  const rePull = await waitFor(
    () => polled.logs.find((l) => l.msg === 'schedules changed in the cloud; re-pulling' && l.new_day === true),
    30_000,
    'the poll after midnight',
  );
  expect(Date.parse(rePull.time)).toBeLessThan(MIDNIGHT + 10 * MIN); // before the lead's pull
  await waitFor(() => polled.logs.find((l) => l.msg === 'schedules pulled' && l.date === '2026-11-19'), 30_000, "the new day's view");
  const paths = polled.requests.slice(fromMidnight).map((r) => `${r.method} ${r.path}`);
  expect(paths).toContain('GET /api/v1/schedules');
  expect(paths.filter((p) => p === 'GET /auth/me' || p === 'GET /api/v1/appliances')).toEqual([]);
}, 90_000);
