// Entity pickers: the appliance forms offer the entities the Home Assistant add-on reported
// (PUT /api/v1/hub-entities, as the add-on sends it), filtered by what each field accepts, and say
// what to do while none are reported.
import { api, expect, expectAccessible, openSignedIn, test } from '../support/fixtures.js';

const HOUSE = [
  { entity_id: 'climate.living_room', friendly_name: 'Living Room' },
  { entity_id: 'switch.ev_charger', friendly_name: 'EV Charger' },
  { entity_id: 'switch.pool_pump', friendly_name: 'Pool pump' },
  { entity_id: 'sensor.ev_battery', friendly_name: 'EV battery', unit_of_measurement: '%', device_class: 'battery' },
  { entity_id: 'sensor.household_power', friendly_name: 'Household power', unit_of_measurement: 'kW', device_class: 'power' },
  { entity_id: 'weather.home', friendly_name: 'Home forecast' },
];

test('an EV charger created by picking its entities from the list the add-on reported', async ({ page, account }) => {
  // Before any report: the field says where the ids come from and that a typed one works.
  await openSignedIn(page, account, '/appliances/new');
  await page.getByLabel('Appliance type').selectOption('ev_charger');
  await expect(page.getByText('No entities reported yet: install and start the Offpeak add-on in Home Assistant').first()).toBeVisible();
  await expectAccessible(page);

  await api('PUT', '/api/v1/hub-entities', { entities: HOUSE }, account.token);
  await page.reload();
  await page.getByLabel('Appliance type').selectOption('ev_charger');
  await page.getByLabel('Name (required)').fill('Car');

  // The charger field offers the two switches only, by name and id; typing narrows the list.
  const charger = page.getByRole('combobox', { name: 'Charger switch entity (required)' });
  await expect(page.getByText('Pick one of the 2 switch.* entities the Offpeak add-on reported from Home Assistant')).toBeVisible();
  await charger.click();
  const options = page.getByRole('listbox', { name: 'Reported entities' }).getByRole('option');
  await expect(options).toHaveText(['EV Charger switch.ev_charger', 'Pool pump switch.pool_pump']);
  await expectAccessible(page);
  await charger.fill('char');
  await expect(options).toHaveText(['EV Charger switch.ev_charger']);
  await page.getByRole('option', { name: 'EV Charger switch.ev_charger' }).click();
  await expect(charger).toHaveValue('switch.ev_charger');
  await expect(charger).toHaveAttribute('aria-expanded', 'false');
  // Opened again, the field holding a pick offers every choice.
  await charger.click();
  await expect(options).toHaveText(['EV Charger switch.ev_charger', 'Pool pump switch.pool_pump']);
  await charger.press('Escape');
  await expect(charger).toHaveAttribute('aria-expanded', 'false');

  // The state-of-charge field offers the sensors; picked with the keyboard.
  const soc = page.getByRole('combobox', { name: 'State-of-charge sensor' });
  await soc.fill('batt');
  await expect(options).toHaveText(['EV battery sensor.ev_battery (%)']);
  await soc.press('ArrowDown');
  await expect(soc).toHaveAttribute('aria-activedescendant', 'config-soc_entity_id-option-0');
  await soc.press('Enter');
  await expect(soc).toHaveValue('sensor.ev_battery');

  await page.getByLabel('Battery capacity (kWh)').fill('60');
  await page.getByRole('button', { name: 'Add appliance' }).click();
  await expect(page.getByRole('heading', { name: 'Car', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Charger switch entity (required)' })).toHaveValue('switch.ev_charger');
  const [car] = await api<{ config: Record<string, unknown> }[]>('GET', '/api/v1/appliances', undefined, account.token);
  expect(car!.config).toMatchObject({ entity_id: 'switch.ev_charger', soc_entity_id: 'sensor.ev_battery', battery_capacity_kwh: 60 });
});

test('a typed id not in the list is still accepted, and a field with no reported entity of its kind says so', async ({ page, account }) => {
  await api('PUT', '/api/v1/hub-entities', { entities: HOUSE }, account.token);
  await openSignedIn(page, account, '/appliances/new');
  await page.getByLabel('Appliance type').selectOption('dehumidifier');
  await expect(page.getByText('Home Assistant reported no humidifier.* entity through the Offpeak add-on; type the id if it has another.')).toBeVisible();
  await page.getByLabel('Name (required)').fill('Basement');
  await page.getByRole('combobox', { name: 'Dehumidifier entity (required)' }).fill('humidifier.basement');
  await page.getByRole('combobox', { name: 'Indoor temperature sensor (required)' }).fill('sensor.basement_temperature');
  await page.getByRole('button', { name: 'Add appliance' }).click();
  await expect(page.getByRole('heading', { name: 'Basement', level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test("the home profile's weather entity is picked from the list too", async ({ page, account }) => {
  await api('PUT', '/api/v1/hub-entities', { entities: HOUSE }, account.token);
  await openSignedIn(page, account, '/home');
  const weather = page.getByRole('combobox', { name: 'Weather entity' });
  await expect(page.getByText('Pick the weather.* entity the Offpeak add-on reported from Home Assistant')).toBeVisible();
  await weather.click();
  await expect(page.getByRole('option')).toHaveText(['Home forecast weather.home']);
  await expectAccessible(page);
  await page.getByRole('option', { name: 'Home forecast weather.home' }).click();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('profile-saved')).toBeVisible();
  expect((await api<{ weather_entity_id: string }>('GET', '/auth/me', undefined, account.token)).weather_entity_id).toBe('weather.home');
});
