// On a daylight-saving change day the plan entity's 48 slots start at the real instants of the
// cloud's grid: a skipped wall time starts where the gap ends (its slots last nothing) and the
// repeated stretch belongs to the slot before the clock goes back, so the day still ends at the
// next local midnight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type CloudAccount } from '../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../src/bench/cloud-process.js';
import { startHarness, waitFor, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const MIN = 60_000;
const ZONE = 'America/New_York';
const EV = HOUSE_APPLIANCES.find((a) => a.type === 'ev_charger')!;
const PLAN = 'sensor.offpeak_car_plan';
const iso = (utc: string) => new Date(utc).toISOString();

/** New York's two change days of 2026, with the starts of the slots around the change (UTC). */
const DAYS = [
  {
    name: 'spring forward (02:00 EST becomes 03:00 EDT)',
    midnight: '2026-03-08T05:00:00Z',
    nextMidnight: '2026-03-09T04:00:00Z',
    // 01:30 EST; 02:00 and 02:30 never happen, so slots 4 and 5 start with slot 6 at 03:00 EDT.
    starts: { 3: '2026-03-08T06:30:00Z', 4: '2026-03-08T07:00:00Z', 5: '2026-03-08T07:00:00Z', 6: '2026-03-08T07:00:00Z', 7: '2026-03-08T07:30:00Z' },
  },
  {
    name: 'fall back (02:00 EDT becomes 01:00 EST)',
    midnight: '2026-11-01T04:00:00Z',
    nextMidnight: '2026-11-02T05:00:00Z',
    // 01:30 EDT holds the repeated hour: slot 4 is 02:00 EST, an hour and a half later.
    starts: { 2: '2026-11-01T05:00:00Z', 3: '2026-11-01T05:30:00Z', 4: '2026-11-01T07:00:00Z', 5: '2026-11-01T07:30:00Z' },
  },
];

describe.each(DAYS)('the plan entity on the $name day', (day) => {
  const dayStart = Date.parse(day.midnight);
  let cloud: CloudProcess;
  let account: CloudAccount;
  let h: Harness | undefined;

  beforeAll(async () => {
    cloud = await startCloudProcess({ OFFPEAK_CLOCK_START: new Date(dayStart + 10 * MIN).toISOString() });
    account = await signUp(cloud.url, { timezone: ZONE });
    const car = await account.createAppliance(EV.type, EV.name, EV.config);
    expect(
      (await account.call('POST', `/api/v1/appliances/${car}/constraints`, { target_charge_pct: 80, current_charge_pct: 40, deadline_time: '07:00' })).status,
    ).toBe(200);
    expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
    await cloud?.stop();
  });

  it('gives each slot its real start, the last ending at the next local midnight', async () => {
    h = await startHarness({ cloud, account, startMs: dayStart + 10 * MIN, fixture: houseFixture, timezone: ZONE, prepare: async () => {} });
    await waitFor(() => h!.ha.getState('binary_sensor.offpeak_cloud_link') !== undefined, 20_000, 'entities written');
    const plan = h.ha.getState(PLAN)!;
    expect(plan.attributes.date).toBe(new Date(dayStart + 10 * MIN).toLocaleDateString('en-CA', { timeZone: ZONE }));
    const starts = (plan.attributes.plan as { start: string }[]).map((s) => s.start);
    expect(starts).toHaveLength(48);
    expect(starts[0]).toBe(iso(day.midnight));
    for (const [slot, at] of Object.entries(day.starts)) expect(starts[Number(slot)], `slot ${slot}`).toBe(iso(at));
    // Never backwards, and the last half hour ends at the next local midnight.
    starts.slice(1).forEach((s, i) => expect(Date.parse(s)).toBeGreaterThanOrEqual(Date.parse(starts[i]!)));
    expect(Date.parse(starts[47]!) + 30 * MIN).toBe(Date.parse(day.nextMidnight));
  }, 120_000);
});
