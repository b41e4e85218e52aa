// The tariff: a catalog plan, a dynamic zone with its adder, or custom hourly rates; the price
// curve of the day drawn with its summary and numbers.
import type { RateCurve } from '@offpeak/cloud/contract';
import { api, expect, expectAccessible, openSignedIn, test } from '../support/fixtures.js';

test('pick a catalog plan, a dynamic zone with an adder, then custom hourly rates, and see the curve', async ({ page, account }) => {
  const catalog = await api<RateCurve>('GET', '/api/v1/rates', undefined, account.token);
  const other = catalog.available_pricing_zones.find((z) => z.id !== catalog.pricing_location)!;
  const zone = catalog.available_dynamic_zones[0]!;

  await openSignedIn(page, account, '/tariff');
  const chart = page.getByTestId('tariff-chart');
  await expect(chart.getByRole('img', { name: 'Price over the day (¢/kWh)' })).toBeVisible();
  await expect(chart).toContainText('Prices run from');
  await expectAccessible(page);

  // A catalog plan.
  await page.getByLabel('Utility plan').selectOption(String(other.id));
  await page.getByRole('button', { name: 'Save tariff' }).click();
  await expect(page.getByTestId('tariff-saved')).toBeVisible();
  await expect(page.getByTestId('tariff-source')).toContainText(other.label);
  expect((await api<RateCurve>('GET', '/api/v1/rates', undefined, account.token)).pricing_location).toBe(other.id);

  // A dynamic zone: the adder's bound comes back from the API next to the adder.
  await page.getByLabel('Live wholesale prices (dynamic)').check();
  await page.getByLabel('Grid region').selectOption(zone.slug);
  await page.getByLabel('Adder (¢/kWh)').fill('60');
  await page.getByRole('button', { name: 'Save tariff' }).click();
  await expect(page.getByTestId('pricing_adder_cents_per_kwh-error')).toHaveText('pricing_adder_cents_per_kwh must be a number between 0 and 50 cents/kWh');
  await page.getByLabel('Adder (¢/kWh)').fill('3.5');
  await page.getByRole('button', { name: 'Save tariff' }).click();
  await expect(page.getByTestId('tariff-saved')).toBeVisible();
  // The test's price feeds are unreachable, so the curve falls back to the catalog plan, and says so.
  await expect(page.getByTestId('tariff-source')).toContainText('Live prices are not available right now');
  expect(await api<RateCurve>('GET', '/api/v1/rates', undefined, account.token)).toMatchObject({ pricing_source: 'dynamic', dynamic_zone: zone.slug, pricing_adder_cents_per_kwh: 3.5 });
  await expectAccessible(page);

  // Custom hourly rates: 10 ¢, 30 ¢ from 16:00 to 21:00.
  await page.getByLabel('My own hourly rates').check();
  for (let h = 0; h < 24; h++) await page.getByLabel(`Price at ${String(h).padStart(2, '0')}:00`).fill(h >= 16 && h < 21 ? '30' : '10');
  await page.getByLabel('Price at 17:00').fill('250');
  await page.getByRole('button', { name: 'Save tariff' }).click();
  await expect(page.getByTestId('hourly_rates_cents_per_kwh-error')).toHaveText('rate at hour 17 must be between 0 and 200 cents/kWh');
  await page.getByLabel('Price at 17:00').fill('30');
  await page.getByRole('button', { name: 'Save tariff' }).click();
  await expect(page.getByTestId('tariff-saved')).toBeVisible();
  await expect(page.getByTestId('tariff-source')).toContainText('your custom hourly rates');
  await expect(chart).toContainText('Prices run from 10.0¢/kWh (cheapest from 00:00) to 30.0¢/kWh (priciest from 16:00).');
  await chart.getByText('Show the numbers').click();
  await expect(chart.getByRole('row', { name: '16:30 30.00' })).toBeVisible();
  await expectAccessible(page);
});
