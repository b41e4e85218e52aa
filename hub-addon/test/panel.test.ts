// The ingress panel through the simulator's ingress proxy (as Home Assistant's sidebar reaches it):
// every URL on the X-Ingress-Path base, the add-on's status in words, and only the Supervisor's
// address let in under the Supervisor.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startAddon } from '../src/addon.js';
import { loadConfig } from '../src/config.js';
import { startHaSim } from '../src/ha-sim/index.js';
import { startPanel } from '../src/panel/server.js';
import { silentLogger } from '../src/log.js';
import { addonStatus } from '../src/status.js';
import { cloudForFile, HA_TOKEN, pastBoundary, startHarness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const files = cloudForFile();
const [thermostat, car] = HOUSE_APPLIANCES;

describe('the ingress panel', () => {
  it('serves the status on the ingress base through the proxy, with the appliances and their planned action', async () => {
    const h = await startHarness({
      cloud: files.cloud,
      startMs: pastBoundary(2 * 3_600_000) - 6 * 60_000,
      fixture: houseFixture,
      prepare: async (a) => {
        await a.createAppliance(thermostat!.type, thermostat!.name, thermostat!.config);
        await a.createAppliance(car!.type, car!.name, car!.config);
        expect((await a.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
      },
      configPatch: { panel: { host: '127.0.0.1', port: 0, allowFrom: null } },
    });
    files.running.push(h);
    h.ha.setIngressTarget(`http://127.0.0.1:${h.addon.panel!.port}`);
    const base = new URL(h.ha.ingressUrl).pathname.replace(/\/$/, '');
    const res = await fetch(h.ha.ingressUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain(`<script src="${base}/panel.js" defer></script>`);
    expect(html).toContain(`<link rel="stylesheet" href="${base}/panel.css">`);
    expect(html).toContain('<strong>Home Assistant:</strong> Connected (version 2026.8.0)');
    expect(html).toContain('<strong>Offpeak cloud:</strong> Connected');
    expect(html).toContain(`href="${h.config.cloudUrl}"`);
    const status = addonStatus(h.addon.ctx);
    for (const a of status.appliances) expect(html).toContain(`<td>${a.action}</td>`);
    expect(status.appliances.map((a) => a.action)).not.toContain('No plan yet');
    expect((await fetch(h.ha.ingressUrl + 'panel.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(html).toContain('No reading yet');
    // After the next 5-minute mark, the readings the add-on took.
    await h.advance(6 * 60_000);
    const later = await (await fetch(h.ha.ingressUrl)).text();
    expect(later).toMatch(/<td>\d+ °F indoors, cool at <time datetime="[^"]+">\d\d:\d\d<\/time><\/td>/);
    expect(later).toMatch(/<td>(charging|idle), \d+(\.\d)? % charged at <time/);
    // Nothing on the page points at another origin but the dashboard link.
    expect([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((u) => !u!.startsWith(base) && u !== 'data:,')).toEqual([h.config.cloudUrl]);
  }, 60_000);

  it('on a first start without the cloud URL, names the options to set', async () => {
    const ha = await startHaSim({ fixture: houseFixture(Date.now()), token: HA_TOKEN });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'addon-panel-'));
    const config = { ...loadConfig({ HA_URL: ha.url, HA_TOKEN, OFFPEAK_ADDON_DATA_DIR: dataDir, OFFPEAK_PANEL_PORT: '0' }) };
    const addon = await startAddon({ config, log: silentLogger });
    try {
      const html = await (await fetch(`http://127.0.0.1:${addon.panel!.port}/`)).text();
      expect(html).toContain('<strong>Offpeak cloud:</strong> Not set up yet');
      for (const option of config.missingOptions) expect(html).toContain(`<li>${option}</li>`);
      expect(html).toContain('<p>The link to the Offpeak dashboard appears here once cloud_url is set.</p>');
    } finally {
      await addon.stop();
      await ha.stop();
    }
  });

  it('answers only the Supervisor under the Supervisor', async () => {
    const panel = await startPanel(
      { host: '127.0.0.1', port: 0, allowFrom: '172.30.32.2' },
      () => {
        throw new Error('not read for a refused client');
      },
      silentLogger,
    );
    try {
      const res = await fetch(`http://127.0.0.1:${panel.port}/`);
      expect(res.status).toBe(403);
      expect(await res.text()).toBe('Only the Supervisor may connect.\n');
    } finally {
      await panel.stop();
    }
  });

  it('the proxy answers 502 while no add-on panel listens, and 404 for another token', async () => {
    const ha = await startHaSim({ fixture: houseFixture(Date.now()), token: HA_TOKEN });
    try {
      expect((await fetch(ha.ingressUrl)).status).toBe(502);
      expect((await fetch(`${ha.url}/api/hassio_ingress/another-token/`)).status).toBe(404);
    } finally {
      await ha.stop();
    }
  });
});
