// The add-on's panel in Home Assistant's sidebar, opened in Chromium through the simulator's
// ingress proxy (as the Supervisor serves it): the add-on connected and each appliance's planned
// action; with a wrong cloud password, the credentials error and what to change, in words.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { silentLogger, startAddon, startHaSim, type HaSimHandle, type RunningAddon } from '@offpeak/hub-addon/testing';
import { api, expect, expectAccessible, signUpAccount } from '../support/fixtures.js';
import { morningTimeZone } from '../support/time-zones.js';

const HA_TOKEN = 'panel-spec-ha-token';

interface Home {
  ha: HaSimHandle;
  addon: RunningAddon;
  stop(): Promise<void>;
}

/** An account with the simulated house's thermostat and EV, the house, and the add-on with its panel behind the ingress proxy. */
async function startHome(passwordOverride?: string): Promise<Home> {
  const account = await signUpAccount();
  const t = account.token;
  const zone = morningTimeZone();
  await api('PATCH', '/auth/me', { timezone: zone }, t);
  await api(
    'POST',
    '/api/v1/appliances',
    { appliance_type: 'hvac', name: 'Thermostat', config: { entity_id: 'climate.thermostat', indoor_temp_entity_id: 'sensor.thermostat_temperature' } },
    t,
  );
  const { appliance_id: evId } = await api(
    'POST',
    '/api/v1/appliances',
    {
      appliance_type: 'ev_charger',
      name: 'EV',
      config: { entity_id: 'switch.ev_charger', soc_entity_id: 'sensor.ev_battery', battery_capacity_kwh: 60, max_charge_rate_kw: 7.4 },
    },
    t,
  );
  await api('POST', `/api/v1/appliances/${evId}/constraints`, { target_charge_pct: 90, min_charge_pct: 20, deadline_time: '23:30', current_charge_pct: 30 }, t);
  await api('POST', '/api/v1/schedule/recompute', undefined, t);
  const ha = await startHaSim({ house: { timeZone: zone, unitSystem: 'us_customary' }, token: HA_TOKEN });
  const addon = await startAddon({
    config: {
      ha: { url: ha.wsUrl, token: HA_TOKEN, supervised: false },
      cloudUrl: process.env.E2E_BASE_URL!,
      email: account.email,
      password: passwordOverride ?? account.password,
      refreshToken: null,
      dataDir: mkdtempSync(path.join(tmpdir(), 'offpeak-panel-addon-')),
      logLevel: 'error',
      householdPowerEntityId: null,
      appliances: [],
      missingOptions: [],
      panel: { host: '127.0.0.1', port: 0, allowFrom: null },
    },
    log: silentLogger,
  });
  ha.setIngressTarget(`http://127.0.0.1:${addon.panel!.port}`);
  return {
    ha,
    addon,
    stop: async () => {
      await addon.stop();
      await ha.stop();
    },
  };
}

/** Opens the panel as the sidebar does; fails on a console error or a request that leaves Home Assistant's origin. */
async function openPanel(page: Page, home: Home): Promise<string[]> {
  const problems: string[] = [];
  const origin = new URL(home.ha.url).origin;
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
  page.on('request', (r) => !r.url().startsWith(origin) && problems.push(`request left the origin: ${r.url()}`));
  await page.clock.install();
  await page.goto(home.ha.ingressUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Offpeak' })).toBeVisible();
  return problems;
}

let home: Home | undefined;
test.afterEach(async () => {
  await home?.stop();
  home = undefined;
});

test('the panel shows the add-on connected and what each appliance does in this half hour, and a change by hand at its next refresh', async ({ page }) => {
  home = await startHome();
  const problems = await openPanel(page, home);
  const connections = page.getByRole('region', { name: 'Connections' });
  await expect(connections.getByRole('listitem').filter({ hasText: 'Home Assistant:' })).toHaveText('Home Assistant: Connected (version 2026.8.0)');
  await expect(connections.getByRole('listitem').filter({ hasText: 'Offpeak cloud:' })).toHaveText('Offpeak cloud: Connected');
  const table = page.getByRole('table', { name: 'What each appliance does in this half hour' });
  const thermostat = table.getByRole('row', { name: /^Thermostat/ });
  await expect(thermostat.getByRole('cell').nth(0)).toHaveText('climate.thermostat');
  await expect(thermostat.getByRole('cell').nth(2)).toHaveText(/^Thermostat at \d+ °F \(comfort band \d+ °F to \d+ °F\)$/);
  const ev = table.getByRole('row', { name: /^EV/ });
  await expect(ev.getByRole('cell').nth(0)).toHaveText('switch.ev_charger');
  await expect(ev.getByRole('cell').nth(2)).toHaveText(/^(Charge|Do not charge)$/);
  const next = page.getByRole('region', { name: 'Next' });
  await expect(next).toContainText(/Next push of readings: \d\d:\d\d/);
  await expect(next).toContainText(/Next half hour: \d\d:(00|30)/);
  await expect(page.getByRole('link', { name: 'Open the Offpeak dashboard' })).toHaveAttribute('href', process.env.E2E_BASE_URL!);
  await expectAccessible(page);

  // Someone turns the thermostat by hand: the page, left open, says so at its next refresh.
  const setpoint = home.ha.getState('climate.thermostat')!.attributes.temperature as number;
  await home.ha.callService('climate', 'set_temperature', { entity_id: 'climate.thermostat', temperature: setpoint + 2 });
  await expect.poll(() => home!.addon.state.stats.overrides).toBe(1);
  await page.clock.fastForward(30_000);
  await expect(thermostat.getByRole('cell').nth(2)).toHaveText('Left alone until the next half hour: someone changed it by hand');
  expect(problems).toEqual([]);
});

test('with a wrong cloud password the panel says the credentials are refused and what to change', async ({ page }) => {
  home = await startHome('not the password');
  const problems = await openPanel(page, home);
  const cloud = page.getByRole('region', { name: 'Connections' }).getByRole('listitem').filter({ hasText: 'Offpeak cloud:' });
  await expect(cloud).toContainText('Offpeak cloud: Refused: wrong credentials: /auth/login answered 400 Invalid login credentials');
  await expect(cloud).toContainText(
    "What to change: Set OFFPEAK_EMAIL and OFFPEAK_PASSWORD to your Offpeak account's (or OFFPEAK_REFRESH_TOKEN to a new refresh token), then restart the add-on.",
  );
  await expect(page.getByRole('table', { name: 'What each appliance does in this half hour' })).toHaveCount(0);
  await expectAccessible(page);
  expect(problems).toEqual([]);
});
