// A solar array's production against the simulator and the real built cloud: the production sensor
// its Offpeak config names (a kW sensor) reaches the cloud in W every 5 minutes, and the first start
// backfills 14 days of its history as half-hour means, so the cloud forecasts the array from its
// own production on the first day (the test cloud has no irradiance feed, like a home outside the
// US). A second start backfills only an array it has not seen.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { solarBackfillFile } from '../src/features/solar-production.js';
import type { HaSimHandle } from '../src/ha-sim/index.js';
import { localSlotAt } from '../src/local-time.js';
import { addonStatus } from '../src/status.js';
import { cloudForFile, pastBoundary, startHarness, waitFor, type Harness } from './support/harness.js';
import { houseFixture } from './support/house.js';

const ZONE = 'America/New_York';
const MIN = 60_000;
const DAY = 86_400_000;
const world = cloudForFile();
const KW = { unit_of_measurement: 'kW', device_class: 'power' };

/** The seeded array: about 2 kW from 13:00 to 21:00 UTC (daylight in New York all year), nothing otherwise. */
const productionKw = (ms: number) => (new Date(ms).getUTCHours() >= 13 && new Date(ms).getUTCHours() < 21 ? 2 + ((ms / (5 * MIN)) % 3) * 0.01 : 0);

/** 15 days of the sensor's history in kW, one state every 5 minutes, up to `startMs`. */
function seed(ha: HaSimHandle, entityId: string, startMs: number) {
  const points = [];
  for (let at = startMs - 15 * DAY; at < startMs; at += 5 * MIN) points.push({ at, state: String(productionKw(at)), attributes: KW });
  ha.seedHistory(entityId, points);
}

type Reading = { timestamp: string; state: string; value: number };
const pushes = (h: Harness, id: string) => h.requests.filter((r) => r.path === `/api/v1/appliances/${id}/readings`);
const pushed = (h: Harness, id: string) =>
  pushes(h, id)
    .filter((r) => r.status === 201)
    .flatMap((r) => r.body.readings as Reading[]);
/** UTC `hour`:00 the day before `startMs`. */
const yesterdayAt = (startMs: number, hour: number) => {
  const d = new Date(startMs - DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

/** Today's solar schedule row of the appliance, after a recompute. */
async function todaysSolarPlan(h: Harness, id: string) {
  expect((await h.account.call('POST', '/api/v1/schedule/recompute', {})).status).toBe(200);
  const today = localSlotAt(Date.now(), ZONE).date;
  const history = await h.account.call('GET', `/api/v1/schedules/history?appliance_id=${id}&start=${today}&end=${today}`);
  expect(history.status).toBe(200);
  const row = history.body.appliances[0].history.at(-1);
  return { schedule: row.schedule, used: row.constraints_used };
}

describe('solar production', () => {
  it('backfills 14 days of the production sensor on the first start, the cloud forecasts the array from them, and the sensor goes on every 5 minutes in W', async () => {
    const startMs = pastBoundary(60 * MIN);
    let roof = '';
    const h = await startHarness({
      cloud: world.cloud,
      startMs,
      timezone: ZONE,
      fixture: (now) => houseFixture(now, [{ entity_id: 'sensor.pv_power', state: '0', attributes: KW }]),
      configPatch: { householdPowerEntityId: null },
      prepare: async (account) => {
        roof = await account.createAppliance('solar', 'Roof', { production_sensor_entity_id: 'sensor.pv_power' });
      },
      beforeStart: (ha) => seed(ha, 'sensor.pv_power', startMs),
    });
    world.running.push(h);
    await waitFor(() => pushed(h, roof).length >= 672 && h.addon.buffer.size === 0, 30_000, 'the backfill in the cloud');

    // 14 days of half hours in W, at the slot starts, ending at the current slot; batches of at most 100.
    const backfill = pushed(h, roof);
    expect(backfill.length).toBe(14 * 48);
    expect(backfill[0]!.timestamp).toBe(new Date(startMs - 14 * DAY).toISOString());
    expect(backfill.at(-1)!.timestamp).toBe(new Date(startMs - 30 * MIN).toISOString());
    expect(pushes(h, roof).every((r) => r.body.readings.length <= 100)).toBe(true);
    expect(backfill.find((r) => r.timestamp === yesterdayAt(startMs, 14))).toEqual({ timestamp: yesterdayAt(startMs, 14), state: 'PRODUCING', value: 2010 });
    expect(backfill.find((r) => r.timestamp === yesterdayAt(startMs, 3))).toEqual({ timestamp: yesterdayAt(startMs, 3), state: 'IDLE', value: 0 });
    expect(existsSync(path.join(h.dataDir, solarBackfillFile(roof)))).toBe(true);

    // With no irradiance forecast and no nameplate, the forecast is the array's own recent production.
    const { schedule, used } = await todaysSolarPlan(h, roof);
    expect(schedule.source).toBe('learned');
    expect(used).toMatchObject({ yield_source: 'learned', nameplate_kw: 0 });
    expect(schedule.generation_kwh).toBeGreaterThan(1);

    // The 5-minute readings: the sensor's kW as W, and the panel shows the sensor and the reading.
    h.ha.setState('sensor.pv_power', '3.25', KW);
    await h.advance(5 * MIN);
    await waitFor(() => pushed(h, roof).length === 14 * 48 + 1, 15_000, 'a live reading');
    expect(pushed(h, roof).at(-1)).toEqual({ timestamp: new Date(startMs + 5 * MIN).toISOString(), state: 'PRODUCING', value: 3250 });
    expect(addonStatus(h.addon.ctx).appliances.find((a) => a.id === roof)).toMatchObject({
      entityId: 'sensor.pv_power',
      problems: [],
      lastReading: { text: 'producing, 3250 W' },
    });
    await h.addon.stop();

    // A second start on the same data folder, with a second array added meanwhile: only the new one is backfilled.
    let garage = '';
    const again = await startHarness({
      cloud: world.cloud,
      startMs: startMs + 10 * MIN,
      timezone: ZONE,
      account: h.account,
      dataDir: h.dataDir,
      fixture: (now) =>
        houseFixture(now, [
          { entity_id: 'sensor.pv_power', state: '1.5', attributes: KW },
          { entity_id: 'sensor.pv_garage', state: '0.5', attributes: KW },
        ]),
      configPatch: { householdPowerEntityId: null },
      prepare: async (account) => {
        garage = await account.createAppliance('solar', 'Garage roof', { production_sensor_entity_id: 'sensor.pv_garage' });
      },
      beforeStart: (ha) => {
        seed(ha, 'sensor.pv_power', startMs + 10 * MIN);
        seed(ha, 'sensor.pv_garage', startMs + 10 * MIN);
      },
    });
    world.running.push(again);
    await waitFor(() => pushed(again, garage).length >= 672 && again.addon.buffer.size === 0, 30_000, "the new array's backfill");
    await again.advance(5 * MIN);
    await waitFor(() => pushed(again, roof).length >= 1, 15_000, 'a live reading after the restart');
    expect(pushed(again, roof)).toEqual([{ timestamp: new Date(startMs + 15 * MIN).toISOString(), state: 'PRODUCING', value: 1500 }]);
    expect(again.logs.filter((l) => l.msg === 'solar history backfilled').map((l) => l.appliance_id)).toEqual([garage]);
  }, 180_000);
});
