// Satellites: a claim code with its countdown, the device list, remote control with the command's
// status, and removal, against the firmware simulator claiming on the real cloud.
import { startSimulator, type RunningSimulator } from '@offpeak/firmware-sim';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, expect, expectAccessible, makePremium, openSignedIn, test } from '../support/fixtures.js';

let sim: RunningSimulator | undefined;
let stateDir: string | undefined;
test.afterEach(async () => {
  await sim?.stop();
  sim = undefined;
  if (stateDir) await rm(stateDir, { recursive: true, force: true });
});

test('a premium home claims a satellite, controls it, and removes it', async ({ page, account }) => {
  await api('POST', '/api/v1/appliances', { appliance_type: 'hvac', name: 'Living room', config: { entity_id: 'climate.living_room' } }, account.token);
  makePremium(account);
  await openSignedIn(page, account, '/satellites');
  await expect(page.getByTestId('devices-empty')).toBeVisible();
  await expect(page.getByTestId('premium-note')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create a claim code' }).click();
  const claim = page.getByTestId('claim-code');
  await expect(page.getByTestId('claim-countdown')).toContainText(/Expires in 1[45]:\d\d/);
  const code = (await claim.locator('code').textContent())!.trim();
  expect(code.length).toBeGreaterThan(4);
  await expectAccessible(page);

  const deviceId = `SN-E2E-${Date.now()}`;
  stateDir = await mkdtemp(path.join(os.tmpdir(), 'offpeak-e2e-sat-'));
  sim = await startSimulator({
    cloudUrl: process.env.E2E_BASE_URL!,
    deviceId,
    stateDir,
    code,
    name: 'Bedroom AC',
    setpointMinF: 64,
    setpointMaxF: 80,
    firmwareVersion: '2.4.1',
  });
  await sim.waitFor((s) => s.applianceId !== null, 20_000);
  // The first state report carries the firmware version.
  await expect
    .poll(async () => (await api<{ firmware_version: string | null }[]>('GET', '/api/v1/devices', undefined, account.token))[0]?.firmware_version, {
      timeout: 20_000,
    })
    .toBe('2.4.1');

  // The page finds the new satellite on its own while the code is live.
  const card = page.getByTestId('device-card');
  await expect(card.getByRole('heading', { name: 'Bedroom AC' })).toBeVisible();
  await expect(card).toContainText(deviceId);
  await expect(card).toContainText('2.4.1');
  await expect(card.getByTestId('last-seen')).not.toHaveText('never');

  // Remote control: nothing to do, then a target outside the claimed range, then a held target.
  await card.getByLabel('Hold until I change it').check();
  await card.getByRole('button', { name: 'Send to satellite' }).click();
  await expect(card.getByTestId(`${deviceId}-command-error`)).toHaveText('command must include at least one of power, mode, target_temp_f, fan');
  await card.getByLabel('Target (°F)').fill('90');
  await card.getByRole('button', { name: 'Send to satellite' }).click();
  await expect(card.getByTestId(`${deviceId}-target-error`)).toHaveText('Target (°F) must be between 64 and 80 F (the setpoint range of this appliance)');
  await card.getByLabel('Target (°F)').fill('70');
  await card.getByLabel('Mode').selectOption('COOL');
  await card.getByRole('button', { name: 'Send to satellite' }).click();
  const status = card.getByTestId(`${deviceId}-command-saved`);
  await expect(status).toContainText(/Command \d+ queued: the satellite applies it within seconds and holds it until you change it\./);
  const commandId = Number(/Command (\d+)/.exec((await status.textContent())!)![1]);
  const acked = await sim.waitFor((s) => s.ackedCommands.includes(commandId), 15_000);
  expect(acked.unit.target_temp_f).toBe(70);
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Remove Bedroom AC…' }).click();
  await card.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByTestId('devices-empty')).toBeVisible();
  expect(await api('GET', '/api/v1/devices', undefined, account.token)).toEqual([]);
});

test('a free account with an HVAC is told why a satellite is refused', async ({ page, account }) => {
  await api('POST', '/api/v1/appliances', { appliance_type: 'hvac', name: 'Living room', config: { entity_id: 'climate.living_room' } }, account.token);
  await openSignedIn(page, account, '/satellites');
  await expect(page.getByTestId('premium-note')).toContainText('a satellite can be claimed only while the account has no HVAC yet');
  await page.getByRole('button', { name: 'Create a claim code' }).click();
  const code = (await page.getByTestId('claim-code').locator('code').textContent())!.trim();
  const res = await fetch(`${process.env.E2E_BASE_URL}/api/v1/devices/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enroll_token: code, device_id: `SN-FREE-${Date.now()}`, name: 'Den', hvac_type: 'window_ac' }),
  });
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ detail: 'Upgrade required' });
  await page.getByRole('button', { name: 'I entered it: refresh the list' }).click();
  await expect(page.getByTestId('devices-empty')).toBeVisible();
  await expectAccessible(page);
});
