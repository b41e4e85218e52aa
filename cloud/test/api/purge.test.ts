// The daily purge deletes expired rows and nothing a client may still need.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { claimDevice, enrollToken } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

const DAY_MS = 86_400_000;
let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud({ purgeRetentionDays: 20 });
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
const ids = async (table: string, userColumn: string, value: string) =>
  (await rows<{ id: number }>(cloud, `SELECT id::int FROM ${table} WHERE ${userColumn} = $1 ORDER BY id`, [value])).map((r) => r.id);

describe('the daily purge of expired rows', () => {
  it('deletes expired refresh tokens, old claim codes, delivered commands and forecast pushes past the retention; keeps the rest', async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token);
    await enrollToken(api, user.token);
    const push = (hours: number) => api.post('/api/v1/weather', { forecast: { hourly_temps_f: Array(hours).fill(70) } }, { token: user.token });
    expect((await push(24)).status).toBe(201);
    expect((await push(25)).status).toBe(201);
    const command = (temp: number) => api.post(`/api/v1/appliances/${device.applianceId}/command`, { target_temp_f: temp }, { token: user.token });
    const [oldDelivered, oldPending] = [(await command(70)).body.command_id, (await command(71)).body.command_id];
    const age = (table: string, set: string, where: string, bind: unknown[]) => cloud.db.query(`UPDATE ${table} SET ${set} WHERE ${where}`, { bind });

    // Make some rows old: one expired refresh token, the claim codes, one delivered and one pending command, one push.
    const tokens = await ids('refresh_tokens', 'user_id', user.userId);
    // Two reset links: one expired, one still good.
    await api.post('/auth/recover', { email: user.email });
    await api.post('/auth/recover', { email: user.email });
    const links = await ids('password_resets', 'user_id', user.userId);
    await age('password_resets', 'expires_at = $2', 'id = $1', [links[0], ago(0.01)]);
    await api.post('/auth/login', { email: user.email, password: user.password });
    await age('refresh_tokens', 'expires_at = $2', 'id = $1', [tokens[0], ago(1)]);
    await age('enroll_tokens', 'expires_at = $2', 'user_id = $1 AND used_at IS NOT NULL', [user.userId, ago(21)]);
    await age('device_commands', 'created_at = $2, delivered_at = $2', 'id = $1', [oldDelivered, ago(25)]);
    await age('device_commands', 'created_at = $2', 'id = $1', [oldPending, ago(25)]);
    const pushes = await ids('weather_forecasts', 'user_id', user.userId);
    await age('weather_forecasts', 'pushed_at = $2', 'id = $1', [pushes[0], ago(21)]);
    const recent = (await command(72)).body.command_id;
    await api.get('/api/v1/devices/commands', { token: device.deviceToken }); // hands over the pending ones: delivered now

    const counts = await cloud.services.purge.run(new Date());
    expect(counts).toMatchObject({
      refreshTokens: expect.any(Number),
      passwordResets: expect.any(Number),
      claimCodes: expect.any(Number),
      deliveredCommands: expect.any(Number),
      weatherPushes: expect.any(Number),
    });
    const left = await ids('refresh_tokens', 'user_id', user.userId);
    expect(left).toHaveLength(1); // the login's; the signup's had expired
    expect(left).not.toContain(tokens[0]);
    expect(await ids('password_resets', 'user_id', user.userId)).toEqual(links.slice(1));
    // The used claim code expired 21 days ago is gone; the fresh one is still there to be used.
    expect(await rows(cloud, `SELECT used_at FROM enroll_tokens WHERE user_id = $1`, [user.userId])).toEqual([{ used_at: null }]);
    expect(await ids('device_commands', 'device_id', device.deviceId)).toEqual([oldPending, recent]);
    expect(await ids('weather_forecasts', 'user_id', user.userId)).toEqual(pushes.slice(1));
  });

  it('never deletes a command still pending, however old', async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token);
    const queued = (await api.post(`/api/v1/appliances/${device.applianceId}/command`, { power: true }, { token: user.token })).body.command_id;
    await cloud.db.query(`UPDATE device_commands SET created_at = $2 WHERE id = $1`, { bind: [queued, ago(400)] });
    await cloud.services.purge.run(new Date());
    expect((await api.get('/api/v1/devices/commands', { token: device.deviceToken })).body.map((c: { id: number }) => c.id)).toEqual([queued]);
  });
});
