// The tariff: a catalog plan, a dynamic zone with an adder, or custom hourly rates, and what exports
// earn (none, net metering, custom hourly); each curve of the day drawn with its summary and numbers.
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
  await expect(page.getByTestId('pricing_adder_cents_per_kwh-error')).toHaveText('Adder (¢/kWh) must be a number between 0 and 50 cents/kWh');
  await page.getByLabel('Adder (¢/kWh)').fill('3.5');
  await page.getByRole('button', { name: 'Save tariff' }).click();
  await expect(page.getByTestId('tariff-saved')).toBeVisible();
  // The test's price feeds are unreachable, so the curve falls back to the catalog plan, and says so.
  await expect(page.getByTestId('tariff-source')).toContainText('Live prices are not available right now');
  expect(await api<RateCurve>('GET', '/api/v1/rates', undefined, account.token)).toMatchObject({
    pricing_source: 'dynamic',
    dynamic_zone: zone.slug,
    pricing_adder_cents_per_kwh: 3.5,
  });
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

test('choose what exports earn: net metering, then custom hourly export rates, then nothing, and see the export curve', async ({ page, account }) => {
  // Import prices of 10 ¢, 30 ¢ from 16:00 to 21:00, entered earlier.
  const importHourly = Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 30 : 10));
  await api('PUT', '/api/v1/rates', { hourly_rates_cents_per_kwh: importHourly }, account.token);

  await openSignedIn(page, account, '/tariff');
  const exportChart = page.getByTestId('export-chart');
  await expect(page.getByTestId('export-source')).toHaveText('Exports earn nothing.');
  await expect(exportChart).toHaveCount(0);
  await expect(page.getByLabel('Nothing (no export credit)')).toBeChecked();
  await expectAccessible(page);

  // Net metering: exports earn the import price of the same half hour.
  await page.getByLabel('Net metering: the price I pay at the same time').check();
  await page.getByRole('button', { name: 'Save export rates' }).click();
  await expect(page.getByTestId('export-saved')).toBeVisible();
  await expect(page.getByTestId('export-source')).toContainText('net metering');
  await expect(exportChart.getByRole('img', { name: 'Export price over the day (¢/kWh)' })).toBeVisible();
  await expect(exportChart).toContainText('Exports earn from 10.0¢/kWh (least from 00:00) to 30.0¢/kWh (most from 16:00).');
  expect(await api<RateCurve>('GET', '/api/v1/rates', undefined, account.token)).toMatchObject({
    export_pricing: 'net_metering',
    export_source: 'net_metering',
  });
  await expectAccessible(page);

  // Custom: 4 ¢ most hours, 25 ¢ from 17:00 to 20:00, -2 ¢ at noon (a sunny glut); a value out of
  // bounds comes back from the API in words next to the hourly editor, on the hour it names.
  await page.getByLabel('My own hourly export rates').check();
  const exportHourly = Array.from({ length: 24 }, (_, h) => (h === 12 ? -2 : h >= 17 && h < 20 ? 25 : 4));
  for (let h = 0; h < 24; h++) await page.getByLabel(`Export price at ${String(h).padStart(2, '0')}:00`).fill(String(exportHourly[h]));
  await page.getByLabel('Export price at 18:00').fill('600');
  await page.getByRole('button', { name: 'Save export rates' }).click();
  await expect(page.getByTestId('export_hourly_rates_cents_per_kwh-error')).toHaveText('export rate at hour 18 must be between -100 and 500 cents/kWh');
  await expect(page.getByLabel('Export price at 18:00')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('export-source')).toContainText('net metering');
  await expectAccessible(page);
  await page.getByLabel('Export price at 18:00').fill('25');
  await page.getByRole('button', { name: 'Save export rates' }).click();
  await expect(page.getByTestId('export-saved')).toBeVisible();
  await expect(page.getByTestId('export_hourly_rates_cents_per_kwh-error')).toHaveCount(0);
  await expect(page.getByTestId('export-source')).toHaveText('Exports earn your own hourly export rates.');
  await expect(exportChart).toContainText(
    'Exports earn from -2.0¢/kWh (least from 12:00) to 25.0¢/kWh (most from 17:00). Below zero, sending energy to the grid costs money.',
  );
  await exportChart.getByText('Show the numbers').click();
  await expect(exportChart.getByRole('row', { name: '17:30 25.00' })).toBeVisible();
  await expect(exportChart.getByRole('row', { name: '12:30 -2.00' })).toBeVisible();
  // The import curve beside it is unchanged.
  await expect(page.getByTestId('tariff-chart')).toContainText('Prices run from 10.0¢/kWh (cheapest from 00:00) to 30.0¢/kWh (priciest from 16:00).');
  expect(await api<RateCurve>('GET', '/api/v1/rates', undefined, account.token)).toMatchObject({
    export_pricing: 'custom',
    export_source: 'custom',
    export_hourly_rates_cents_per_kwh: exportHourly,
    hourly_rates_cents_per_kwh: importHourly,
  });
  await expectAccessible(page);

  // Kept across a reload.
  await page.reload();
  await expect(page.getByLabel('My own hourly export rates')).toBeChecked();
  await expect(page.getByLabel('Export price at 17:00')).toHaveValue('25');
  await expect(page.getByLabel('Export price at 12:00')).toHaveValue('-2');

  // Nothing: the export curve goes away.
  await page.getByLabel('Nothing (no export credit)').check();
  await page.getByRole('button', { name: 'Save export rates' }).click();
  await expect(page.getByTestId('export-saved')).toBeVisible();
  await expect(page.getByTestId('export-source')).toHaveText('Exports earn nothing.');
  await expect(exportChart).toHaveCount(0);
  expect(await api<RateCurve>('GET', '/api/v1/rates', undefined, account.token)).toMatchObject({
    export_pricing: 'none',
    export_source: 'none',
    export_rates_cents_per_kwh: null,
  });
  await expectAccessible(page);
});
