// A first start from the add-on store: the Supervisor writes only the options that have a default
// (log_level, appliances). The add-on keeps running, connected to Home Assistant, says in its log
// which options to set (the cloud URL with its form), exposes them in its state, and calls nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAddon } from '../src/addon.js';
import { loadConfig } from '../src/config.js';
import { startHaSim, type HaSimHandle } from '../src/ha-sim/index.js';
import { silentLogger } from '../src/log.js';
import { addonStatus } from '../src/status.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const TOKEN = 'first-start-token';
const MISSING = [
  'cloud_url: the address of your Offpeak service, where its dashboard opens (such as https://offpeak.example.com; OFFPEAK_URL when standalone)',
  'email and password: your Offpeak account, or refresh_token instead (OFFPEAK_EMAIL/OFFPEAK_PASSWORD when standalone)',
];

let ha: HaSimHandle;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  ha = await startHaSim({ house: {}, token: TOKEN });
  const dir = mkdtempSync(path.join(tmpdir(), 'addon-first-start-'));
  const options = path.join(dir, 'options.json');
  writeFileSync(options, JSON.stringify({ log_level: 'info', appliances: [] }));
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(HA_|OFFPEAK_|SUPERVISOR_TOKEN|HASSIO_TOKEN|LOG_LEVEL)/.test(k)));
  env = { ...clean, HA_URL: ha.url, HA_TOKEN: TOKEN, OFFPEAK_OPTIONS: options };
});
afterAll(() => ha.stop());

describe('a first start without the cloud URL or the account', () => {
  it('keeps running, connected to Home Assistant, and logs once which options to set', async () => {
    const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 20_000;
    while (!out.includes('Offpeak is not set up yet') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // Still running a second later: the Supervisor shows it started, not crashed.
    await new Promise((r) => setTimeout(r, 1000));
    expect(child.exitCode).toBeNull();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.msg)).toContain('connected to Home Assistant');
    expect(lines.filter((l) => l.level === 'warn')).toEqual([
      expect.objectContaining({ msg: "Offpeak is not set up yet: set these options in the add-on's Configuration tab, then restart it", missing: MISSING }),
    ]);
    expect(ha.serviceCalls).toEqual([]);
  });

  it('exposes the options to set in the running add-on', async () => {
    const config = loadConfig(env);
    const addon = await startAddon({ config, log: silentLogger });
    try {
      expect(addon.state.missingOptions).toEqual(MISSING);
      expect(addonStatus(addon.ctx)).toMatchObject({ missingOptions: MISSING, dashboardUrl: null, ha: { state: 'ok' } });
      expect(addon.ha.connected).toBe(true);
      expect(addon.state.view).toBeNull();
    } finally {
      await addon.stop();
    }
  });
});
