// Appliances: list, add (a form per type), edit, constraints, per-HVAC preferences and hints,
// deactivate, delete; a free account is told why a second HVAC is refused.
import { api, expect, expectAccessible, openSignedIn, test } from '../support/fixtures.js';

test('add an HVAC and an EV, set the EV constraints and the HVAC comfort, edit, deactivate and delete', async ({ page, account }) => {
  await openSignedIn(page, account, '/appliances');
  await expect(page.getByTestId('appliances-empty')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Add an appliance' }).click();
  await expect(page.getByLabel('Appliance type')).toHaveValue('hvac');
  await expect(page.getByText('A climate.* entity that accepts set_temperature')).toBeVisible();
  await expectAccessible(page);

  // Required field checked before sending; a wrong entity domain is refused by the API, and its
  // words appear next to the field, told with the field's label.
  await page.getByLabel('Name (required)').fill('Living room');
  await page.getByRole('button', { name: 'Add appliance' }).click();
  await expect(page.getByTestId('config-entity_id-error')).toHaveText('Thermostat entity is required');
  await page.getByLabel('Thermostat entity (required)').fill('switch.living_room');
  await page.getByRole('button', { name: 'Add appliance' }).click();
  await expect(page.getByTestId('config-entity_id-error')).toHaveText('Thermostat entity must be a climate.* entity id');
  await page.getByLabel('Thermostat entity (required)').fill('climate.living_room');
  await page.getByLabel('Area it serves (sq ft)').fill('50');
  await page.getByRole('button', { name: 'Add appliance' }).click();
  await expect(page.getByTestId('config-home_size_sqft-error')).toHaveText('Area it serves (sq ft) must be between 100 and 20000');
  await page.getByLabel('Area it serves (sq ft)').fill('1800');
  await page.getByLabel('HVAC type').selectOption('heat_pump');
  await page.getByRole('button', { name: 'Add appliance' }).click();

  // The new unit's page: its own comfort preferences.
  await expect(page.getByRole('heading', { name: 'Living room', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comfort for this unit' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Base temperature (°F)').fill('90');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByTestId('unit-base_temperature-error')).toHaveText('Base temperature (°F) must be between 60 and 85');
  await page.getByLabel('Base temperature (°F)').fill('74');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByTestId('unit-prefs-saved')).toBeVisible();

  // An EV with its constraints.
  await page.goto('/appliances/new');
  await page.getByLabel('Appliance type').selectOption('ev_charger');
  await page.getByLabel('Name (required)').fill('Car');
  await page.getByLabel('Charger switch entity (required)').fill('switch.ev_charger');
  await page.getByLabel('Maximum charge rate (kW)').fill('7.2');
  await page.getByLabel('Battery capacity (kWh)').fill('75');
  await page.getByRole('button', { name: 'Add appliance' }).click();
  await expect(page.getByRole('heading', { name: 'Car', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Constraints' })).toBeVisible();
  await page.getByLabel('Target charge (%)').fill('40');
  await page.getByLabel('Minimum charge (%)').fill('60');
  await page.getByRole('button', { name: 'Save constraints' }).click();
  await expect(page.getByTestId('constraint-min_charge_pct-error')).toHaveText('Minimum charge (%) must be at most target charge (%)');
  await page.getByLabel('Target charge (%)').fill('80');
  await page.getByLabel('Minimum charge (%)').fill('20');
  await page.getByLabel('Ready by').fill('07:00');
  await page.getByRole('button', { name: 'Save constraints' }).click();
  await expect(page.getByTestId('constraints-saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Target charge (%)')).toHaveValue('80');
  await expect(page.getByLabel('Ready by')).toHaveValue('07:00');

  // Edit the name, deactivate, activate.
  await page.getByLabel('Name (required)').fill('Family car');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('appliance-saved')).toHaveText('Saved.');
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByTestId('active-state')).toHaveText('Inactive');
  await page.getByRole('link', { name: '← Appliances' }).click();
  await expect(page.getByTestId('appliance-card')).toHaveCount(2);
  const car = page.getByTestId('appliance-card').filter({ hasText: 'Family car' });
  await expect(car).toContainText('Inactive');
  await expectAccessible(page);

  // Delete, confirmed.
  await car.getByRole('link', { name: 'Family car' }).click();
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('active-state')).toHaveText('Active');
  await page.getByRole('button', { name: 'Delete…' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page).toHaveURL(/\/appliances$/);
  await expect(page.getByTestId('appliance-card')).toHaveCount(1);
  const stored = await api<{ name: string }[]>('GET', '/api/v1/appliances', undefined, account.token);
  expect(stored.map((a) => a.name)).toEqual(['Living room']);
});

test('each type has its own form with its bounds and entity hints', async ({ page, account }) => {
  await openSignedIn(page, account, '/appliances/new');
  const type = page.getByLabel('Appliance type');
  await type.selectOption('water_heater');
  await expect(page.getByLabel('Heater entity (required)')).toBeVisible();
  await expect(page.getByText('0.01 to 0.05 (heat lost per hour).')).toBeVisible();
  await type.selectOption('solar');
  await expect(page.getByLabel('System size (kW DC)')).toHaveAttribute('max', '100');
  await expect(page.getByLabel('Azimuth (degrees)')).toHaveAttribute('max', '360');
  await type.selectOption('robot');
  await expect(page.getByText('A vacuum.* or lawn_mower.* entity')).toBeVisible();
  await type.selectOption('dehumidifier');
  await expect(page.getByLabel('Indoor temperature sensor (required)')).toBeVisible();
  await type.selectOption('home_battery');
  await page.getByLabel('Name (required)').fill('Powerwall');
  await page.getByLabel('Charge mode entity (required)').fill('switch.powerwall_charge');
  await page.getByLabel('Capacity (kWh)').fill('400');
  await page.getByRole('button', { name: 'Add appliance' }).click();
  await expect(page.getByTestId('config-capacity_kwh-error')).toHaveText('Capacity (kWh) must be between 0 and 300');
  await page.getByLabel('Capacity (kWh)').fill('13.5');
  await page.getByRole('button', { name: 'Add appliance' }).click();
  await expect(page.getByRole('heading', { name: 'Powerwall', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Ready by')).toBeVisible();
  await expectAccessible(page);
});

test('a free account sees what premium adds and why a second HVAC is refused', async ({ page, account }) => {
  await api('POST', '/api/v1/appliances', { appliance_type: 'hvac', name: 'Upstairs', config: { entity_id: 'climate.upstairs' } }, account.token);
  await openSignedIn(page, account, '/appliances');
  await expect(page.getByTestId('premium-note')).toContainText('more than one HVAC');
  await page.getByRole('link', { name: 'Add an appliance' }).click();
  await page.getByLabel('Name (required)').fill('Downstairs');
  await page.getByLabel('Thermostat entity (required)').fill('climate.downstairs');
  await page.getByRole('button', { name: 'Add appliance' }).click();
  await expect(page.getByTestId('appliance-error')).toHaveText(
    'Upgrade required: the free plan includes one heating and cooling unit (HVAC). Premium adds more HVACs.',
  );
  await expectAccessible(page);
});

test("an HVAC's page shows no hints at first, and a short-cycling hint once its readings show one", async ({ page, account }) => {
  const t = account.token;
  const { appliance_id: hvacId } = await api('POST', '/api/v1/appliances', { appliance_type: 'hvac', name: 'Hall', config: { entity_id: 'climate.hall' } }, t);
  await openSignedIn(page, account, `/appliances/${hvacId}`);
  await expect(page.getByTestId('no-hints')).toHaveText('No hints: the last 30 days of readings look as expected.');
  await expectAccessible(page);

  // Four hours of readings every 2 minutes, pushed like a hub reporting each change: the compressor
  // starts every 4 minutes (15 starts an hour).
  const now = Date.now();
  const readings = Array.from({ length: 120 }, (_, i) => ({
    timestamp: new Date(now - (241 - 2 * i) * 60_000).toISOString(),
    indoor_temp: 74,
    hvac_state: 'COOL',
    hvac_action: i % 2 === 0 ? 'cooling' : 'idle',
    outdoor_temp: 90,
    appliance_id: hvacId,
  }));
  for (let i = 0; i < readings.length; i += 100) await api('POST', '/api/v1/readings', { readings: readings.slice(i, i + 100) }, t);
  await page.reload();
  const hint = page.getByTestId('hint-short_cycling');
  await expect(hint.getByRole('heading', { name: 'Short cycling' })).toBeVisible();
  await expect(hint).toContainText('have a technician check the refrigerant charge');
  await expect(hint).toContainText(/Since \w{3} \d{1,2}, \d{2}:\d{2} · confidence \d{2,3} %/);
  await expect(hint.getByRole('definition').filter({ hasText: '10 per hour' })).toBeVisible();
  await expect(hint.getByText('Threshold starts')).toBeVisible();
  await expect(page.getByTestId('no-hints')).toHaveCount(0);
  await expectAccessible(page);
});
