import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import type { ApplianceType } from '../../src/store/models/index.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { minutesAgo, rows, storedCounts } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const reading = (overrides: Record<string, unknown> = {}) => ({ timestamp: minutesAgo(1), state: 'CHARGING', value: 50, ...overrides });
const push = (token: string, applianceId: string, body: unknown) => api.post(`/api/v1/appliances/${applianceId}/readings`, body, { token });
const nothingStored = { hvac: 0, appliance: 0, counted: 0 };

/** A fresh user with one appliance of `type`. */
async function userWith(type: ApplianceType) {
  const user = await signUp(api);
  return { ...user, applianceId: await createAppliance(cloud, user, type) };
}

describe('POST /api/v1/appliances/{id}/readings: storing', () => {
  it('refuses a call without a token', async () => {
    expect(await api.post('/api/v1/appliances/0b7f7a1e-5c7d-4f2e-9a57-3f1f9d1f0c11/readings', { readings: [reading()] })).toMatchObject({
      status: 401,
      body: { detail: 'Not authenticated' },
    });
  });

  it('stores a batch with every field, metadata as sent', async () => {
    const user = await userWith('home_battery');
    const metadata = { source: 'sensor.battery_soc', nested: { unit: '%', samples: [1, 2] } };
    const res = await push(user.token, user.applianceId, {
      readings: [
        reading({ timestamp: '2024-07-01T10:00:00-04:00', state: 'DISCHARGING', value: 80.5, power_watts: -2500, metadata }),
        reading({ value: 79, metadata: null }),
      ],
    });
    expect(res).toMatchObject({ status: 201, body: { accepted: 2 } });
    const stored = await rows(cloud, 'SELECT * FROM appliance_readings WHERE user_id = $1 ORDER BY ts', [user.userId]);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      appliance_id: user.applianceId,
      ts: new Date('2024-07-01T14:00:00Z'),
      state: 'DISCHARGING',
      value: 80.5,
      power_watts: -2500,
      metadata,
    });
    expect(stored[1]).toMatchObject({ state: 'CHARGING', value: 79, power_watts: null, metadata: null });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 0, appliance: 2, counted: 2 });
  });

  it.each([
    ['ev_charger', [0, 100]],
    ['home_battery', [0, 100]],
    ['robot', [0, 100]],
    ['water_heater', [60, 180]],
    ['solar', [0, 100000]],
  ] as const)('accepts %s values at both ends of the range %j', async (type, values) => {
    const user = await userWith(type);
    expect(await push(user.token, user.applianceId, { readings: values.map((value) => reading({ value, state: 'ON' })) })).toMatchObject({
      status: 201,
      body: { accepted: 2 },
    });
  });

  it('accepts solar readings although the config has no production sensor', async () => {
    const user = await userWith('solar');
    expect(await push(user.token, user.applianceId, { readings: [reading({ state: 'PRODUCING', value: 3200 })] })).toMatchObject({ status: 201 });
  });

  it('accepts 100 readings and an upper-case id', async () => {
    const user = await userWith('ev_charger');
    const readings = Array.from({ length: 100 }, (_, i) => reading({ timestamp: minutesAgo(i), value: i }));
    expect(await push(user.token, user.applianceId.toUpperCase(), { readings })).toMatchObject({ status: 201, body: { accepted: 100 } });
  });
});

describe('POST /api/v1/appliances/{id}/readings: refusals store nothing', () => {
  it.each([
    ['ev_charger', 100.5, 'EV/battery value must be 0-100 (percent)'],
    ['ev_charger', -1, 'EV/battery value must be 0-100 (percent)'],
    ['home_battery', 101, 'EV/battery value must be 0-100 (percent)'],
    ['robot', -0.5, 'EV/battery value must be 0-100 (percent)'],
    ['water_heater', 59, 'Value must be 60-180 (degrees F) for water_heater'],
    ['water_heater', 180.5, 'Value must be 60-180 (degrees F) for water_heater'],
    ['solar', -1, 'Value must be 0-100000 (watts) for solar'],
    ['solar', 100001, 'Value must be 0-100000 (watts) for solar'],
  ] as const)('%s value %d -> 400', async (type, value, detail) => {
    const user = await userWith(type);
    const inRange = type === 'water_heater' ? 120 : 50;
    expect(await push(user.token, user.applianceId, { readings: [reading({ value: inRange }), reading({ value })] })).toMatchObject({
      status: 400,
      body: { detail },
    });
    expect(await storedCounts(cloud, user.userId)).toEqual(nothingStored);
  });

  it.each(['hvac', 'dehumidifier'] as const)('refuses a %s (its readings go to POST /api/v1/readings)', async (type) => {
    const user = await userWith(type);
    expect(await push(user.token, user.applianceId, { readings: [reading()] })).toMatchObject({
      status: 400,
      body: { detail: `${type} appliances take readings through POST /api/v1/readings, not the appliance readings endpoint` },
    });
    expect(await storedCounts(cloud, user.userId)).toEqual(nothingStored);
  });

  it('answers 404 for another user’s appliance, an unknown id and a malformed id', async () => {
    const owner = await userWith('ev_charger');
    const caller = await signUp(api);
    for (const id of [owner.applianceId, '0b7f7a1e-5c7d-4f2e-9a57-3f1f9d1f0c11', 'not-a-uuid']) {
      expect(await push(caller.token, id, { readings: [reading()] })).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
    }
    expect(await storedCounts(cloud, owner.userId)).toEqual(nothingStored);
    expect(await storedCounts(cloud, caller.userId)).toEqual(nothingStored);
  });

  const many = Array.from({ length: 101 }, () => reading());
  it.each([
    ['no body', undefined, 'readings is required'],
    ['readings not an array', { readings: 'x' }, 'readings must be an array'],
    ['readings empty', { readings: [] }, 'readings must contain between 1 and 100 readings'],
    ['101 readings', { readings: many }, 'readings must contain between 1 and 100 readings'],
    ['a reading that is not an object', { readings: [reading(), 5] }, 'each reading must be an object'],
    ['timestamp missing', { readings: [reading({ timestamp: undefined })] }, 'timestamp is required'],
    [
      'timestamp without a zone',
      { readings: [reading({ timestamp: '2024-07-01 10:00' })] },
      'timestamp must be an ISO 8601 date-time with a time zone, e.g. 2024-07-01T14:05:00Z',
    ],
    ['timestamp in the future', { readings: [reading({ timestamp: minutesAgo(-60) })] }, 'timestamp must not be more than 15 minutes in the future'],
    ['state missing', { readings: [reading({ state: undefined })] }, 'state is required'],
    ['state empty', { readings: [reading({ state: '' })] }, 'state is required'],
    ['state a number', { readings: [reading({ state: 1 })] }, 'state must be a string'],
    ['state too long', { readings: [reading({ state: 'S'.repeat(65) })] }, 'state must be at most 64 characters'],
    ['value missing', { readings: [reading({ value: undefined })] }, 'value is required'],
    ['value a string', { readings: [reading({ value: '50' })] }, 'value must be a number'],
    ['power_watts out of range', { readings: [reading({ power_watts: 100001 })] }, 'power_watts must be between -100000 and 100000'],
    ['power_watts a string', { readings: [reading({ power_watts: '7kW' })] }, 'power_watts must be a number'],
    ['metadata an array', { readings: [reading({ metadata: [1] })] }, 'metadata must be a JSON object'],
    ['metadata a string', { readings: [reading({ metadata: 'x' })] }, 'metadata must be a JSON object'],
    ['metadata over 4096 characters', { readings: [reading({ metadata: { blob: 'x'.repeat(4100) } })] }, 'metadata must be at most 4096 characters as JSON'],
  ])('%s -> 400', async (_label, body, detail) => {
    const user = await userWith('ev_charger');
    expect(await push(user.token, user.applianceId, body)).toMatchObject({ status: 400, body: { detail } });
    expect(await storedCounts(cloud, user.userId)).toEqual(nothingStored);
  });

  it('checks the body before ownership: a malformed body to a foreign appliance is 400', async () => {
    const owner = await userWith('ev_charger');
    const caller = await signUp(api);
    expect(await push(caller.token, owner.applianceId, { readings: [] })).toMatchObject({ status: 400 });
  });
});
