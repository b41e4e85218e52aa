// A forgotten password: "Forgot password?" on sign-in, a link by email (the same answer for an
// address with no account), the page the link opens, a weak password refused next to the field, the
// new password signing in, the old session revoked and the link refused a second time. The link is
// read from the log of a second cloud instance on the suite's database (its log mailer writes it),
// as the confirmation spec does.
import { api, expect, expectAccessible } from '../support/fixtures.js';
import { mailedLinkPath, testWithOwnCloud } from '../support/own-cloud.js';

const test = testWithOwnCloud({});

test('forgot password: ask for a link, set a new password on its page, sign in with it; the link works once', async ({ page, account, ownCloud }) => {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // An address without an account gets the same answer.
  const nobody = `nobody-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('reset-sent')).toHaveText(
    `If an account uses ${nobody}, we sent it a link to set a new password. The link works once, within an hour.`,
  );

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('reset-sent')).toHaveText(
    `If an account uses ${account.email}, we sent it a link to set a new password. The link works once, within an hour.`,
  );
  await expectAccessible(page);
  expect(ownCloud.output()).not.toContain(`"to":"${nobody}"`);

  const link = await mailedLinkPath(ownCloud, account.email, /\/reset-password\?token=[A-Za-z0-9_-]+/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password', level: 1 })).toBeVisible();
  // Too short: the cloud's policy, next to the field.
  await page.getByLabel('New password').fill('123');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByTestId('password-error')).toHaveText('Password should be at least 6 characters');
  await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await page.getByLabel('New password').fill('a brand new password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page).toHaveURL(/\/signin\?reset=yes$/);
  await expect(page.getByTestId('signin-saved')).toHaveText('Your password is changed. Sign in with the new one.');
  await expectAccessible(page);

  // The session the account had before is revoked; the old password no longer signs in.
  await expect(api('POST', '/auth/refresh', { refresh_token: account.session.refresh_token })).rejects.toThrow(/400 .*Invalid Refresh Token/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('password-error')).toHaveText('Invalid login credentials');
  await page.getByLabel('Password').fill('a brand new password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: "Today's plan" })).toBeVisible();

  // The link a second time: refused, with a way to ask for a new one.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto(link);
  await page.getByLabel('New password').fill('yet another password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByTestId('reset-error')).toHaveText('Invalid or expired reset link');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expectAccessible(page);
});
