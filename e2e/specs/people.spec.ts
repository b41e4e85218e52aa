// For people: every page keyboard-usable and accessible on a phone and a desktop, no horizontal
// scrolling on a phone. Screenshots are written only when asked (E2E_SCREENSHOTS=1) and kept in
// e2e/screenshots as reviewed artefacts; nothing compares pixels.
import { api, expect, expectAccessible, openSignedIn, test } from '../support/fixtures.js';

const PAGES = [
  { path: '/plan', heading: "Today's plan" },
  { path: '/appliances', heading: 'Appliances' },
  { path: '/comfort', heading: 'Comfort preferences' },
  { path: '/tariff', heading: 'Tariff' },
  { path: '/savings', heading: 'Savings' },
  { path: '/satellites', heading: 'Satellites' },
  { path: '/home', heading: 'Your home' },
];
const SHOTS = process.env.E2E_SCREENSHOTS === '1';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every page fits the screen and has no accessibility violation', async ({ page, account }) => {
    const t = account.token;
    await api('POST', '/api/v1/appliances', { appliance_type: 'hvac', name: 'Living room', config: { entity_id: 'climate.living_room' } }, t);
    await api('POST', '/api/v1/appliances', { appliance_type: 'ev_charger', name: 'Car', config: { entity_id: 'switch.car', max_charge_rate_kw: 7.2 } }, t);
    await api('POST', '/api/v1/schedule/recompute', undefined, t);
    await openSignedIn(page, account, '/plan');
    for (const p of PAGES) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { name: p.heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${p.path} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      if (SHOTS && p.path === '/plan') await page.screenshot({ path: 'screenshots/plan-phone.png', fullPage: true });
    }
  });
});

test('the whole app works from the keyboard', async ({ page, account }) => {
  await api('POST', '/api/v1/appliances', { appliance_type: 'hvac', name: 'Living room', config: { entity_id: 'climate.living_room' } }, account.token);
  await page.goto('/signin');
  // The page opens with focus on its heading; Tab goes on to the form. Sign in with the keyboard only.
  await expect(page.getByRole('heading', { name: 'Sign in to Offpeak' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: "Today's plan" })).toBeVisible();

  // The skip link jumps over the navigation.
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);

  // The navigation is reachable and followable with Tab and Enter.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Comfort' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/comfort$/);
  await expect(nav.getByRole('link', { name: 'Comfort' })).toHaveAttribute('aria-current', 'page');

  // A form filled and sent with the keyboard: the band editor opens with Space.
  await page.getByLabel('Set my own band for each hour').focus();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Low at 00:00')).toBeVisible();
  await page.getByLabel('High at 00:00').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('76');
  await page.getByRole('button', { name: 'Save preferences' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('account-prefs-saved')).toBeVisible();
  expect((await api('GET', '/api/v1/preferences', undefined, account.token)).hourly_high_temps_f[0]).toBe(76);

  // Back and forward keep working (history routing), and a reload of an app route gets the app.
  await page.goBack();
  await expect(page.getByRole('heading', { name: "Today's plan" })).toBeVisible();
  await page.goto('/appliances');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Appliances', level: 1 })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: 'screenshots/appliances-desktop.png', fullPage: true });
});

test('an unknown page says so and links back', async ({ page, account }) => {
  await openSignedIn(page, account, '/nowhere');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: "Go to today's plan" }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expectAccessible(page);
});
