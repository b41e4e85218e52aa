// Why the plan is what it is: each appliance's summary, a reason per slot in its table and on its
// chart's hover; and the savings page's account of a day: its three costs and the forecasts' accuracy.
import { api, expect, expectAccessible, openSignedIn, test } from '../support/fixtures.js';
import { morningTimeZone } from '../support/time-zones.js';

// 10 ¢ from 01:00 to 05:00 and in the morning to 16:00, 30 ¢ otherwise.
const HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 16 || h < 1 ? 30 : 10));

test("the plan page says why: the car's summary, a slot's reason in its table and on the chart's hover", async ({ page, account }) => {
  const t = account.token;
  // Morning in the account's zone: the car can reach its target by 23:30 whatever hour the suite runs at.
  await api('PATCH', '/auth/me', { timezone: morningTimeZone() }, t);
  await api('PUT', '/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY }, t);
  const { appliance_id: evId } = await api(
    'POST',
    '/api/v1/appliances',
    { appliance_type: 'ev_charger', name: 'Car', config: { entity_id: 'switch.car', max_charge_rate_kw: 7.2, battery_capacity_kwh: 60 } },
    t,
  );
  await api('POST', `/api/v1/appliances/${evId}/constraints`, { target_charge_pct: 60, deadline_time: '23:30', current_charge_pct: 30 }, t);
  await api('POST', '/api/v1/schedule/recompute', undefined, t);

  await openSignedIn(page, account, '/plan');
  const car = page.getByTestId('plan-card').filter({ hasText: 'EV charger' });
  const summary = car.getByRole('note', { name: 'Why Car is planned this way' });
  await expect(summary).toContainText(/^Charges .* at 10 ¢, the cheapest hours before its 23:30 deadline; /);

  // A charging slot's reason, and a dear slot's, in the numbers table.
  await car.getByText('Show the numbers').click();
  await expect(car.getByRole('row', { name: /On at 10 ¢: among the cheapest slots left before 23:30/ }).first()).toBeVisible();
  await expect(car.getByRole('row', { name: /^16:00 0 .* Off at 30 ¢/ })).toBeVisible();
  await expect(car.getByRole('columnheader', { name: 'Why' })).toBeVisible();

  // The chart's hover names the slot under the pointer and its reason.
  const canvas = car.getByRole('img', { name: 'Car: charging slots, predicted charge and price' });
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
  await expect(car.getByTestId(/-chart-hover$/)).toHaveText(/^\d\d:\d\d: (On|Off|Away)/);
  await expectAccessible(page);
});

test("the savings page gives yesterday's account: what it cost, without Offpeak and with perfect hindsight, and the forecasts' accuracy", async ({
  page,
  account,
}) => {
  const t = account.token;
  await api('PATCH', '/auth/me', { timezone: 'UTC' }, t);
  await api('PUT', '/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY }, t);
  const { appliance_id: evId } = await api(
    'POST',
    '/api/v1/appliances',
    { appliance_type: 'ev_charger', name: 'Car', config: { entity_id: 'switch.car', max_charge_rate_kw: 7.2, battery_capacity_kwh: 60, efficiency: 0.9 } },
    t,
  );
  // Yesterday: plugged in at 00:10 at 40 %, then 3.24 kWh (5.4 %) a slot from 02:00 to 04:00 at 10 ¢.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const at = (hhmm: string) => `${yesterday}T${hhmm}:00Z`;
  const soc: [string, number][] = [
    ['00:10', 40],
    ['02:10', 45.4],
    ['02:40', 50.8],
    ['03:10', 56.2],
    ['03:40', 61.6],
  ];
  await api('POST', `/api/v1/appliances/${evId}/readings`, { readings: soc.map(([time, value]) => ({ timestamp: at(time), state: 'on', value })) }, t);
  // The roof made 3 kW from 12:00 to 13:00 while the house used 1 kW: 1 kWh used at home at 10 ¢, the rest exported for nothing.
  const { appliance_id: roofId } = await api('POST', '/api/v1/appliances', { appliance_type: 'solar', name: 'Roof', config: { system_size_kw: 4 } }, t);
  const noon = ['12:10', '12:40'];
  await api('POST', `/api/v1/appliances/${roofId}/readings`, { readings: noon.map((time) => ({ timestamp: at(time), state: 'on', value: 3000 })) }, t);
  await api('POST', '/api/v1/household-load/readings', { readings: noon.map((time) => ({ timestamp: at(time), value: 1000 })) }, t);

  await openSignedIn(page, account, '/savings');
  const ledger = page.getByRole('region', { name: /^The account of / });
  // 4 × 3.6 kWh at 10 ¢; charging on arrival would have paid 30 ¢ for the first of them (00:30).
  await expect(ledger.getByTestId('ledger-actual')).toHaveText('$1.44');
  await expect(ledger.getByTestId('ledger-baseline')).toHaveText('$2.16');
  await expect(ledger.getByTestId('ledger-hindsight')).toHaveText('$1.44');
  await expect(ledger.getByRole('row', { name: /Car .* \$1\.44 \$2\.16 \$1\.44 charging on arrival/ })).toBeVisible();
  // The household's 0.10 $ and the roof's credit of the same cancel out in the day's totals.
  await expect(ledger.getByRole('row', { name: /Roof .* -\$0\.10 -\$0\.10 -\$0\.10 the same production/ })).toContainText(
    'Made 3.0 kWh: 1.0 used at home ($0.10), 2.0 exported ($0.00)',
  );
  // The household and the roof were measured at noon, but no plan forecast that day.
  await expect(ledger.getByTestId('forecast-accuracy')).toContainText('Household use: measured, but no forecast was made for that day to compare it with.');
  await expect(ledger.getByTestId('forecast-accuracy')).toContainText('Solar generation: measured, but no forecast was made for that day to compare it with.');
  await expectAccessible(page);
});
