// Sign up, sign in, sign out; the session survives a reload and is refreshed before it expires; a
// refused refresh signs out, in a background tab too; the API's errors appear next to their field.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, openSignedIn, signUpAccount, test } from '../support/fixtures.js';

test('a new person signs up, lands on an empty plan, signs out and signs in again', async ({ page }) => {
  const email = `new-${Date.now()}@example.com`;
  // The app's script reaches the browser compressed (brotli: Chromium accepts it).
  const script = page.waitForResponse((r) => /\/assets\/index-[^/]+\.js$/.test(r.url()));
  await page.goto('/');
  expect(await (await script).headerValue('content-encoding')).toBe('br');
  await expect(page).toHaveURL(/\/signin$/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your Offpeak account' })).toBeVisible();
  await expectAccessible(page);

  // The API's password policy, shown next to the password field.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('password-error')).toHaveText('Password should be at least 6 characters');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // A bad ZIP, next to the ZIP field.
  await page.getByLabel('Password').fill('a good password');
  await page.getByLabel('ZIP code (optional)').fill('ABCDE');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('location_zip-error')).toHaveText('ZIP code must be a US ZIP code (12345 or 12345-6789)');

  await page.getByLabel('ZIP code (optional)').fill('60614');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole('heading', { name: "Today's plan" })).toBeVisible();
  await expect(page.getByTestId('plan-empty')).toContainText('Nothing to plan yet');
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('offpeak.session'))).toBeNull();

  // The same email again: the API's answer next to the email field.
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a good password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('email-error')).toHaveText('User already registered');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('the wrong one');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('password-error')).toHaveText('Invalid login credentials');
  await page.getByLabel('Password').fill('a good password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: "Today's plan" })).toBeVisible();
});

test('the session survives a reload and is refreshed before the access token expires', async ({ page }) => {
  const account = await signUpAccount();
  await openSignedIn(page, account, '/home');
  await expect(page.getByRole('heading', { name: 'Your home' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your home' })).toBeVisible();
  await expect(page.getByLabel('ZIP code')).toHaveValue('60614');

  // Four minutes left on the access token (inside the 5-minute refresh margin): the app rotates
  // the refresh token on load, and its calls keep working.
  const before = account.session.refresh_token;
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('offpeak.session')!);
    s.expires_at = Math.floor(Date.now() / 1000) + 240;
    localStorage.setItem('offpeak.session', JSON.stringify(s));
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('offpeak.session')!).refresh_token)).not.toBe(before);
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('offpeak.session')!));
  expect(after.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3000);
  await page.getByRole('link', { name: 'Comfort' }).click();
  await expect(page.getByLabel('Base temperature (°F)')).toHaveValue('72');
});

/** Opens the plan signed in, then leaves a refresh token the API refuses, due for use at once. */
async function openWithStaleRefreshToken(page: Page): Promise<void> {
  await openSignedIn(page, await signUpAccount(), '/plan');
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('offpeak.session')!);
    s.expires_at = Math.floor(Date.now() / 1000) + 10;
    s.refresh_token = 'not-a-valid-refresh-token';
    localStorage.setItem('offpeak.session', JSON.stringify(s));
  });
}

test('a stale refresh token sends the person back to sign in', async ({ page }) => {
  await openWithStaleRefreshToken(page);
  await page.reload();
  // Signing in again brings the person back to the plan.
  await expect(page).toHaveURL(/\/signin\?next=%2Fplan$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Offpeak' })).toBeVisible();
});

test('a stale refresh token sends the person back to sign in when the page opens in a background tab', async ({ page }) => {
  await openWithStaleRefreshToken(page);
  // A background tab paints no frames: the app's first effects wait for a timeout instead, and the
  // refused refresh answers before they run.
  await page.addInitScript(() => {
    window.requestAnimationFrame = () => 0;
  });
  const refused = page.waitForResponse((r) => r.url().endsWith('/auth/refresh') && r.status() === 400);
  await page.reload();
  await refused;
  await expect(page).toHaveURL(/\/signin\?next=%2Fplan$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Offpeak' })).toBeVisible();
});

test('sent to sign-in from a page, the person is brought back to that page after signing in', async ({ page, account }) => {
  await page.goto('/savings');
  await expect(page).toHaveURL(/\/signin\?next=%2Fsavings$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Offpeak' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/savings$/);
  await expect(page.getByRole('heading', { name: 'Savings' })).toBeVisible();
  await expectAccessible(page);
});

test.describe('in a browser set to America/Chicago', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test('a new account without a ZIP plans in the browser’s time zone', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByText("Without one, times and plans use America/Chicago, this browser's time zone")).toBeVisible();
    await page.getByLabel('Email').fill(`zone-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a good password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: "Today's plan" })).toBeVisible();
    await expect(page.getByText(/· times in America\/Chicago$/)).toBeVisible();
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByLabel('Time zone')).toHaveValue('America/Chicago');
    await expectAccessible(page);
  });
});
