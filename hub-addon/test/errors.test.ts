// Errors that say what to fix, against the real built cloud and the simulator: wrong cloud
// credentials, a Home Assistant token refused, an entity Home Assistant does not have, a cloud that
// answers but refuses. Each is logged once at warning naming the setting to change, and the status
// line tells the truth (a cloud that answers is never `unreachable`).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signUp } from '../src/bench/cloud-account.js';
import { startHaSim } from '../src/ha-sim/index.js';
import { addonStatus } from '../src/status.js';
import { cloudForFile, HA_TOKEN, pastBoundary, startHarness, waitFor, type Harness, type HarnessOptions } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const MIN = 60_000;

const files = cloudForFile();
/** Starts a harness on the file's cloud, stopped after the test. */
const start = async (opts: Omit<HarnessOptions, 'cloud' | 'startMs' | 'fixture'>) => {
  const h = await startHarness({ cloud: files.cloud, startMs: pastBoundary(2 * 3_600_000) - 6 * MIN, fixture: houseFixture, ...opts });
  files.running.push(h);
  return h;
};

const thermostat = HOUSE_APPLIANCES[0]!;
const warnings = (h: Harness) => h.logs.filter((l) => l.level === 'warn');
const lastStatus = (h: Harness) => h.logs.filter((l) => l.msg === 'status').at(-1);

describe('errors that say what to fix', () => {
  it('wrong cloud credentials: one warning naming the variables, and the status line says refused, not unreachable', async () => {
    const h = await start({
      prepare: async (a) => void (await a.createAppliance(thermostat.type, thermostat.name, thermostat.config)),
      configPatch: { password: 'not the password' },
    });
    await h.advance(12 * MIN); // two readings cycles, three updated-at polls
    const refused = warnings(h).filter((l) => l.msg === 'cloud refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      reason: 'wrong credentials: /auth/login answered 400 Invalid login credentials',
      fix: "Set OFFPEAK_EMAIL and OFFPEAK_PASSWORD to your Offpeak account's (or OFFPEAK_REFRESH_TOKEN to a new refresh token), then restart the add-on.",
    });
    expect(lastStatus(h)).toMatchObject({ cloud: 'refused: wrong credentials: /auth/login answered 400 Invalid login credentials', ha: 'ok' });
    expect(h.logs.some((l) => l.msg === 'cloud unreachable; working from the cached plan')).toBe(false);
    expect(JSON.stringify(h.logs)).not.toContain('not the password');
  }, 60_000);

  it('a cloud that answers but refuses (another service at the address): refused with its answer, and what to check', async () => {
    const wrongUrl = `${files.cloud.url}/offpeak`;
    const h = await start({
      prepare: async () => {},
      configPatch: { cloudUrl: wrongUrl },
    });
    await h.advance(6 * MIN);
    const refused = warnings(h).filter((l) => l.msg === 'cloud refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toMatch(/^\/auth\/login answered 404 /);
    expect(refused[0]!.fix).toBe(`Check OFFPEAK_URL: ${wrongUrl} answers, but not as the Offpeak service.`);
    expect(lastStatus(h)!.cloud).toMatch(/^refused: \/auth\/login answered 404 /);
  }, 60_000);

  it('an entity Home Assistant does not have: the warning names where the entity is set, in Offpeak or in the add-on options', async () => {
    const h = await start({
      prepare: async (a) => {
        await a.createAppliance(thermostat.type, thermostat.name, thermostat.config);
        await a.createAppliance('ev_charger', 'Second car', { entity_id: 'switch.ghost_charger' });
        await a.createAppliance('solar', 'Roof', { production_sensor_entity_id: 'sensor.ghost_pv' });
      },
      configPatch: { appliances: [{ appliance: thermostat.name, indoor_temp_entity_id: 'sensor.no_such_sensor' }] },
    });
    const missing = Object.fromEntries(
      warnings(h)
        .filter((l) => l.msg === 'entity does not exist in Home Assistant')
        .map((l) => [l.entity_id, l.fix]),
    );
    expect(missing).toEqual({
      'sensor.no_such_sensor':
        'Change appliances[0].indoor_temp_entity_id in the options file (OFFPEAK_OPTIONS) to an entity id Home Assistant has (Settings, Devices & services, Entities).',
      'switch.ghost_charger':
        'Change the entity_id of Second car in Offpeak (the dashboard, Appliances) to an entity id Home Assistant has, or set it for this hub in the options file (OFFPEAK_OPTIONS).',
      // A production sensor is set in Offpeak only.
      'sensor.ghost_pv': 'Change the production_sensor_entity_id of Roof in Offpeak (the dashboard, Appliances) to an entity id Home Assistant has.',
    });
    const car = addonStatus(h.addon.ctx).appliances.find((a) => a.name === 'Second car')!;
    expect(car.problems.map((p) => p.reason)).toEqual(['entity_id switch.ghost_charger of Second car does not exist in Home Assistant']);
    const roof = addonStatus(h.addon.ctx).appliances.find((a) => a.name === 'Roof')!;
    expect(roof.entityId).toBe('sensor.ghost_pv');
    expect(roof.problems.map((p) => p.reason)).toEqual(['production_sensor_entity_id sensor.ghost_pv of Roof does not exist in Home Assistant']);
    await h.advance(6 * MIN);
    expect(lastStatus(h)).toMatchObject({ cloud: 'ok', entities_missing: ['sensor.no_such_sensor', 'switch.ghost_charger', 'sensor.ghost_pv'] });
  }, 60_000);

  it('a refused Home Assistant token: the add-on keeps retrying, warns once naming HA_TOKEN (the panel says it too), and never logs the token', async () => {
    const ha = await startHaSim({ fixture: houseFixture(Date.now()), token: HA_TOKEN });
    const account = await signUp(files.cloud.url);
    const child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        HA_URL: ha.url,
        HA_TOKEN: 'a-revoked-token-value',
        OFFPEAK_URL: files.cloud.url,
        OFFPEAK_EMAIL: account.email,
        OFFPEAK_PASSWORD: account.password,
        OFFPEAK_ADDON_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'addon-errors-')),
        LOG_LEVEL: 'debug',
        OFFPEAK_PANEL_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const lines = () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, any>);
    try {
      // Three attempts (1 s and 2 s apart).
      await waitFor(() => lines().filter((l) => l.msg === 'Home Assistant refused the access token; retrying').length >= 3, 20_000, 'three refusals');
      const warned = lines().filter((l) => l.level === 'warn');
      expect(warned).toHaveLength(1);
      expect(warned[0]).toMatchObject({
        msg: 'Home Assistant refused',
        reason: `${ha.url.replace('http', 'ws')}/api/websocket refused the access token`,
        fix: 'Set HA_TOKEN to a long-lived access token of your Home Assistant user (your profile, Security tab, Long-lived access tokens), then restart the add-on.',
      });
      expect(out).not.toContain('a-revoked-token-value');
      // The panel is up before Home Assistant answers, and says the same.
      const { port } = lines().find((l) => l.msg === 'panel listening')!;
      const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(page).toContain(`<strong>Home Assistant:</strong> Refused: ${warned[0]!.reason}<p class="fix"><strong>What to change:</strong> Set HA_TOKEN`);
    } finally {
      child.kill('SIGKILL');
      await ha.stop();
    }
  }, 60_000);
});
