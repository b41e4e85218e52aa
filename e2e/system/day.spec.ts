// A simulated day of the whole system on one accelerated clock: the built cloud (jobs on) on its
// own embedded PostgreSQL, home A (Home Assistant simulator + the add-on), home B (a firmware-sim
// satellite), and the dashboard in Chromium. Every check names the slot and home where it failed.
import { expect, test } from '@playwright/test';
import { ZONE } from './support/homes.js';
import { tallyReadings } from './support/ledger.js';
import { HOUR, localSlot, MINUTE, SLOT } from './support/sim-clock.js';
import { startWorld, type World } from './support/world.js';

// 2026-11-18 (EST, UTC-5). The 04:00 UTC nightly run (23:00 local) plans local day D; the 05:30
// UTC metrics run the next morning (00:30 local) computes it.
const DAY = '2026-11-18';
const DAY_START = Date.parse('2026-11-18T05:00:00Z'); // local midnight
const NIGHTLY = Date.parse('2026-11-18T04:00:00Z');
const METRICS = Date.parse('2026-11-19T05:30:00Z');
const RATE = Number(process.env.SYSTEM_CLOCK_RATE ?? 480);

let w: World;
test.describe.configure({ mode: 'serial' });
test.setTimeout(15 * 60_000);

test.afterAll(async () => {
  await w?.stop();
});

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

test('a simulated day: nightly plans, every slot applied in both homes, readings, preferences and a command from the dashboard, the next morning metrics', async ({
  page,
}) => {
  w = await startWorld({ startMs: Date.parse('2026-11-18T03:00:00Z'), rate: RATE, readyByMs: NIGHTLY - 10 * MINUTE });
  const { clock, account, homeA, homeB, ids } = w;
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };

  // The nightly run plans both homes' day D.
  await clock.until(NIGHTLY + 20 * MINUTE);
  const history = (await account.call('GET', `/api/v1/schedules/history?start=${DAY}&end=${DAY}`)).body;
  for (const [home, id] of [
    ['home A (add-on)', ids.hvac],
    ['home B (satellite)', ids.satellite],
  ] as const) {
    const rows = (history.appliances ?? []).find((a: any) => a.appliance_id === id)?.history ?? [];
    check(
      rows.some((e: any) => e.date === DAY && e.trigger === 'nightly'),
      `${home}: no nightly plan for ${DAY} after the 04:00 UTC run (history ${JSON.stringify(rows.map((r: any) => [r.date, r.trigger, r.source]))})`,
    );
  }

  // Through the day: link health every simulated hour; the dashboard at noon and 15:00.
  const healthAt: string[] = [];
  for (let t = DAY_START + HOUR; t <= DAY_START + 24 * HOUR; t += HOUR) {
    await clock.until(t);
    const h = (await account.call('GET', '/api/v1/integration/health')).body;
    for (const a of h.appliances ?? []) {
      const home = a.appliance_id === ids.satellite ? 'home B (satellite)' : 'home A (add-on)';
      if (a.status !== 'healthy') healthAt.push(`${home} at ${localSlot(t, ZONE).label}: link ${a.status} (${a.message})`);
    }
    check((h.appliances ?? []).length === 2, `link health at ${localSlot(t, ZONE).label} lists ${(h.appliances ?? []).length} HVACs, not 2`);
    if (t === DAY_START + 12 * HOUR) await changePreferences(page);
    if (t === DAY_START + 15 * HOUR) await commandSatellite(page);
  }
  failures.push(...healthAt);

  // Every 30-minute boundary of day D applied its slot in both homes.
  const appliedA = homeA.hvacSlots();
  for (let i = 0; i < 48; i++) {
    const label = localSlot(DAY_START + i * SLOT, ZONE).label;
    check(appliedA.has(`${DAY}#${i}`), `home A (add-on): slot ${label} (${i}) was not applied to climate.thermostat`);
    check(homeB.applied.has(`${DAY}#${i}`), `home B (satellite): slot ${label} (${i}) was not applied`);
  }

  // The next morning's metrics job computes day D; the savings page shows it.
  await clock.until(METRICS + 15 * MINUTE);
  const daily = (await account.call('GET', `/api/v1/me/metrics/daily?start=${DAY}&end=${DAY}`)).body;
  const days = daily.days;
  check(
    Array.isArray(days) && days.some((d: any) => d.date === DAY),
    `metrics: day ${DAY} not computed by the 05:30 UTC job (${JSON.stringify(daily).slice(0, 300)})`,
  );
  // Readings on cadence: one every 5 minutes from each home, all stored (the satellite's last
  // hourly batch has been pushed by now).
  // The satellite pushes once an hour: give its last batch of the day until 02:00 local.
  const tally = () =>
    Promise.all([tallyReadings(w.db, ids.hvac, DAY_START, DAY_START + 24 * HOUR), tallyReadings(w.db, ids.satellite, DAY_START, DAY_START + 24 * HOUR)]);
  let [readingsA, readingsB] = await tally();
  while (readingsA.lost + readingsB.lost > 0 && clock.now() < DAY_START + 26 * HOUR) {
    await new Promise((r) => setTimeout(r, 1000));
    [readingsA, readingsB] = await tally();
  }
  const count = (id: string) => (id === ids.hvac ? readingsA : readingsB).stored;
  for (const [home, t] of [
    ['home A (add-on)', readingsA],
    ['home B (satellite)', readingsB],
  ] as const) {
    check(
      t.lost === 0 && t.doubled === 0,
      `${home}: readings of ${DAY} off the 5-minute cadence: ${t.lost} missing (first at ${t.gaps.join(', ')}), ${t.doubled} doubled`,
    );
  }
  const refused = homeB.events.filter((e) => e.event === 'request_refused' || e.event === 'failed');
  check(refused.length === 0, `home B (satellite): requests refused by the cloud: ${JSON.stringify(refused.slice(0, 3))}`);

  await page.clock.install({ time: new Date(clock.now()) });
  await openSignedIn(page, '/savings');
  // The chart's table lists each computed day (Nov 17 too: the account was made that evening).
  await expect(page.getByTestId('daily-chart'), `savings page: day ${DAY} computed by the metrics job`).toContainText('Wed, Nov 18');

  console.log(
    `simulated day ${DAY} at ${RATE}x: home A applied ${appliedA.size} HVAC slots, ${homeA.addon.state.stats.readingsSent} readings sent; home B applied ${homeB.applied.size} slots, ` +
      `${homeB.sim.state().readings.pushed} readings pushed; stored readings A ${count(ids.hvac)}, B ${count(ids.satellite)}; ${sum(healthAt.map(() => 1))} unhealthy checks`,
  );
  expect(failures, failures.join('\n')).toEqual([]);
});

async function openSignedIn(page: import('@playwright/test').Page, path: string): Promise<void> {
  await page.goto(w.cloud.url + '/signin');
  await page.evaluate((s) => localStorage.setItem('offpeak.session', JSON.stringify(s)), w.account.session);
  await page.goto(w.cloud.url + path);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** At noon the homeowner raises the base temperature in the dashboard; both homes follow within minutes. */
async function changePreferences(page: import('@playwright/test').Page): Promise<void> {
  const { clock, account, homeA, homeB, ids } = w;
  await page.clock.install({ time: new Date(clock.now()) });
  await openSignedIn(page, '/comfort');
  await page.getByLabel('Base temperature (°F)').fill('78');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByTestId('account-prefs-saved')).toBeVisible();
  const savedAt = clock.now();
  const planned = async () => {
    const v = (await account.call('GET', '/api/v1/schedules')).body;
    const slot = localSlot(clock.now(), ZONE);
    const at = (id: string) => {
      const s = v.appliances.find((a: any) => a.appliance_id === id)?.schedule ?? {};
      if (Array.isArray(s.setpoint_temps)) return s.setpoint_temps[slot.index] as number;
      return Array.isArray(s.high_temps) ? (s.high_temps[slot.index] + s.low_temps[slot.index]) / 2 : null;
    };
    return { slot, a: at(ids.hvac), b: at(ids.satellite) };
  };
  let followed: { a: number; b: number } | null = null;
  const deadline = savedAt + 20 * MINUTE;
  while (clock.now() < deadline) {
    const p = await planned();
    const haTarget = homeA.ha.getState('climate.thermostat')?.attributes.temperature as number | undefined;
    const satTarget = homeB.sim.state().applied?.target_temp_f;
    if (
      p.a !== null &&
      p.a >= 76 &&
      haTarget !== undefined &&
      Math.abs(haTarget - p.a) <= 1 &&
      p.b !== null &&
      p.b >= 76 &&
      satTarget !== undefined &&
      Math.abs(satTarget - p.b) <= 1
    ) {
      followed = { a: Math.round((clock.now() - savedAt) / MINUTE), b: Math.round((clock.now() - savedAt) / MINUTE) };
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const p = await planned();
  expect(
    followed,
    `preferences saved at ${localSlot(savedAt, ZONE).label}: within 20 simulated minutes home A's thermostat shows ${homeA.ha.getState('climate.thermostat')?.attributes.temperature} (plan ${p.a}) and home B's satellite ${homeB.sim.state().applied?.target_temp_f} (plan ${p.b}) in slot ${p.slot.label}; schedules ${JSON.stringify((await account.call('GET', '/api/v1/schedules')).body.appliances.map((a: any) => [a.name, a.source, Object.keys(a.schedule)]))}`,
  ).not.toBeNull();
  console.log(`preferences from the dashboard: both homes followed within ${followed!.a} simulated minutes`);
}

/** At 15:00 the homeowner sends the satellite a command from the Satellites page; it reaches the device. */
async function commandSatellite(page: import('@playwright/test').Page): Promise<void> {
  const { clock, homeB } = w;
  await page.clock.install({ time: new Date(clock.now()) });
  await openSignedIn(page, '/satellites');
  const card = page.getByTestId('device-card');
  await card.getByLabel('Target (°F)').fill('70');
  await card.getByLabel('Mode').selectOption('COOL');
  await card.getByRole('button', { name: 'Send to satellite' }).click();
  const status = card.getByTestId(`${homeB.deviceId}-command-saved`);
  await expect(status).toContainText(/Command \d+/);
  const commandId = Number(/Command (\d+)/.exec((await status.textContent())!)![1]);
  const sentAt = clock.now();
  await homeB.sim
    .waitFor((s) => s.ackedCommands.includes(commandId), 20_000)
    .catch(() => {
      throw new Error(`home B (satellite): command ${commandId} sent from the dashboard at ${localSlot(sentAt, ZONE).label} never reached the device`);
    });
  console.log(`command ${commandId} from the dashboard reached the satellite after ${Math.round((clock.now() - sentAt) / 1000)} simulated s`);
}
