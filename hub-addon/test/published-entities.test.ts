// Home Assistant sees the plan: after a plan the add-on's entities exist with the documented
// states and attributes; after a re-plan they change; after Home Assistant restarts (which
// forgets states no integration owns) they are back within half an hour.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type CloudAccount } from '../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../src/bench/cloud-process.js';
import { startHarness, waitFor, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const MIN = 60_000;
const ZONE = 'America/New_York';
/** Local midnight (EST) of the planned day; the cloud's clock starts 10 minutes after it. */
const DAY_START = Date.parse('2026-11-24T05:00:00Z');
/** Cheap from midnight to 06:00, so the plan charges the car in the night. */
const HOURLY = [...Array(24).keys()].map((h) => (h < 6 ? 5 : 30));
const EV = HOUSE_APPLIANCES.find((a) => a.type === 'ev_charger')!;
const PLAN = 'sensor.offpeak_car_plan';

let cloud: CloudProcess;
let account: CloudAccount;
let carId: string;
let h: Harness | undefined;

beforeAll(async () => {
  cloud = await startCloudProcess({ OFFPEAK_CLOCK_START: new Date(DAY_START + 10 * MIN).toISOString() });
  account = await signUp(cloud.url, { timezone: ZONE });
  carId = await account.createAppliance(EV.type, EV.name, EV.config);
  expect((await account.call('PUT', '/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY })).status).toBe(200);
  expect(
    (await account.call('POST', `/api/v1/appliances/${carId}/constraints`, { target_charge_pct: 80, current_charge_pct: 40, deadline_time: '07:00' })).status,
  ).toBe(200);
  expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
}, 120_000);
afterEach(async () => {
  await h?.stop();
  h = undefined;
});
afterAll(async () => {
  await cloud?.stop();
});

const state = (id: string) => h!.ha.getState(id);

describe('entities published to Home Assistant', () => {
  it("the car's plan, the home's expected cost and the cloud link; changed by a re-plan; back within half an hour of a restart", async () => {
    h = await startHarness({ cloud, account, startMs: DAY_START + 10 * MIN, fixture: houseFixture, timezone: ZONE, prepare: async () => {} });
    // Written one after another, the cloud link last.
    await waitFor(() => state('binary_sensor.offpeak_cloud_link') !== undefined, 20_000, 'entities written');
    const plan = state(PLAN)!;
    // 00:10: the car charges now, in the cheapest hours before its 07:00 deadline.
    expect(plan.state).toBe('charging');
    expect(plan.attributes).toMatchObject({
      friendly_name: 'Car plan',
      appliance_type: 'ev_charger',
      reason: 'cheapest_left',
      price_cents: 5,
      summary: expect.stringContaining('07:00'),
    });
    const slots = plan.attributes.plan as { start: string; action: string; on: boolean; price_cents: number; reason: string }[];
    expect(slots).toHaveLength(48);
    expect(slots[0]).toMatchObject({ start: new Date(DAY_START).toISOString(), price_cents: 5 });
    expect(slots[20]).toMatchObject({ start: new Date(DAY_START + 20 * 30 * MIN).toISOString(), action: 'away', on: false, price_cents: 30 });
    expect(state('sensor.offpeak_expected_cost_today')!.attributes).toMatchObject({ unit_of_measurement: 'USD', device_class: 'monetary' });
    expect(Number(state('sensor.offpeak_expected_cost_today')!.state)).toBeGreaterThan(0);
    expect(state('binary_sensor.offpeak_cloud_link')).toMatchObject({ state: 'on', attributes: { device_class: 'connectivity' } });

    // A re-plan: a lower target. The add-on pulls the new view and the entity follows.
    expect(
      (await account.call('POST', `/api/v1/appliances/${carId}/constraints`, { target_charge_pct: 50, current_charge_pct: 40, deadline_time: '07:00' })).status,
    ).toBe(200);
    expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
    const before = plan.attributes.summary;
    await h.advance(5 * MIN);
    await waitFor(() => state(PLAN)!.attributes.summary !== before, 10_000, 'entity re-planned');
    const lastChanged = state(PLAN)!.last_changed;

    // Home Assistant restarts: it has forgotten the states only the REST API wrote ...
    await h.ha.restart({ downMs: 200 });
    expect(state(PLAN)).toBeUndefined();
    // ... and they are back once the add-on has reconnected, well within half an hour.
    await waitFor(() => h!.addon.ha.connected, 20_000, 'reconnected');
    await h.advance(2 * MIN);
    await waitFor(() => state('binary_sensor.offpeak_cloud_link') !== undefined, 10_000, 'entities back');
    expect(state(PLAN)!.attributes.summary).not.toBe(before);
    expect(state(PLAN)!.last_changed).not.toBe(lastChanged);
    expect(state('binary_sensor.offpeak_cloud_link')).toBeDefined();
  }, 120_000);
});
