// The whole-home load against the simulator and the real built cloud: the first start
// backfills 10 days of the power sensor's history as half-hour means, so the cloud has a measured
// profile at once; a second start does not backfill again; a kW sensor arrives in W; a cloud
// outage loses none of the backfill or of the 5-minute readings.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKFILL_FILE } from '../src/features/household-load.js';
import type { HaSimHandle } from '../src/ha-sim/index.js';
import { localSlotAt } from '../src/local-time.js';
import { cloudForFile, pastBoundary, startHarness, waitFor, type Harness } from './support/harness.js';
import { houseFixture } from './support/house.js';

const ZONE = 'America/New_York';
const MIN = 60_000;
const DAY = 86_400_000;
const world = cloudForFile();
const running = world.running;

/** The seeded home: 0.4 kW from 00:00 to 06:00 UTC, 1.2 kW otherwise. */
const loadW = (ms: number) => (new Date(ms).getUTCHours() < 6 ? 400 : 1200);

/** 11 days of the sensor's history, one state every 5 minutes, up to `startMs`. */
function seed(ha: HaSimHandle, entityId: string, startMs: number, unit: 'W' | 'kW') {
  const points = [];
  for (let at = startMs - 11 * DAY; at < startMs; at += 5 * MIN) {
    const w = loadW(at) + ((at / (5 * MIN)) % 3) * 10; // a little noise, whole watts
    points.push({ at, state: unit === 'W' ? String(w) : String(w / 1000), attributes: { unit_of_measurement: unit, device_class: 'power' } });
  }
  ha.seedHistory(entityId, points);
}

const householdPushes = (h: Harness) => h.requests.filter((r) => r.path === '/api/v1/household-load/readings');
const pushedReadings = (h: Harness) =>
  householdPushes(h)
    .filter((r) => r.status === 201)
    .flatMap((r) => r.body.readings as { timestamp: string; value: number }[]);
/** Local slot of a UTC hour on a recent day. */
const slotOfUtcHour = (startMs: number, hour: number) => {
  const d = new Date(startMs - 2 * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return localSlotAt(d.getTime(), ZONE).index;
};

describe('household load', () => {
  it('backfills 10 days on the first start (sensor from the profile), answers measured, and does not backfill on the second start', async () => {
    const startMs = pastBoundary(60 * MIN);
    const h = await startHarness({
      cloud: world.cloud,
      startMs,
      timezone: ZONE,
      fixture: (now) => houseFixture(now, [{ entity_id: 'sensor.home_power', state: '1200', attributes: { unit_of_measurement: 'W', device_class: 'power' } }]),
      configPatch: { householdPowerEntityId: null },
      prepare: async (account) => {
        expect((await account.call('PATCH', '/auth/me', { household_power_entity_id: 'sensor.home_power' })).status).toBe(200);
      },
      beforeStart: (ha) => seed(ha, 'sensor.home_power', startMs, 'W'),
    });
    running.push(h);
    await waitFor(() => pushedReadings(h).length >= 480 && h.addon.buffer.size === 0, 30_000, 'the backfill in the cloud');
    // 10 days of half hours, at the slot starts, ending at the current slot; batches of at most 100.
    const backfill = pushedReadings(h);
    expect(backfill.length).toBe(480);
    expect(backfill[0]!.timestamp).toBe(new Date(startMs - 10 * DAY).toISOString());
    expect(backfill.at(-1)!.timestamp).toBe(new Date(startMs - 30 * MIN).toISOString());
    expect(householdPushes(h).every((r) => r.body.readings.length <= 100)).toBe(true);
    expect(backfill.find((r) => r.timestamp === new Date(startMs - DAY).toISOString().replace(/T.*/, 'T01:00:00.000Z'))!.value).toBe(410);
    expect(existsSync(path.join(h.dataDir, BACKFILL_FILE))).toBe(true);

    const profile = (await h.account.call('GET', '/api/v1/household-load')).body;
    expect(profile.source).toBe('measured');
    expect(profile.days_measured).toBeGreaterThanOrEqual(9);
    expect(profile.load_kw_48[slotOfUtcHour(startMs, 1)]).toBeCloseTo(0.41, 1);
    expect(profile.load_kw_48[slotOfUtcHour(startMs, 12)]).toBeCloseTo(1.21, 1);

    // The 5-minute readings go on from the profile's sensor.
    h.ha.setState('sensor.home_power', '2345', { unit_of_measurement: 'W', device_class: 'power' });
    await h.advance(5 * MIN);
    await waitFor(() => pushedReadings(h).length === 481, 15_000, 'a live reading');
    expect(pushedReadings(h).at(-1)).toEqual({ timestamp: new Date(startMs + 5 * MIN).toISOString(), value: 2345 });
    await h.addon.stop();

    // A second start on the same data folder (the house's history still there): no backfill.
    const again = await startHarness({
      cloud: world.cloud,
      startMs: startMs + 10 * MIN,
      timezone: ZONE,
      account: h.account,
      dataDir: h.dataDir,
      fixture: (now) => houseFixture(now, [{ entity_id: 'sensor.home_power', state: '900', attributes: { unit_of_measurement: 'W', device_class: 'power' } }]),
      configPatch: { householdPowerEntityId: null },
      prepare: async () => {},
      beforeStart: (ha) => seed(ha, 'sensor.home_power', startMs + 10 * MIN, 'W'),
    });
    running.push(again);
    await again.addon.idle();
    await again.advance(5 * MIN);
    await waitFor(() => pushedReadings(again).length >= 1, 15_000, 'a live reading after the restart');
    expect(pushedReadings(again)).toEqual([{ timestamp: new Date(startMs + 15 * MIN).toISOString(), value: 900 }]);
    expect(again.logs.some((l) => l.msg === 'household history backfilled')).toBe(false);
  }, 120_000);

  it('converts a kW sensor, and loses none of the backfill or the 5-minute readings to a cloud outage', async () => {
    const startMs = pastBoundary(60 * MIN);
    const h = await startHarness({
      cloud: world.cloud,
      startMs,
      timezone: ZONE,
      fixture: (now) => houseFixture(now),
      cloudDownAtStart: true,
      prepare: async () => {},
      // The option names the fixture's sensor.household_power, a kW sensor (1.2 kW now).
      beforeStart: (ha) => seed(ha, 'sensor.household_power', startMs, 'kW'),
    });
    running.push(h);
    await h.addon.idle();
    for (let i = 0; i < 3; i++) await h.advance(5 * MIN);
    // Everything waits on disk: the backfill and three 5-minute readings.
    expect(h.addon.buffer.size).toBe(483);
    expect(pushedReadings(h)).toEqual([]);
    await h.cutoff.up();
    await h.advance(5 * MIN);
    await waitFor(() => h.addon.buffer.size === 0, 30_000, 'the queue to drain');
    const all = pushedReadings(h);
    expect(all.length).toBe(484);
    expect(new Set(all.map((r) => r.timestamp)).size).toBe(484);
    expect(all.slice(-4)).toEqual([5, 10, 15, 20].map((m) => ({ timestamp: new Date(startMs + m * MIN).toISOString(), value: 1200 })));
    expect(all.find((r) => r.timestamp === new Date(startMs - DAY).toISOString().replace(/T.*/, 'T12:00:00.000Z'))!.value).toBe(1210);
    const profile = (await h.account.call('GET', '/api/v1/household-load')).body;
    expect(profile.source).toBe('measured');
  }, 120_000);
});
