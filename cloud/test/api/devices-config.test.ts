import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { claimDevice } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const DAY_MS = 86_400_000;

async function configFor(profile: Record<string, unknown>, claim: Record<string, unknown> = {}) {
  const user = await signUp(api, profile.location_zip ? { location_zip: profile.location_zip } : {});
  if (profile.timezone) expect((await api.patch('/auth/me', { timezone: profile.timezone }, { token: user.token })).status).toBe(200);
  const device = await claimDevice(api, user.token, claim);
  const res = await api.get('/api/v1/devices/config', { token: device.deviceToken });
  expect(res.status).toBe(200);
  return { user, device, config: res.body };
}

/** The UTC offset of a zone at an instant, in minutes, read independently of the service's code. */
function offsetMinutes(at: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name)!;
  return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

describe('GET /api/v1/devices/config', () => {
  it('answers every field with the defaults: bounds 61/86, the default comfort band, intervals 3600/300/50', async () => {
    const { config } = await configFor({ timezone: 'Asia/Kolkata' });
    expect(config).toEqual({
      timezone: 'Asia/Kolkata',
      utc_offset_minutes_now: 330,
      next_transition: null,
      setpoint_min_f: 61,
      setpoint_max_f: 86,
      comfort_band: { high_temps_f: Array(48).fill(74), low_temps_f: Array(48).fill(70) },
      reading_push_interval_s: 3600,
      capture_interval_s: 300,
      command_poll_wait_s: 50,
    });
  });

  it('gives America/New_York its offset now and the next DST transition, to the exact instant', async () => {
    const { config } = await configFor({ timezone: 'America/New_York' });
    const now = new Date();
    expect(config.timezone).toBe('America/New_York');
    expect(config.utc_offset_minutes_now).toBe(offsetMinutes(now, 'America/New_York'));
    const at = new Date(config.next_transition.at_utc);
    expect(config.next_transition.at_utc).toBe(at.toISOString());
    expect(at.getTime()).toBeGreaterThan(now.getTime());
    expect(at.getTime() - now.getTime()).toBeLessThan(366 * DAY_MS);
    // 2:00 local: 07:00Z when EDT begins (2:00 EST), 06:00Z when EST begins (2:00 EDT).
    expect(at.getUTCHours()).toBe(config.utc_offset_minutes_now === -300 ? 7 : 6);
    expect(config.next_transition.utc_offset_minutes_after).toBe(config.utc_offset_minutes_now === -300 ? -240 : -300);
    expect(offsetMinutes(new Date(at.getTime() - 1000), 'America/New_York')).toBe(config.utc_offset_minutes_now);
    expect(offsetMinutes(at, 'America/New_York')).toBe(config.next_transition.utc_offset_minutes_after);
  });

  it.each([
    ['2025-07-01T12:00:00Z', -240, { at_utc: '2025-11-02T06:00:00.000Z', utc_offset_minutes_after: -300 }],
    ['2025-11-02T05:59:59Z', -240, { at_utc: '2025-11-02T06:00:00.000Z', utc_offset_minutes_after: -300 }],
    ['2025-11-02T06:00:00Z', -300, { at_utc: '2026-03-08T07:00:00.000Z', utc_offset_minutes_after: -240 }],
    ['2025-12-01T12:00:00Z', -300, { at_utc: '2026-03-08T07:00:00.000Z', utc_offset_minutes_after: -240 }],
  ])('at %s in New York: offset %i and next_transition %j', async (now, offset, transition) => {
    const { user, device } = await configFor({ timezone: 'America/New_York' });
    const config = await cloud.services.devices.config({ deviceId: device.deviceId, userId: user.userId, applianceId: device.applianceId }, new Date(now));
    expect(config).toMatchObject({ utc_offset_minutes_now: offset, next_transition: transition });
  });

  it("falls back to the ZIP code's zone, then UTC, and reports the zone actually used", async () => {
    expect((await configFor({ location_zip: '10001' })).config).toMatchObject({ timezone: 'America/New_York' });
    expect((await configFor({})).config).toMatchObject({ timezone: 'UTC', utc_offset_minutes_now: 0, next_transition: null });
  });

  it('reports the claimed bounds, each falling back to its default', async () => {
    expect((await configFor({}, { setpoint_min_f: 64, setpoint_max_f: 80 })).config).toMatchObject({ setpoint_min_f: 64, setpoint_max_f: 80 });
    expect((await configFor({}, { setpoint_max_f: 82 })).config).toMatchObject({ setpoint_min_f: 61, setpoint_max_f: 82 });
  });

  it("builds the comfort band from the unit's own preferences, not the account's, on the local-midnight grid", async () => {
    const { user, device } = await configFor({ timezone: 'Asia/Kolkata' });
    await api.put('/api/v1/preferences', { base_temperature: 60 }, { token: user.token });
    expect(
      (
        await api.put(
          `/api/v1/appliances/${device.applianceId}/preferences`,
          { savings_level: 3, time_away: '09:00', time_home: '18:30' },
          { token: user.token },
        )
      ).status,
    ).toBe(200);
    const { comfort_band } = (await api.get('/api/v1/devices/config', { token: device.deviceToken })).body;
    const away = (slot: number) => slot >= 18 && slot < 37; // 09:00 is slot 18, 18:30 slot 37
    expect(comfort_band.high_temps_f).toEqual(Array.from({ length: 48 }, (_, s) => (away(s) ? 84 : 74)));
    expect(comfort_band.low_temps_f).toEqual(Array.from({ length: 48 }, (_, s) => (away(s) ? 60 : 70)));
  });

  it('uses the hourly arrays when the unit has them', async () => {
    const { user, device } = await configFor({});
    const high = Array.from({ length: 24 }, (_, h) => 70 + (h % 5));
    const low = high.map((v) => v - 6);
    await api.put(`/api/v1/appliances/${device.applianceId}/preferences`, { hourly_high_temps_f: high, hourly_low_temps_f: low }, { token: user.token });
    const { comfort_band } = (await api.get('/api/v1/devices/config', { token: device.deviceToken })).body;
    expect(comfort_band.high_temps_f).toEqual(high.flatMap((v) => [v, v]));
    expect(comfort_band.low_temps_f).toEqual(low.flatMap((v) => [v, v]));
  });

  it('hands out the intervals configured for the instance', async () => {
    const other = await startTestCloud({ deviceReadingPushIntervalS: 900, deviceCaptureIntervalS: 120, deviceCommandPollWaitS: 25 });
    try {
      const otherApi = apiClient(other.url);
      const device = await claimDevice(otherApi, (await signUp(otherApi)).token);
      expect((await otherApi.get('/api/v1/devices/config', { token: device.deviceToken })).body).toMatchObject({
        reading_push_interval_s: 900,
        capture_interval_s: 120,
        command_poll_wait_s: 25,
      });
    } finally {
      await other.stop();
    }
  });
});
