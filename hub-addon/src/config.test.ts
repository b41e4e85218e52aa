import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, websocketUrl } from './config.js';

const dir = () => mkdtempSync(path.join(tmpdir(), 'addon-config-'));
const optionsFile = (options: unknown) => {
  const d = dir();
  const file = path.join(d, 'options.json');
  writeFileSync(file, JSON.stringify(options));
  return file;
};
const problems = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
};

describe('loadConfig', () => {
  it('under the Supervisor reads /data-style options and connects to ws://supervisor/core/websocket', () => {
    const file = optionsFile({
      cloud_url: 'https://cloud.example/',
      email: 'a@b.co',
      password: 'secret1',
      log_level: 'warning',
      appliances: [{ appliance: 'Garage EV', soc_entity_id: 'sensor.ev_soc' }],
    });
    const c = loadConfig({ SUPERVISOR_TOKEN: 'sup', OFFPEAK_OPTIONS: file });
    expect(c).toMatchObject({
      ha: { url: 'ws://supervisor/core/websocket', token: 'sup', supervised: true },
      cloudUrl: 'https://cloud.example',
      email: 'a@b.co',
      logLevel: 'warn',
      dataDir: path.dirname(file),
      missingOptions: [],
    });
    expect(c.appliances).toEqual([{ appliance: 'Garage EV', soc_entity_id: 'sensor.ev_soc' }]);
    expect(c.panel).toEqual({ host: '0.0.0.0', port: 8099, allowFrom: '172.30.32.2' });
  });

  it('standalone serves the panel on loopback only when OFFPEAK_PANEL_PORT is set', () => {
    const env = {
      HA_URL: 'http://127.0.0.1:8123',
      HA_TOKEN: 't',
      OFFPEAK_URL: 'http://127.0.0.1:8080',
      OFFPEAK_REFRESH_TOKEN: 'rt_x',
      OFFPEAK_OPTIONS: optionsFile({}),
    };
    expect(loadConfig(env).panel).toBeUndefined();
    expect(loadConfig({ ...env, OFFPEAK_PANEL_PORT: '0' }).panel).toEqual({ host: '127.0.0.1', port: 0, allowFrom: null });
    expect(problems({ ...env, OFFPEAK_PANEL_PORT: 'eighty' })).toEqual(['OFFPEAK_PANEL_PORT: eighty must be a port number (0 picks a free one)']);
  });

  it('standalone takes HA_URL, HA_TOKEN and OFFPEAK_* from the environment', () => {
    const c = loadConfig({
      HA_URL: 'http://127.0.0.1:8123',
      HA_TOKEN: 't',
      OFFPEAK_URL: 'http://127.0.0.1:8080',
      OFFPEAK_REFRESH_TOKEN: 'rt_x',
      OFFPEAK_OPTIONS: optionsFile({}),
    });
    expect(c).toMatchObject({ ha: { url: 'ws://127.0.0.1:8123/api/websocket', token: 't', supervised: false }, refreshToken: 'rt_x', email: null });
  });

  it("keeps its state in OFFPEAK_ADDON_DATA_DIR, never in the cloud's OFFPEAK_DATA_DIR", () => {
    const base = { HA_URL: 'http://127.0.0.1:8123', HA_TOKEN: 't', OFFPEAK_URL: 'http://127.0.0.1:8080', OFFPEAK_REFRESH_TOKEN: 'rt_x' };
    const mine = dir();
    expect(loadConfig({ ...base, OFFPEAK_ADDON_DATA_DIR: mine, OFFPEAK_DATA_DIR: '/srv/cloud-db' }).dataDir).toBe(mine);
    expect(loadConfig({ ...base, OFFPEAK_DATA_DIR: '/srv/cloud-db' }).dataDir).toBe(path.resolve('.data', 'hub-addon'));
  });

  it('names every missing Home Assistant setting', () => {
    expect(problems({ OFFPEAK_OPTIONS: optionsFile({}) })).toEqual([
      'HA_URL: is required when not running under the Supervisor (no SUPERVISOR_TOKEN)',
      'SUPERVISOR_TOKEN: is missing',
    ]);
  });

  it("on a first start (the store's default options) lists what to set, with the cloud URL's form, instead of failing", () => {
    const c = loadConfig({ SUPERVISOR_TOKEN: 'sup', OFFPEAK_OPTIONS: optionsFile({ log_level: 'info', appliances: [] }) });
    expect(c.cloudUrl).toBeNull();
    expect(c.missingOptions).toEqual([
      'cloud_url: the address of your Offpeak service, where its dashboard opens (such as https://offpeak.example.com; OFFPEAK_URL when standalone)',
      'email and password: your Offpeak account, or refresh_token instead (OFFPEAK_EMAIL/OFFPEAK_PASSWORD when standalone)',
    ]);
    const half = optionsFile({ cloud_url: 'https://offpeak.example.com', email: 'a@b.co' });
    expect(loadConfig({ SUPERVISOR_TOKEN: 'sup', OFFPEAK_OPTIONS: half }).missingOptions).toEqual([
      'password: the password of your Offpeak account (OFFPEAK_PASSWORD when standalone)',
    ]);
  });

  it('names bad values', () => {
    const file = optionsFile({
      cloud_url: 'ftp://x',
      email: 'a@b.co',
      log_level: 'loud',
      household_power_entity_id: 'switch.x',
      appliances: [{ entity_id: 'Not An Entity', colour: 'red' }],
    });
    expect(problems({ SUPERVISOR_TOKEN: 's', OFFPEAK_OPTIONS: file })).toEqual([
      'cloud_url: ftp://x must be an http or https URL',
      'log_level: must be one of trace, debug, info, notice, warning, warn, error, fatal',
      'household_power_entity_id: must be a sensor.* entity id',
      'appliances[0]: unknown option colour',
      "appliances[0].appliance: is required (the appliance's name or id in Offpeak)",
      'appliances[0].entity_id: must be an entity id such as switch.ev_charger',
    ]);
  });

  it('reads the battery options, and names one that is not text', () => {
    const ok = optionsFile({ appliances: [{ appliance: 'Powerwall', charge_option: 'Force charge', idle_option: 'Self use', hold_option: 'Backup' }] });
    expect(loadConfig({ SUPERVISOR_TOKEN: 's', OFFPEAK_OPTIONS: ok, OFFPEAK_URL: 'http://x', OFFPEAK_REFRESH_TOKEN: 'r' }).appliances).toEqual([
      { appliance: 'Powerwall', charge_option: 'Force charge', idle_option: 'Self use', hold_option: 'Backup' },
    ]);
    const bad = optionsFile({ appliances: [{ appliance: 'Powerwall', hold_option: 3 }] });
    expect(problems({ SUPERVISOR_TOKEN: 's', OFFPEAK_OPTIONS: bad, OFFPEAK_URL: 'http://x', OFFPEAK_REFRESH_TOKEN: 'r' })).toEqual([
      "appliances[0].hold_option: must be the text of an option of the battery's select entity",
    ]);
  });

  it('shares the location unless share_location is false; OFFPEAK_SHARE_LOCATION stands in for it', () => {
    const env = { SUPERVISOR_TOKEN: 's', OFFPEAK_URL: 'http://x', OFFPEAK_REFRESH_TOKEN: 'r' };
    expect(loadConfig({ ...env, OFFPEAK_OPTIONS: optionsFile({}) }).shareLocation).toBe(true);
    expect(loadConfig({ ...env, OFFPEAK_OPTIONS: optionsFile({ share_location: false }) }).shareLocation).toBe(false);
    expect(loadConfig({ ...env, OFFPEAK_OPTIONS: optionsFile({ share_location: true }), OFFPEAK_SHARE_LOCATION: 'False' }).shareLocation).toBe(false);
    expect(problems({ ...env, OFFPEAK_OPTIONS: optionsFile({ share_location: 'no' }) })).toEqual(['share_location: must be true or false']);
    expect(problems({ ...env, OFFPEAK_OPTIONS: optionsFile({}), OFFPEAK_SHARE_LOCATION: '0' })).toEqual(['OFFPEAK_SHARE_LOCATION: must be true or false']);
  });

  it('reports an options file that is not JSON', () => {
    const d = dir();
    const file = path.join(d, 'options.json');
    writeFileSync(file, '{nope');
    expect(problems({ SUPERVISOR_TOKEN: 's', OFFPEAK_OPTIONS: file, OFFPEAK_URL: 'http://x', OFFPEAK_REFRESH_TOKEN: 'r' })[0]).toMatch(
      /^options file .* is not valid JSON/,
    );
  });
});

describe('websocketUrl', () => {
  it.each([
    ['http://homeassistant.local:8123', 'ws://homeassistant.local:8123/api/websocket'],
    ['https://ha.example/', 'wss://ha.example/api/websocket'],
    ['ws://127.0.0.1:1234/core/websocket', 'ws://127.0.0.1:1234/core/websocket'],
  ])('%s -> %s', (raw, url) => expect(websocketUrl(raw)).toBe(url));
});
