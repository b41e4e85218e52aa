// The home's location on the Home page: typed in decimal degrees and kept to 0.1 degree, filled in
// from the device's location when the browser allows it (a message when it does not), and the
// cloud's answer when only one of the two is sent, under the input left empty.
import type { Page } from '@playwright/test';
import type { Profile } from '@offpeak/cloud/contract';
import { api, expect, expectAccessible, openSignedIn, test, type Account } from '../support/fixtures.js';

const me = (account: Account) => api<Profile>('GET', '/auth/me', undefined, account.token);
const latitude = (page: Page) => page.getByLabel('Latitude', { exact: true });
const longitude = (page: Page) => page.getByLabel('Longitude', { exact: true });

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save profile' }).click();
}

test('a location typed in degrees is saved to 0.1 degree, shown after a reload, and cleared by emptying both', async ({ page, account }) => {
  await openSignedIn(page, account, '/home');
  const location = page.getByRole('group', { name: 'Location' });
  await expect(location).toContainText('Kept to 0.1 degree (about 11 km). A US ZIP alone also works');
  await expect(latitude(page)).toHaveValue('');
  await expect(longitude(page)).toHaveValue('');
  await expectAccessible(page);

  await latitude(page).fill('41.8781');
  await longitude(page).fill('-87.6298');
  await save(page);
  await expect(page.getByTestId('profile-saved')).toBeVisible();
  // The inputs show what the cloud kept.
  await expect(latitude(page)).toHaveValue('41.9');
  await expect(longitude(page)).toHaveValue('-87.6');
  expect(await me(account)).toMatchObject({ latitude: 41.9, longitude: -87.6, location_zip: '60614' });

  await page.reload();
  await expect(latitude(page)).toHaveValue('41.9');
  await expect(longitude(page)).toHaveValue('-87.6');

  await latitude(page).fill('');
  await longitude(page).fill('');
  await save(page);
  await expect(page.getByTestId('profile-saved')).toBeVisible();
  expect(await me(account)).toMatchObject({ latitude: null, longitude: null });
});

test.describe('with the device location allowed', () => {
  // Berlin: a home outside the US, which has no ZIP.
  test.use({ geolocation: { latitude: 52.5163, longitude: 13.3777 } });

  test("the device's location fills both inputs to 0.1 degree, and saving keeps them", async ({ page, context, account, baseURL }) => {
    await context.grantPermissions(['geolocation'], { origin: baseURL! });
    await openSignedIn(page, account, '/home');
    await page.getByRole('button', { name: "Use this device's location" }).click();
    await expect(page.getByTestId('geolocation-saved')).toHaveText("Filled in from this device's location: save the profile to keep it.");
    await expect(latitude(page)).toHaveValue('52.5');
    await expect(longitude(page)).toHaveValue('13.4');
    await expectAccessible(page);
    await save(page);
    await expect(page.getByTestId('profile-saved')).toBeVisible();
    expect(await me(account)).toMatchObject({ latitude: 52.5, longitude: 13.4 });
  });
});

test('when the browser refuses its location, the button says so and what to do instead', async ({ page, context, account }) => {
  // No permission granted: headless Chromium answers a geolocation request as refused.
  await context.clearPermissions();
  await openSignedIn(page, account, '/home');
  await page.getByRole('button', { name: "Use this device's location" }).click();
  await expect(page.getByTestId('geolocation-error')).toHaveText(
    "The browser did not allow this page to read the device's location: allow it in the site's settings, or type the latitude and longitude instead.",
  );
  await expect(latitude(page)).toHaveValue('');
});

test("a latitude alone gets the cloud's answer under the empty longitude, and nothing is saved", async ({ page, account }) => {
  await openSignedIn(page, account, '/home');
  await latitude(page).fill('41.9');
  await save(page);
  await expect(page.getByTestId('longitude-error')).toHaveText('Latitude and longitude must be set together');
  await expect(longitude(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('latitude-error')).toHaveCount(0);
  await expect(page.getByTestId('profile-saved')).toHaveCount(0);
  await expectAccessible(page);
  expect(await me(account)).toMatchObject({ latitude: null, longitude: null });

  // The other way round, the sentence goes under the latitude.
  await latitude(page).fill('');
  await longitude(page).fill('-87.6');
  await save(page);
  await expect(page.getByTestId('latitude-error')).toHaveText('Latitude and longitude must be set together');
  await expect(page.getByTestId('longitude-error')).toHaveCount(0);

  // A number out of range is caught before sending, under its input.
  await latitude(page).fill('95');
  await save(page);
  await expect(page.getByTestId('latitude-error')).toHaveText('Latitude must be between -90 and 90');
  await expect(page.getByTestId('profile-error')).toHaveText('Please correct the fields marked above.');
});
