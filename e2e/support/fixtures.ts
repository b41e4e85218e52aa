// Fixtures every spec uses: the cloud's URL, a fresh account per test, the console-error check,
// and the accessibility check.
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { Session } from '@offpeak/cloud/contract';
import { setTier } from './cloud.js';

export { expect };

export interface Account {
  email: string;
  password: string;
  session: Session;
  token: string;
}

let counter = 0;

/** A JSON call to the cloud from the test process (setting up data a person would have entered earlier). */
export async function api<T = any>(method: string, route: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(process.env.E2E_BASE_URL + route, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signUpAccount(extra: Record<string, unknown> = { location_zip: '60614' }): Promise<Account> {
  const email = `e2e-${process.pid}-${Date.now()}-${++counter}@example.com`;
  const password = 'correct horse battery';
  const session = await api<Session>('POST', '/auth/signup', { email, password, ...extra });
  await api('GET', '/auth/me', undefined, session.access_token);
  return { email, password, session, token: session.access_token };
}

/** Opens the dashboard already signed in as `account` (the session a sign-in would have stored). */
export async function openSignedIn(page: Page, account: Account, path = '/plan'): Promise<void> {
  await page.goto('/signin');
  await page.evaluate((s) => localStorage.setItem('offpeak.session', JSON.stringify(s)), account.session);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

export const makePremium = (account: Account) => setTier(process.env.E2E_DATA_DIR!, account.email, 'premium');

/** No WCAG 2.1 A/AA violation on what the page shows now. */
export async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const violations = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(violations, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Console lines a test may see: Chromium logs every non-2xx fetch as "Failed to load resource",
 * and the journeys provoke validation answers on purpose (400, 403, 409, 422). Anything else (a
 * 404, a 5xx, an exception, a React-style warning) fails the test.
 */
const EXPECTED = /^Failed to load resource: the server responded with a status of (400|401|403|409|422) /;

export const test = base.extend<{ account: Account; consoleErrors: string[] }>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  account: async ({}, use) => use(await signUpAccount()),
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if ((m.type() === 'error' || m.type() === 'warning') && !EXPECTED.test(m.text())) errors.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`exception: ${e.message}`));
      page.on('request', (r) => {
        if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) errors.push(`request left the origin: ${r.url()}`);
      });
      await use(errors);
      expect(errors, 'console errors, exceptions or requests to other origins').toEqual([]);
    },
    { auto: true },
  ],
});
