// Comfort preferences with the hourly band editor, the home profile and the master pause switch.
import { api, expect, expectAccessible, openSignedIn, test } from '../support/fixtures.js';

test('comfort preferences: base temperature, savings level, away times, mode, and an hourly band drawn as a band', async ({ page, account }) => {
  await openSignedIn(page, account, '/comfort');
  await expect(page.getByLabel('Base temperature (°F)')).toHaveValue('72');
  await expectAccessible(page);
  await page.getByLabel('Base temperature (°F)').fill('73');
  await page.getByLabel('Savings level').selectOption('2');
  await page.getByLabel('Usually leave at').fill('07:30');
  await page.getByLabel('Usually back at').fill('18:00');
  await page.getByLabel('Optimization mode').selectOption('heat');

  await page.getByLabel('Set my own band for each hour').check();
  const chart = page.getByTestId('account-band-chart');
  await expect(chart.getByRole('img', { name: 'Your hourly comfort band' })).toBeVisible();
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart).toContainText('lowest allowed 71 °F, highest allowed 75 °F');
  // Hour 3: a low above the high is refused by the API, with its words next to the band.
  await page.getByLabel('Low at 03:00').fill('80');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByTestId('account-band-error')).toHaveText('hourly low must be less than high at hour 3');
  await page.getByLabel('Low at 03:00').fill('60');
  await page.getByLabel('High at 14:00').fill('82');
  await expect(chart).toContainText('lowest allowed 60 °F, highest allowed 82 °F');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByTestId('account-prefs-saved')).toBeVisible();

  const stored = await api('GET', '/api/v1/preferences', undefined, account.token);
  expect(stored).toMatchObject({ base_temperature: 73, savings_level: 2, time_away: '07:30', time_home: '18:00', optimization_mode: 'heat' });
  expect(stored.hourly_low_temps_f[3]).toBe(60);
  expect(stored.hourly_high_temps_f[14]).toBe(82);

  // The numbers behind the chart are in a table for screen readers.
  await chart.getByText('Show the numbers').click();
  await expect(chart.getByRole('row', { name: /^03:00 75\.0 60\.0$/ })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Set my own band for each hour')).toBeChecked();
  await expect(page.getByLabel('Low at 03:00')).toHaveValue('60');
  // Clearing the band goes back to the away times.
  await page.getByLabel('Set my own band for each hour').uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByTestId('account-prefs-saved')).toBeVisible();
  expect((await api('GET', '/api/v1/preferences', undefined, account.token)).hourly_high_temps_f).toBeNull();
});

test('the home profile and the master pause switch', async ({ page, account }) => {
  await openSignedIn(page, account, '/home');
  await expect(page.getByLabel('ZIP code')).toHaveValue('60614');
  await expect(page.getByLabel('Time zone')).toHaveValue('America/Chicago');
  await expectAccessible(page);

  await page.getByLabel('Weather entity').fill('sensor.outside');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('weather_entity_id-error')).toHaveText('Weather entity must be a weather.* entity id');
  await page.getByLabel('Weather entity').fill('weather.home');
  await page.getByLabel('ZIP code').fill('94110');
  await page.getByLabel('Home size (sq ft)').fill('2100');
  await page.getByLabel('Time zone').fill('America/Los_Angeles');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('profile-saved')).toBeVisible();
  expect(await api('GET', '/auth/me', undefined, account.token)).toMatchObject({
    location_zip: '94110',
    home_size_sqft: 2100,
    timezone: 'America/Los_Angeles',
    weather_entity_id: 'weather.home',
  });

  await expect(page.getByTestId('optimization-state')).toContainText('Optimization is on');
  await page.getByRole('button', { name: 'Pause optimization' }).click();
  await expect(page.getByTestId('optimization-state')).toContainText('Optimization is paused');
  expect((await api('GET', '/api/v1/preferences', undefined, account.token)).optimization_enabled).toBe(false);
  await page.getByRole('link', { name: 'Plan', exact: true }).click();
  await expect(page.getByTestId('paused')).toContainText('Optimization is paused');
  await page.getByRole('link', { name: 'Resume it on the Home page' }).click();
  await page.getByRole('button', { name: 'Resume optimization' }).click();
  await expect(page.getByTestId('optimization-state')).toContainText('Optimization is on');
  await expectAccessible(page);
});
