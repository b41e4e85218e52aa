// Savings: the 7/30/90-day summary, the daily chart, one day's drill-down and the rankings with
// their cohort labels; and what a new account sees before any day has been counted.
import type { MetricsSummary } from '@offpeak/cloud/contract';
import { api, expect, expectAccessible, openSignedIn, signUpAccount, test, type Account } from '../support/fixtures.js';
import { seedPastDays, type PastPlan } from '../support/seed-metrics.js';

const ZONE = 'America/Chicago';
const HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 30 : 10));

const localDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const daysAgo = (n: number) => localDate(new Date(Date.now() - n * 86_400_000));

/** UTC instant of local midnight of `date` in ZONE. */
function localMidnight(date: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(new Date(guess))
      .map((p) => [p.type, p.value]),
  );
  const asLocal = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return guess - (asLocal - guess);
}

/** A home on the custom tariff with one HVAC and today's plan; returns its plan body. */
async function home(account: Account) {
  await api('PUT', '/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY }, account.token);
  const { appliance_id } = await api(
    'POST',
    '/api/v1/appliances',
    { appliance_type: 'hvac', name: 'Living room', config: { entity_id: 'climate.living_room' } },
    account.token,
  );
  await api('POST', '/api/v1/schedule/recompute', undefined, account.token);
  const today = await api<{ schedule: Record<string, unknown> }>('GET', `/api/v1/appliances/${appliance_id}/schedule`, undefined, account.token);
  return { applianceId: appliance_id as string, userId: account.session.user.id, schedule: today.schedule };
}

test('a new account sees empty savings and why it is not ranked yet', async ({ page, account }) => {
  await openSignedIn(page, account, '/savings');
  await expect(page.getByTestId('savings-empty')).toContainText('No savings measured yet');
  await expect(page.getByTestId('rankings')).toContainText('Not ranked yet');
  await expectAccessible(page);
});

test('savings over 7, 30 and 90 days, the daily chart, a day in detail, and the rankings', async ({ page, account }) => {
  test.setTimeout(120_000);
  const days = [daysAgo(3), daysAgo(2), daysAgo(1)];
  const me = await home(account);
  // Four neighbours with their own savings, so a cohort qualifies.
  const neighbours = await Promise.all([1, 2, 3, 4].map(async () => home(await signUpAccount({ location_zip: '60614' }))));
  const plans: PastPlan[] = [];
  for (const [i, date] of days.entries()) {
    plans.push({ ...me, date, baselineCents: 400 + 50 * i, optimizedCents: 300 + 40 * i });
    for (const [n, h] of neighbours.entries()) plans.push({ ...h, date, baselineCents: 400, optimizedCents: 380 - 20 * n });
  }
  // A day of readings (one per half-hour) for the drill-down, pushed like the hub would.
  const start = localMidnight(days[2]!);
  const readings = Array.from({ length: 48 }, (_, s) => ({
    timestamp: new Date(start + s * 30 * 60_000 + 10 * 60_000).toISOString(),
    indoor_temp: s < 24 ? 71 : 73,
    hvac_state: 'COOL',
  }));
  await api('POST', '/api/v1/readings', { readings }, account.token);
  await seedPastDays(plans, 5);

  const summary = await api<MetricsSummary>('GET', '/api/v1/me/metrics/summary?window=30', undefined, account.token);
  expect(summary.days_counted).toBe(3);

  await openSignedIn(page, account, '/savings');
  const panel = page.getByTestId('savings-summary');
  await expect(panel.getByRole('heading')).toContainText('Last 30 days');
  await expect(panel.getByTestId('modeled-usd')).toHaveText(`$${summary.savings.modeled_usd!.toFixed(2)}`);
  // What the projection is compared with, in words.
  await expect(panel.getByTestId('savings-baseline')).toContainText("compare each day's plans with what the same appliances would have cost without a plan");
  await expect(panel.getByTestId('savings-baseline')).toContainText('EV charger: charging as soon as the car is plugged in');
  await expect(page.getByRole('img', { name: 'Projected savings per day ($)' })).toBeVisible();
  await expect(page.getByTestId('daily-chart')).toContainText('over 3 days');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(panel.getByRole('heading')).toContainText('Last 7 days');
  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(panel.getByRole('heading')).toContainText('Last 90 days');

  // One day in detail: the plan and the measured indoor temperature.
  await page.getByLabel('See one day').selectOption(days[2]!);
  const detail = page.getByTestId('day-detail');
  await expect(detail.getByRole('img', { name: 'Plan and measured indoor temperature' })).toBeVisible();
  await expect(detail).toContainText('Measured indoor temperature 71.0 to 73.0 °F.');

  // Rankings with their cohort labels (never a ZIP code); they are kept for the 30-day window.
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  const rankings = page.getByTestId('rankings');
  await expect(
    rankings.getByRole('row', { name: /^Savings (Homes in your ZIP code|Homes in your area|Homes on your rate plan|All Offpeak homes) \d+/ }),
  ).toBeVisible();
  await expect(rankings).not.toContainText('60614');
  await expectAccessible(page);
});
