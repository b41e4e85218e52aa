// Constraints of the robot, the home battery and the water heater (the EV's are in
// appliances.spec.ts): a person adds the appliance, sets its constraints, reads the API's words for
// a bad bound next to the field, reloads and finds the saved values kept.
import type { Page } from '@playwright/test';
import { api, expect, expectAccessible, openSignedIn, test, type Account } from '../support/fixtures.js';

/** Adds an appliance through the form and waits for its page; returns its id from the URL. */
async function addAppliance(page: Page, type: string, name: string, entity: [label: string, value: string]): Promise<string> {
  await page.goto('/appliances/new');
  await page.getByLabel('Appliance type').selectOption(type);
  await page.getByLabel('Name (required)').fill(name);
  await page.getByLabel(entity[0]).fill(entity[1]);
  await page.getByRole('button', { name: 'Add appliance' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Constraints' })).toBeVisible();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

async function saveConstraints(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save constraints' }).click();
}

const storedConstraints = async (account: Account, id: string) =>
  (await api<{ constraints: Record<string, unknown> }>('GET', `/api/v1/appliances/${id}/constraints`, undefined, account.token)).constraints;

test('a robot: charge levels and a task window that wraps midnight, kept across a reload', async ({ page, account }) => {
  await openSignedIn(page, account, '/appliances');
  const id = await addAppliance(page, 'robot', 'Mower', ['Robot entity (required)', 'lawn_mower.garden']);
  await expectAccessible(page);

  await page.getByLabel('Target charge (%)').fill('90');
  await page.getByLabel('Minimum charge (%)').fill('95');
  await page.getByLabel('Task window starts').fill('22:00');
  await page.getByLabel('Task window ends').fill('22:00');
  await saveConstraints(page);
  // Both rules are the cloud's; it answers one at a time, next to the field it names.
  await expect(page.getByTestId('constraint-min_charge_pct-error')).toHaveText('Minimum charge (%) must be at most target charge (%)');
  await expect(page.getByLabel('Minimum charge (%)')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.getByLabel('Minimum charge (%)').fill('30');
  await saveConstraints(page);
  await expect(page.getByTestId('constraint-tasks_window_end-error')).toHaveText('Task window ends must differ from task window starts');
  await expect(page.getByTestId('constraint-min_charge_pct-error')).toHaveCount(0);
  await page.getByLabel('Task window ends').fill('02:30');
  await page.getByLabel('Current charge (%)').fill('55');
  await saveConstraints(page);
  await expect(page.getByTestId('constraints-saved')).toBeVisible();
  await expect(page.getByTestId('constraint-tasks_window_end-error')).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Target charge (%)')).toHaveValue('90');
  await expect(page.getByLabel('Minimum charge (%)')).toHaveValue('30');
  await expect(page.getByLabel('Current charge (%)')).toHaveValue('55');
  await expect(page.getByLabel('Task window starts')).toHaveValue('22:00');
  await expect(page.getByLabel('Task window ends')).toHaveValue('02:30');
  expect(await storedConstraints(account, id)).toMatchObject({
    target_charge_pct: 90,
    min_charge_pct: 30,
    current_charge_pct: 55,
    tasks_window_start: '22:00',
    tasks_window_end: '02:30',
  });
  await expectAccessible(page);
});

test('a home battery: target, floor and ready-by time, kept across a reload', async ({ page, account }) => {
  await openSignedIn(page, account, '/appliances');
  const id = await addAppliance(page, 'home_battery', 'Powerwall', ['Charge mode entity (required)', 'switch.powerwall_charge']);

  await page.getByLabel('Target charge (%)').fill('70');
  await page.getByLabel('Minimum charge (%)').fill('85');
  await page.getByLabel('Ready by').fill('16:00');
  await saveConstraints(page);
  await expect(page.getByTestId('constraint-min_charge_pct-error')).toHaveText('Minimum charge (%) must be at most target charge (%)');
  await expectAccessible(page);
  // The refused save stored nothing.
  expect(await storedConstraints(account, id)).toEqual({});
  await page.getByLabel('Minimum charge (%)').fill('20');
  await saveConstraints(page);
  await expect(page.getByTestId('constraints-saved')).toBeVisible();
  await expect(page.getByTestId('constraint-min_charge_pct-error')).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Target charge (%)')).toHaveValue('70');
  await expect(page.getByLabel('Minimum charge (%)')).toHaveValue('20');
  await expect(page.getByLabel('Ready by')).toHaveValue('16:00');
  expect(await storedConstraints(account, id)).toMatchObject({ target_charge_pct: 70, min_charge_pct: 20, deadline_time: '16:00' });
  await expectAccessible(page);
});

test('a water heater: the tank temperature range, kept across a reload', async ({ page, account }) => {
  await openSignedIn(page, account, '/appliances');
  const id = await addAppliance(page, 'water_heater', 'Tank', ['Heater entity (required)', 'switch.water_heater']);
  await expect(page.getByText('80 to 180 °F, below the maximum.')).toBeVisible();

  // Out of range: the form says so before sending, in the words of its labels.
  await page.getByLabel('Maximum tank temperature (°F)').fill('200');
  await page.getByLabel('Minimum tank temperature (°F)').fill('120');
  await saveConstraints(page);
  await expect(page.getByTestId('constraint-max_temp_f-error')).toHaveText('Maximum tank temperature (°F) must be between 80 and 180');
  // A minimum above the maximum: the cloud refuses it, next to the minimum.
  await page.getByLabel('Maximum tank temperature (°F)').fill('110');
  await saveConstraints(page);
  await expect(page.getByTestId('constraint-min_temp_f-error')).toHaveText('Minimum tank temperature (°F) must be less than maximum tank temperature (°F)');
  await expect(page.getByTestId('constraint-max_temp_f-error')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel('Maximum tank temperature (°F)').fill('140');
  await saveConstraints(page);
  await expect(page.getByTestId('constraints-saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Maximum tank temperature (°F)')).toHaveValue('140');
  await expect(page.getByLabel('Minimum tank temperature (°F)')).toHaveValue('120');
  expect(await storedConstraints(account, id)).toMatchObject({ max_temp_f: 140, min_temp_f: 120 });
  await expectAccessible(page);
});
