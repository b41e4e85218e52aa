// Sign-up when email confirmation is required (EMAIL_CONFIRMATION_REQUIRED=true): the screen says
// where the link went, signing in before opening it is refused in words next to the email, and
// after the link the same person signs in. The setting needs its own cloud: a second instance on
// the suite's database (support/cloud.ts), whose log mailer writes the link this spec follows.
import { expect, expectAccessible } from '../support/fixtures.js';
import { mailedLinkPath, testWithOwnCloud } from '../support/own-cloud.js';

const test = testWithOwnCloud({ EMAIL_CONFIRMATION_REQUIRED: 'true' });

test('sign up, see where the confirmation link went, be told to confirm first, open the link, land on sign-in, sign in', async ({ page, ownCloud }) => {
  const email = `confirm-${process.pid}-${Date.now()}@example.com`;
  const password = 'correct horse battery';

  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('ZIP code (optional)').fill('60614');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm your email', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`We sent a confirmation link to ${email}. Open it, then sign in.`);
  // Nothing was signed in: no session is kept and the app's navigation is not shown.
  expect(await page.evaluate(() => localStorage.getItem('offpeak.session'))).toBeNull();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expectAccessible(page);

  // Signing in before opening the link: the API's refusal, next to the email.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Offpeak', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('email-error')).toHaveText('Email not confirmed');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // The link from the mail, opened in the browser: the cloud confirms and sends the person to the
  // sign-in page, which says so.
  await page.goto(await mailedLinkPath(ownCloud, email, /\/auth\/confirm\?token=[A-Za-z0-9_-]+/));
  await expect(page).toHaveURL(/\/signin\?confirmed=yes$/);
  await expect(page.getByTestId('signin-saved')).toHaveText('Your email is confirmed. Sign in to continue.');
  await expectAccessible(page);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByTestId('email-error')).toHaveCount(0);
  await expectAccessible(page);
});
