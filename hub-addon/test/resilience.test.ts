// What the add-on lives through: a cloud outage (no reading lost), a Home Assistant restart and a
// half-open socket (recovered without restarting the add-on), an expired access token and a
// revoked refresh token (recovered by refreshing, then by signing in again).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../src/bench/cloud-account.js';
import { silentLogger } from '../src/log.js';
import { CloudSession } from '../src/session.js';
import { startCloudProcess, startCutOff, type CloudProcess } from '../src/bench/cloud-process.js';
import { pastBoundary, startHarness, waitFor, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';
import { expiredAccessToken } from './support/tokens.js';

let cloud: CloudProcess;
let h: Harness | undefined;
let relay: Awaited<ReturnType<typeof startCutOff>> | undefined;

beforeAll(async () => {
  cloud = await startCloudProcess();
}, 120_000);
afterEach(async () => {
  await h?.stop();
  h = undefined;
});
afterAll(async () => {
  await cloud?.stop();
});

const house = async (account: Awaited<ReturnType<typeof signUp>>) => {
  for (const a of HOUSE_APPLIANCES) await account.createAppliance(a.type, a.name, a.config);
  expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
};

describe('a cloud outage', () => {
  it('loses no reading: they wait on disk and go when the cloud is back', async () => {
    const boundary = pastBoundary(60 * 60_000);
    h = await startHarness({ cloud, startMs: boundary - 6 * 60_000, fixture: houseFixture, prepare: house });
    await h.advance(60_000);
    // Five appliances and the whole-home power sensor: six readings a cycle.
    await waitFor(() => h!.addon.state.stats.readingsSent === 6, 10_000, 'first cycle sent');
    await h.cutoff.down();
    await h.advance(15 * 60_000); // three cycles while the cloud is away
    expect(h.addon.buffer.size).toBe(18);
    expect(h.addon.state.links.cloud.state).toBe('unreachable');
    expect(h.logs.some((l) => l.msg === 'cloud unreachable; working from the cached plan')).toBe(true);
    // The slot boundary inside the outage was applied from the cached plan.
    expect(h.logs.some((l) => (l.msg === 'applied' || l.msg === 'already as planned') && l.reason === 'slot boundary' && l.type === 'hvac')).toBe(true);
    await h.cutoff.up();
    await h.advance(5 * 60_000);
    expect(h.addon.buffer.size).toBe(0);
    expect(h.addon.state.stats.readingsSent).toBe(30);
    const health = (await h.account.call('GET', '/api/v1/integration/health')).body;
    expect(health.sample_count).toBe(5);
    const stamps = h.requests
      .filter((r) => r.path === '/api/v1/readings' && r.status === 201)
      .flatMap((r) => r.body.readings.map((x: any) => Date.parse(x.timestamp)));
    expect(stamps).toEqual([0, 5, 10, 15, 20].map((m) => boundary - 5 * 60_000 + m * 60_000));
  }, 60_000);
});

describe('Home Assistant going away', () => {
  it('reconnects after a restart of Home Assistant and keeps applying and reading', async () => {
    const boundary = pastBoundary(60 * 60_000);
    h = await startHarness({ cloud, startMs: boundary - 6 * 60_000, fixture: houseFixture, prepare: house });
    expect(h.addon.ha.connections).toBe(1);
    // Home Assistant goes away across a slot boundary: that slot's command fails, and is made on
    // reconnect.
    await h.ha.callService('climate', 'set_temperature', { entity_id: 'climate.living_room', temperature: 85 });
    await waitFor(() => h!.addon.ha.entity('climate.living_room')?.attributes.temperature === 85, 5_000, 'person change seen');
    await h.ha.stop();
    await h.advance(6 * 60_000);
    expect(h.logs.some((l) => l.msg === 'Home Assistant refused the command' && l.reason === 'slot boundary' && l.type === 'hvac')).toBe(true);
    await h.ha.restart({ downMs: 500 });
    await waitFor(() => h!.addon.ha.connected && h!.addon.ha.connections === 2, 20_000, 'reconnected');
    expect(h.logs.some((l) => l.msg === 'Home Assistant connection lost; reconnecting')).toBe(true);
    // A person's change made while we were away shows in the entity map after the reconnect.
    h.ha.setAttributes('climate.living_room', { current_temperature: 76 });
    await waitFor(() => h!.addon.ha.entity('climate.living_room')?.attributes.current_temperature === 76, 5_000, 'fresh states');
    await waitFor(() => h!.logs.some((l) => l.reason === 'reconnected' && l.type === 'hvac' && l.msg === 'applied'), 10_000, 'slot applied on reconnect');
    expect(h.ha.getState('climate.living_room')!.attributes.temperature).not.toBe(85);
    await h.advance(5 * 60_000);
    const reading = h.requests.filter((r) => r.path === '/api/v1/readings').at(-1)!.body.readings[0];
    expect(reading).toMatchObject({ indoor_temp: 76, timestamp: new Date(boundary + 5 * 60_000).toISOString() });
  }, 60_000);

  it('drops a half-open socket when pings go unanswered and reconnects', async () => {
    const boundary = pastBoundary(60 * 60_000);
    // The add-on reaches the simulator through a relay that can freeze the link.
    h = await startHarness({
      cloud,
      startMs: boundary - 6 * 60_000,
      fixture: houseFixture,
      prepare: house,
      addon: { pingIntervalMs: 300, pingTimeoutMs: 500 },
      haUrl: async (wsUrl) => {
        relay = await startCutOff(wsUrl.replace(/^ws/, 'http').replace(/\/api\/websocket$/, ''));
        return `${relay.url.replace(/^http/, 'ws')}/api/websocket`;
      },
    });
    relay!.freeze();
    await waitFor(() => h!.logs.some((l) => l.msg === 'no pong from Home Assistant; dropping the half-open socket'), 10_000, 'watchdog');
    await waitFor(() => h!.addon.ha.connected && h!.addon.ha.connections === 2, 15_000, 'reconnected through the relay');
    await relay!.close();
  }, 60_000);
});
describe('sessions', () => {
  const login = async (email: string, password: string) => {
    const res = await fetch(`${cloud.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return (await res.json()) as { access_token: string; refresh_token: string; expires_at: number; user: { id: string; email: string } };
  };
  const storeSession = (dataDir: string, s: { access_token: string; refresh_token: string; expires_at: number }) =>
    writeFileSync(path.join(dataDir, 'session.json'), JSON.stringify({ ...s, seed: null }));

  it('refreshes ahead of expiry, keeping the rotated refresh token in /data', async () => {
    const account = await signUp(cloud.url);
    await house(account);
    const s = await login(account.email, account.password);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'addon-data-'));
    // A valid token with 4 minutes left: inside the 5-minute margin.
    storeSession(dataDir, { access_token: s.access_token, refresh_token: s.refresh_token, expires_at: Math.floor(Date.now() / 1000) + 240 });
    h = await startHarness({ cloud, account, dataDir, startMs: pastBoundary(60 * 60_000) - 6 * 60_000, fixture: houseFixture, prepare: async () => {} });
    expect(h.addon.session.stats).toEqual({ logins: 0, refreshes: 1 });
    expect(h.logs.some((l) => l.msg === 'access token rejected; renewing the session')).toBe(false);
    expect(h.requests.filter((r) => r.status === 401)).toEqual([]);
    const stored = JSON.parse((await import('node:fs')).readFileSync(path.join(dataDir, 'session.json'), 'utf8'));
    expect(stored.refresh_token).not.toBe(s.refresh_token);
    expect(stored.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3000);
  }, 60_000);

  it('renews each token 5-15 minutes before its expiry, at a margin drawn per token: tokens that expire together are not renewed together', async () => {
    const account = await signUp(cloud.url);
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const renewedBeforeExpiryS: number[] = [];
    for (const draw of [0, 0.5, 0.999]) {
      const s = await login(account.email, account.password);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'addon-data-'));
      storeSession(dataDir, { access_token: s.access_token, refresh_token: s.refresh_token, expires_at: expiresAt });
      let wallS = expiresAt - 20 * 60;
      const session = new CloudSession({
        baseUrl: cloud.url,
        dataDir,
        email: null,
        password: null,
        refreshToken: null,
        log: silentLogger,
        wallNow: () => wallS * 1000,
        random: () => draw,
      });
      await session.load();
      for (; session.stats.refreshes === 0 && wallS < expiresAt; wallS += 15) await session.call('GET', '/auth/me');
      renewedBeforeExpiryS.push(expiresAt - (wallS - 15));
      rmSync(dataDir, { recursive: true, force: true });
    }
    // The first call inside the margin renews: 5 min, 10 min and just under 15 min before expiry (15 s steps).
    expect(renewedBeforeExpiryS).toEqual([300, 600, 885]);
  }, 60_000);

  it('refreshes on `Token expired` and retries the call', async () => {
    const account = await signUp(cloud.url);
    await house(account);
    const s = await login(account.email, account.password);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'addon-data-'));
    // The stored access token claims an hour left, but the cloud says it expired (clock skew).
    storeSession(dataDir, {
      access_token: expiredAccessToken(s.user.id, s.user.email),
      refresh_token: s.refresh_token,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    });
    h = await startHarness({ cloud, account, dataDir, startMs: pastBoundary(60 * 60_000) - 6 * 60_000, fixture: houseFixture, prepare: async () => {} });
    expect(h.addon.session.stats).toEqual({ logins: 0, refreshes: 1 });
    expect(h.logs.find((l) => l.msg === 'access token rejected; renewing the session')).toMatchObject({ detail: 'Token expired' });
    expect(h.addon.state.view?.appliances).toHaveLength(5);
    await h.advance(60_000);
    await waitFor(() => h!.addon.state.stats.readingsSent === 6, 10_000, 'readings');
  }, 60_000);

  it('signs in again when the refresh token was revoked', async () => {
    const account = await signUp(cloud.url);
    await house(account);
    const s = await login(account.email, account.password);
    // The cloud revokes the session's family: its first token is rotated, then presented again
    // after the reuse grace (10 s, for two tabs racing), which the cloud treats as theft. The
    // successor the add-on holds is now revoked.
    const refresh = (token: string) =>
      fetch(`${cloud.url}/auth/refresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: token }) });
    const rotated = await refresh(s.refresh_token);
    expect(rotated.status).toBe(200);
    const held = ((await rotated.json()) as { refresh_token: string }).refresh_token;
    await new Promise((r) => setTimeout(r, 10_500));
    expect((await refresh(s.refresh_token)).status).toBe(400);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'addon-data-'));
    storeSession(dataDir, { access_token: expiredAccessToken(s.user.id, s.user.email), refresh_token: held, expires_at: Math.floor(Date.now() / 1000) + 3600 });
    h = await startHarness({ cloud, account, dataDir, startMs: pastBoundary(60 * 60_000) - 6 * 60_000, fixture: houseFixture, prepare: async () => {} });
    expect(h.addon.session.stats).toEqual({ logins: 1, refreshes: 0 });
    expect(h.logs.find((l) => l.msg === 'refresh token no longer valid; signing in again')).toMatchObject({ detail: 'Invalid Refresh Token' });
    expect(h.addon.state.view?.appliances).toHaveLength(5);
    // The new refresh token is kept in /data, never in the logs.
    const stored = JSON.parse((await import('node:fs')).readFileSync(path.join(dataDir, 'session.json'), 'utf8'));
    expect(stored.refresh_token).not.toBe(held);
    expect(JSON.stringify(h.logs)).not.toContain(stored.refresh_token);
    expect(JSON.stringify(h.logs)).not.toContain(stored.access_token);
    expect(JSON.stringify(h.logs)).not.toContain(account.password);
    expect(JSON.stringify(h.logs)).not.toContain('test-ha-token');
  }, 60_000);
});
