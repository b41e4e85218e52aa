// The home's location against the simulator and the real built cloud: an account without one gets
// Home Assistant's (get_config) to 0.1 degree at the add-on's start, once; a location the account
// has is kept; share_location: false sends nothing; a refused patch leaves the add-on running and
// is tried again at the next profile pull.
import { describe, expect, it } from 'vitest';
import { cloudForFile, pastBoundary, startHarness, waitFor, type Harness, type HarnessOptions } from './support/harness.js';
import { houseFixture } from './support/house.js';

const ZONE = 'America/New_York';
const MIN = 60_000;
const world = cloudForFile();
/** Home Assistant's location, to more places than the cloud keeps. */
const HA_LOCATION = { latitude: 40.7128, longitude: -74.006 };
const SENT = { latitude: 40.7, longitude: -74 };

const start = (opts: Partial<HarnessOptions> = {}) =>
  startHarness({
    cloud: world.cloud,
    startMs: pastBoundary(60 * MIN),
    timezone: ZONE,
    fixture: (now) => {
      const house = houseFixture(now);
      return { ...house, config: { ...house.config, ...HA_LOCATION } };
    },
    prepare: async () => {},
    ...opts,
  }).then((h) => (world.running.push(h), h));
const patches = (h: Harness) => h.requests.filter((r) => r.method === 'PATCH' && r.path === '/auth/me');
const profileOf = async (h: Harness) => (await h.account.call('GET', '/auth/me')).body;

describe('share location', () => {
  it("gives an account without a location Home Assistant's, to 0.1 degree, once", async () => {
    const h = await start();
    await h.addon.idle();
    expect(patches(h)).toEqual([{ method: 'PATCH', path: '/auth/me', body: SENT, status: 200 }]);
    expect(await profileOf(h)).toMatchObject(SENT);
    expect(h.addon.state.profile).toMatchObject(SENT);
    expect(h.logs.filter((l) => l.msg.startsWith('home location sent')).map((l) => [l.latitude, l.longitude])).toEqual([[40.7, -74]]);
    await h.addon.stop();

    // The next start finds the location in the profile and sends nothing.
    const again = await start({ account: h.account, dataDir: h.dataDir });
    await again.addon.idle();
    expect(patches(again)).toEqual([]);
  }, 60_000);

  it('keeps a location the account has (set in the dashboard)', async () => {
    const h = await start({
      prepare: async (account) => {
        expect((await account.call('PATCH', '/auth/me', { latitude: 51.5, longitude: -0.1 })).status).toBe(200);
      },
    });
    await h.addon.idle();
    expect(patches(h)).toEqual([]);
    expect(await profileOf(h)).toMatchObject({ latitude: 51.5, longitude: -0.1 });
  }, 60_000);

  it('sends nothing with share_location off', async () => {
    const h = await start({ configPatch: { shareLocation: false } });
    await h.addon.idle();
    expect(patches(h)).toEqual([]);
    expect(await profileOf(h)).toMatchObject({ latitude: null, longitude: null });
  }, 60_000);

  it('goes on after a refused patch and tries again at the next profile pull', async () => {
    let refusals = 0;
    const h = await start({
      relay: (request, send) => {
        if (request.method !== 'PATCH' || request.path !== '/auth/me' || refusals > 0) return send();
        refusals++;
        return Promise.resolve({ ok: false, status: 400, text: async () => JSON.stringify({ detail: 'latitude and longitude must be set together' }) });
      },
    });
    await h.addon.idle();
    expect(patches(h).map((r) => r.status)).toEqual([400]);
    expect(h.logs.find((l) => l.msg.startsWith('could not send the home location'))).toMatchObject({ level: 'warn', ...SENT });
    // The schedules are pulled and the link is fine: the refusal concerns the location alone.
    expect(h.addon.state.view).not.toBeNull();
    expect(h.addon.state.links.cloud.state).toBe('ok');
    expect(await profileOf(h)).toMatchObject({ latitude: null, longitude: null });

    // The profile is pulled again with the view ahead of the first boundary an hour after the start.
    await h.advance(h.addon.ctx.timing.appliancesRefreshMs + 30 * MIN);
    await waitFor(() => patches(h).length === 2, 15_000, 'the second patch');
    await h.addon.idle();
    expect(patches(h).map((r) => r.status)).toEqual([400, 200]);
    expect(await profileOf(h)).toMatchObject(SENT);
  }, 120_000);
});
