// With tomorrow's prices known, tonight's battery plan sees tomorrow's own weather and load: a sunny
// tomorrow refills the battery, so tonight it may run low; an overcast one does not, so it keeps
// its charge. A big load on a dear tomorrow morning keeps more charge at midnight than a small one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastLocation } from '../../src/domain/forecast/location.js';
import { clearSkyGhiWm2 } from '../../src/domain/solar/irradiance.js';
import { sunPosition } from '../../src/domain/solar/sun-position.js';
import { addDays, localDateOf, slotStartsUtc } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { openMeteoBody, startFakeOpenMeteo, type FakeOpenMeteo } from '../support/fake-open-meteo.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { realSpeedClockFrom, startTestCloud } from '../support/test-cloud.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const CHICAGO = 'America/Chicago';

/**
 * The cloud's clock at real speed from Friday 2026-11-13, 18:05 in Chicago (00:05 UTC on
 * Saturday): tonight is ahead, tomorrow is a Saturday, and its sun does not move with the date the
 * suite runs.
 */
const { setting: CLOCK, clock } = realSpeedClockFrom(Date.parse('2026-11-14T00:05:00Z'));

let cloud: RunningCloud;
let api: ApiClient;
let feed: FakeOpenMeteo;

beforeAll(async () => {
  feed = await startFakeOpenMeteo();
  cloud = await startTestCloud({ clock: CLOCK, weatherFallbackBaseUrl: feed.url });
  api = apiClient(cloud.url);
});
afterAll(async () => {
  await cloud.stop();
  await feed.close();
});

/** An account in Chicago at `zip` with a custom tariff of `hourly` cents, every day alike, and a home battery. */
async function batteryHome(zip: string, hourly: number[]) {
  const user = await signUp(api);
  expect((await api.patch('/auth/me', { timezone: CHICAGO, location_zip: zip }, { token: user.token })).status).toBe(200);
  expect((await api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: hourly }, { token: user.token })).status).toBe(200);
  await createAppliance(cloud, user, 'home_battery', { name: 'battery' });
  return user;
}

/** Recomputes through the API and answers the battery's charge at the end of each of today's slots. */
async function tonightsTrajectory(token: string): Promise<number[]> {
  const res = await api.post('/api/v1/schedule/recompute', {}, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const view = await api.get('/api/v1/schedules', { token });
  const battery = (view.body.appliances as { appliance_type: string; schedule: { value_trajectory: number[] } }[]).find(
    (a) => a.appliance_type === 'home_battery',
  )!;
  return battery.schedule.value_trajectory;
}

describe("tonight's battery plan with tomorrow's weather", () => {
  // 40 c from 17:00 to 21:00, 15 c otherwise: tonight's peak is worth emptying the battery for.
  const HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 17 && h < 21 ? 40 : 15));

  /** A home with an 8 kW array whose feed forecasts clear skies, tomorrow at `tomorrowSky` of them. */
  async function solarHome(zip: string, tomorrowSky: number) {
    const user = await batteryHome(zip, HOURLY);
    const array = await api.post('/api/v1/appliances', { appliance_type: 'solar', name: 'Roof', config: { system_size_kw: 8 } }, { token: user.token });
    expect(array.status).toBe(201);
    const { lat, lon, key } = forecastLocation(zip, CHICAGO);
    const tomorrow = addDays(localDateOf(clock(), CHICAGO), 1);
    const ghi = (end: Date) => {
      const mid = new Date(end.getTime() - HOUR_MS / 2);
      return Math.round(clearSkyGhiWm2(sunPosition(mid, lat, lon)) * (localDateOf(mid, CHICAGO) === tomorrow ? tomorrowSky : 1));
    };
    const first = new Date(Math.floor(clock().getTime() / HOUR_MS) * HOUR_MS - 14 * DAY_MS);
    feed.serve(key!, { body: openMeteoBody(first, 17 * 24, () => 45, ghi) });
    return user;
  }

  it('runs the battery low tonight when tomorrow is sunny and its surplus refills it; keeps the charge when tomorrow is overcast', async () => {
    const sunny = await solarHome('60601', 1);
    const overcast = await solarHome('61801', 0.05);
    const withSun = await tonightsTrajectory(sunny.token);
    const withoutSun = await tonightsTrajectory(overcast.token);
    expect(withSun).toHaveLength(48);
    // Both spend the 40 c evening; overcast, the battery is back at the day's start by midnight.
    expect(Math.min(...withoutSun.slice(36, 42))).toBeLessThan(withoutSun[35]!);
    expect(withoutSun[47]).toBeGreaterThanOrEqual(withoutSun[35]! - 0.5);
    // Sunny, it stays low tonight: tomorrow's surplus brings the charge back for free.
    expect(withSun[47]).toBeLessThan(withoutSun[47]! - 20);
  });
});

describe("tonight's battery plan with tomorrow's load", () => {
  // 50 c until 10:00, 30 c from 17:00 to 21:00, 20 c otherwise: a dear morning with nothing cheap before it.
  const HOURLY = Array.from({ length: 24 }, (_, h) => (h < 10 ? 50 : h >= 17 && h < 21 ? 30 : 20));

  /**
   * A home whose three past weeks of whole-home readings have 0.5 kW on weekdays; on weekends
   * `weekendMorningKw` from 06:00 to 10:00, 0.5 kW the rest of the day.
   */
  async function measuredHome(zip: string, weekendMorningKw: number) {
    const user = await batteryHome(zip, HOURLY);
    const today = localDateOf(clock(), CHICAGO);
    const readings = Array.from({ length: 21 }, (_, k) => addDays(today, -1 - k)).flatMap((date) => {
      const weekend = [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
      return slotStartsUtc(date, CHICAGO).map((start, slot) => ({
        timestamp: new Date(start.getTime() + 600_000).toISOString(),
        value: (weekend && slot >= 12 && slot < 20 ? weekendMorningKw : 0.5) * 1000,
      }));
    });
    for (let i = 0; i < readings.length; i += 96)
      expect((await api.post('/api/v1/household-load/readings', { readings: readings.slice(i, i + 96) }, { token: user.token })).status).toBe(201);
    expect((await api.get('/api/v1/household-load', { token: user.token })).body).toMatchObject({ source: 'measured' });
    return user;
  }

  it('keeps more charge at midnight for a Saturday whose mornings draw 4 kW than for one like the weekdays', async () => {
    const big = await measuredHome('60601', 4);
    const small = await measuredHome('61801', 0.5);
    const bigMorning = await tonightsTrajectory(big.token);
    const smallMorning = await tonightsTrajectory(small.token);
    // Today (a Friday) is planned on the same weekday load in both; tomorrow's own load differs.
    expect(bigMorning[47]).toBeGreaterThan(smallMorning[47]! + 20);
  });
});
