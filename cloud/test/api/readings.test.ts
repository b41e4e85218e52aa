import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { hvacReading, minutesAgo, rows, storedCounts } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const OTHER_UUID = '0b7f7a1e-5c7d-4f2e-9a57-3f1f9d1f0c11';

async function push(token: string, body: unknown) {
  return api.post('/api/v1/readings', body, { token });
}

async function storedReadings(userId: string) {
  return rows<Record<string, unknown>>(cloud, 'SELECT * FROM hvac_readings WHERE user_id = $1 ORDER BY ts, id', [userId]);
}

describe('POST /api/v1/readings: storing', () => {
  it('refuses a call without a token', async () => {
    expect(await api.post('/api/v1/readings', { readings: [hvacReading()] })).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });

  it('stores a reading with only the required fields, unassigned while the account has no HVAC', async () => {
    const user = await signUp(api);
    const timestamp = '2024-07-01T14:05:00.123456+02:00';
    const res = await push(user.token, {
      readings: [
        { timestamp: minutesAgo(3), indoor_temp: 72.5, hvac_state: 'COOL' },
        { timestamp, indoor_temp: 30, hvac_state: 'off' },
      ],
    });
    expect(res).toMatchObject({ status: 201, body: { accepted: 2 } });
    const [first, second] = await storedReadings(user.userId);
    expect(first).toMatchObject({
      appliance_id: null,
      ts: new Date('2024-07-01T12:05:00.123Z'),
      indoor_temp: 30,
      hvac_state: 'OFF',
      source: 'user',
      client: null,
    });
    expect(second).toMatchObject({ indoor_temp: 72.5, hvac_state: 'COOL', indoor_humidity: null, override_active: null, indoor_source: null });
  });

  it('stores every optional field as sent, and the client on each row', async () => {
    const user = await signUp(api);
    const hvacId = await createAppliance(cloud, user, 'hvac');
    const full = hvacReading({
      indoor_temp: 120,
      indoor_humidity: 55.5,
      outdoor_temp: -50,
      target_temp: 74,
      fan_mode: 'Auto Low',
      power_watts: 1800.5,
      hvac_action: 'cooling',
      commanded_hvac_mode: 'cool',
      commanded_fan_mode: 'high',
      commanded_setpoint: 73,
      indoor_source: 'sensor',
      override_active: false,
      room_target: 74.5,
      appliance_id: hvacId.toUpperCase(),
      unknown_field: 'ignored',
    });
    const client = { kind: 'hacs', version: '2.3.1', node_bundle: null, ha_version: '2024.7.1', extra: 'dropped' };
    expect(await push(user.token, { readings: [full, hvacReading({ indoor_source: 'entity', override_active: true })], client })).toMatchObject({
      status: 201,
      body: { accepted: 2 },
    });
    const stored = await storedReadings(user.userId);
    expect(stored[0]).toMatchObject({
      appliance_id: hvacId,
      indoor_temp: 120,
      hvac_state: 'COOL',
      indoor_humidity: 55.5,
      outdoor_temp: -50,
      target_temp: 74,
      fan_mode: 'Auto Low',
      power_watts: 1800.5,
      hvac_action: 'cooling',
      commanded_hvac_mode: 'COOL',
      commanded_fan_mode: 'high',
      commanded_setpoint: 73,
      indoor_source: 'sensor',
      override_active: false,
      room_target: 74.5,
      client: { kind: 'hacs', version: '2.3.1', node_bundle: null, ha_version: '2024.7.1' },
      source: 'user',
    });
    expect(stored[1]).toMatchObject({ appliance_id: hvacId, indoor_source: 'entity', override_active: true, client: { kind: 'hacs', version: '2.3.1' } });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 2, appliance: 0, counted: 2 });
  });

  it('accepts null for optional fields', async () => {
    const user = await signUp(api);
    const nulls = hvacReading({
      indoor_humidity: null,
      outdoor_temp: null,
      fan_mode: null,
      hvac_action: null,
      indoor_source: null,
      override_active: null,
      appliance_id: null,
    });
    expect(await push(user.token, { readings: [nulls], client: null })).toMatchObject({ status: 201, body: { accepted: 1 } });
  });

  it('normalizes hvac_state aliases, keeping ECO and DRY apart from COOL', async () => {
    const user = await signUp(api);
    const sent: [string, string | undefined][] = [
      ['cooling', undefined],
      ['eco_cool', undefined],
      ['dehumidify', undefined],
      ['fan_only', undefined],
      ['heat_cool', 'heating'],
      ['auto', 'idle'],
      ['idle', undefined],
      ['Heat', undefined],
      ['eco', undefined],
      ['DRY', undefined],
    ];
    const readings = sent.map(([hvac_state, hvac_action], i) =>
      hvacReading({ timestamp: minutesAgo(20 - i), hvac_state, ...(hvac_action && { hvac_action }) }),
    );
    expect(await push(user.token, { readings })).toMatchObject({ status: 201, body: { accepted: 10 } });
    expect((await storedReadings(user.userId)).map((r) => r.hvac_state)).toEqual(['COOL', 'ECO', 'DRY', 'FAN', 'HEAT', 'COOL', 'OFF', 'HEAT', 'ECO', 'DRY']);
  });

  it('accepts 100 readings in one request', async () => {
    const user = await signUp(api);
    const readings = Array.from({ length: 100 }, (_, i) => hvacReading({ timestamp: minutesAgo(i), indoor_temp: 70 + i / 100 }));
    expect(await push(user.token, { readings })).toMatchObject({ status: 201, body: { accepted: 100 } });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 100, appliance: 0, counted: 100 });
  });

  it('accepts a reading stamped up to 15 minutes ahead of the server clock', async () => {
    const user = await signUp(api);
    expect(await push(user.token, { readings: [hvacReading({ timestamp: minutesAgo(-14) })] })).toMatchObject({ status: 201 });
  });
});

describe('POST /api/v1/readings: invalid requests store nothing', () => {
  const many = Array.from({ length: 101 }, () => hvacReading());
  it.each([
    ['no body', undefined, 'readings is required'],
    ['readings missing', { client: { kind: 'hacs', version: '1' } }, 'readings is required'],
    ['readings null', { readings: null }, 'readings is required'],
    ['readings not an array', { readings: { timestamp: 'x' } }, 'readings must be an array'],
    ['readings empty', { readings: [] }, 'readings must contain between 1 and 100 readings'],
    ['101 readings', { readings: many }, 'readings must contain between 1 and 100 readings'],
    ['a body that is an array', [hvacReading()], 'request body must be a JSON object'],
    ['a reading that is not an object', { readings: [hvacReading(), 'x'] }, 'each reading must be an object'],
    ['a null reading', { readings: [null] }, 'each reading must be an object'],
  ])('%s -> 400', async (_label, body, detail) => {
    const user = await signUp(api);
    expect(await push(user.token, body)).toMatchObject({ status: 400, body: { detail } });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 0, appliance: 0, counted: 0 });
  });

  const BETWEEN = (field: string, min: number, max: number) => `${field} must be between ${min} and ${max}`;
  it.each([
    ['indoor_temp', 29.9, BETWEEN('indoor_temp', 30, 120)],
    ['indoor_temp', 120.1, BETWEEN('indoor_temp', 30, 120)],
    ['indoor_temp', '72', 'indoor_temp must be a number'],
    ['indoor_temp', undefined, 'indoor_temp is required'],
    ['indoor_temp', null, 'indoor_temp is required'],
    ['timestamp', undefined, 'timestamp is required'],
    ['timestamp', 1719835500, 'timestamp must be a string'],
    ['timestamp', '2024-07-01T14:05:00', 'timestamp must be an ISO 8601 date-time with a time zone, e.g. 2024-07-01T14:05:00Z'],
    ['timestamp', '2023-02-29T10:00:00Z', 'timestamp must be an ISO 8601 date-time with a time zone, e.g. 2024-07-01T14:05:00Z'],
    ['timestamp', 'yesterday', 'timestamp must be an ISO 8601 date-time with a time zone, e.g. 2024-07-01T14:05:00Z'],
    ['timestamp', minutesAgo(-16), 'timestamp must not be more than 15 minutes in the future'],
    ['hvac_state', undefined, 'hvac_state is required'],
    ['hvac_state', '', 'hvac_state is required'],
    ['hvac_state', 3, 'hvac_state must be a string'],
    ['hvac_state', 'x'.repeat(65), 'hvac_state must be at most 64 characters'],
    [
      'hvac_state',
      'warm',
      'hvac_state must be one of HEAT, COOL, ECO, DRY, OFF, FAN or an alias (cooling, heating, eco_cool, dehumidify, fan_only, idle, heat_cool, auto)',
    ],
    ['indoor_humidity', -0.1, BETWEEN('indoor_humidity', 0, 100)],
    ['indoor_humidity', 100.5, BETWEEN('indoor_humidity', 0, 100)],
    ['outdoor_temp', 150.5, BETWEEN('outdoor_temp', -50, 150)],
    ['outdoor_temp', 'hot', 'outdoor_temp must be a number'],
    ['target_temp', 29, BETWEEN('target_temp', 30, 120)],
    ['power_watts', -1, BETWEEN('power_watts', 0, 100000)],
    ['fan_mode', 5, 'fan_mode must be a string'],
    ['fan_mode', 'f'.repeat(65), 'fan_mode must be at most 64 characters'],
    ['hvac_action', true, 'hvac_action must be a string'],
    ['commanded_hvac_mode', 'FAN', 'commanded_hvac_mode must be one of COOL, HEAT, OFF'],
    ['commanded_fan_mode', ['high'], 'commanded_fan_mode must be a string'],
    ['commanded_setpoint', 121, BETWEEN('commanded_setpoint', 30, 120)],
    ['override_active', 'yes', 'override_active must be a boolean'],
    ['room_target', 200, BETWEEN('room_target', 30, 120)],
    ['appliance_id', 'living-room', 'appliance_id must be a UUID'],
    ['appliance_id', 42, 'appliance_id must be a string'],
  ])('%s = %j -> 400', async (field, value, detail) => {
    const user = await signUp(api);
    const bad = hvacReading({ [field]: value });
    if (value === undefined) delete (bad as Record<string, unknown>)[field];
    // The bad reading comes second: the whole batch is refused.
    expect(await push(user.token, { readings: [hvacReading(), bad] })).toMatchObject({ status: 400, body: { detail } });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 0, appliance: 0, counted: 0 });
  });

  it('refuses an infinite number (1e999 in the JSON)', async () => {
    const user = await signUp(api);
    const rawBody = `{"readings":[{"timestamp":"${minutesAgo(1)}","indoor_temp":72,"hvac_state":"COOL","outdoor_temp":1e999}]}`;
    const res = await api.call('POST', '/api/v1/readings', { rawBody, token: user.token, headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 400, body: { detail: 'outdoor_temp must be between -50 and 150' } });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 0, appliance: 0, counted: 0 });
  });
});

describe('POST /api/v1/readings: 422 with a structured detail', () => {
  it.each([
    [
      'an unknown client kind',
      { kind: 'python', version: '1.0' },
      [{ loc: ['body', 'client', 'kind'], msg: "Input should be 'hacs' or 'node'", type: 'literal_error' }],
    ],
    ['a client without kind', { version: '1.0' }, [{ loc: ['body', 'client', 'kind'], msg: 'Field required', type: 'missing' }]],
    [
      'an empty client version',
      { kind: 'node', version: '' },
      [{ loc: ['body', 'client', 'version'], msg: 'String should have at least 1 character', type: 'string_too_short' }],
    ],
    [
      'a 41-character client version',
      { kind: 'node', version: '1'.repeat(41) },
      [{ loc: ['body', 'client', 'version'], msg: 'String should have at most 40 characters', type: 'string_too_long' }],
    ],
    ['a client that is not an object', 'hacs 1.0', [{ loc: ['body', 'client'], msg: 'Input should be a valid dictionary', type: 'dict_type' }]],
  ])('%s', async (_label, client, detail) => {
    const user = await signUp(api);
    expect(await push(user.token, { readings: [hvacReading()], client })).toEqual(expect.objectContaining({ status: 422, body: { detail } }));
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 0, appliance: 0, counted: 0 });
  });

  it('an indoor_source other than sensor or entity', async () => {
    const user = await signUp(api);
    const res = await push(user.token, { readings: [hvacReading(), hvacReading({ indoor_source: 'thermostat' })] });
    expect(res).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'readings', 1, 'indoor_source'], msg: "Input should be 'sensor' or 'entity'", type: 'literal_error' }] },
    });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 0, appliance: 0, counted: 0 });
  });

  it('comes before the 400 field checks and lists every issue', async () => {
    const user = await signUp(api);
    const res = await push(user.token, { readings: [hvacReading({ indoor_temp: 5, indoor_source: 'SENSOR' })], client: { kind: 'hacs' } });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((i: { loc: unknown[] }) => i.loc)).toEqual([
      ['body', 'client', 'version'],
      ['body', 'readings', 0, 'indoor_source'],
    ]);
  });
});

describe('POST /api/v1/readings: appliance_id', () => {
  const required = 'appliance_id is required when the account has more than one hvac or dehumidifier appliance';
  const notOwned = (id: string) => `appliance_id ${id} is not a hvac appliance owned by this user`;

  it('implies the only HVAC; other appliance types do not count', async () => {
    const user = await signUp(api);
    const hvacId = await createAppliance(cloud, user, 'hvac');
    await createAppliance(cloud, user, 'ev_charger');
    await createAppliance(cloud, user, 'solar');
    expect(await push(user.token, { readings: [hvacReading()] })).toMatchObject({ status: 201 });
    expect((await storedReadings(user.userId))[0]).toMatchObject({ appliance_id: hvacId });
  });

  it('implies the only dehumidifier', async () => {
    const user = await signUp(api);
    const dehumidifierId = await createAppliance(cloud, user, 'dehumidifier');
    expect(await push(user.token, { readings: [hvacReading({ hvac_state: 'dehumidify' })] })).toMatchObject({ status: 201 });
    expect((await storedReadings(user.userId))[0]).toMatchObject({ appliance_id: dehumidifierId, hvac_state: 'DRY' });
  });

  it('is required with two HVACs, or an HVAC and a dehumidifier (inactive ones included)', async () => {
    const twoHvac = await signUp(api);
    await createAppliance(cloud, twoHvac, 'hvac');
    await createAppliance(cloud, twoHvac, 'hvac', { isActive: false });
    const mixed = await signUp(api);
    await createAppliance(cloud, mixed, 'hvac');
    await createAppliance(cloud, mixed, 'dehumidifier');
    for (const user of [twoHvac, mixed]) {
      expect(await push(user.token, { readings: [hvacReading()] })).toMatchObject({ status: 400, body: { detail: required } });
      expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 0, appliance: 0, counted: 0 });
    }
  });

  it('stores each reading of a batch under the appliance it names', async () => {
    const user = await signUp(api);
    const a = await createAppliance(cloud, user, 'hvac');
    const b = await createAppliance(cloud, user, 'dehumidifier');
    const res = await push(user.token, { readings: [hvacReading({ appliance_id: a, timestamp: minutesAgo(2) }), hvacReading({ appliance_id: b })] });
    expect(res).toMatchObject({ status: 201, body: { accepted: 2 } });
    expect((await storedReadings(user.userId)).map((r) => r.appliance_id)).toEqual([a, b]);
  });

  it('refuses the caller’s own non-HVAC appliance, another user’s HVAC and an unknown id, storing nothing', async () => {
    const user = await signUp(api);
    const own = await createAppliance(cloud, user, 'hvac');
    const ev = await createAppliance(cloud, user, 'ev_charger');
    const other = await signUp(api);
    const foreign = await createAppliance(cloud, other, 'hvac');
    for (const id of [ev, foreign, OTHER_UUID]) {
      const res = await push(user.token, { readings: [hvacReading({ appliance_id: own }), hvacReading({ appliance_id: id })] });
      expect(res).toMatchObject({ status: 400, body: { detail: notOwned(id) } });
    }
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 0, appliance: 0, counted: 0 });
    expect(await storedCounts(cloud, other.userId)).toEqual({ hvac: 0, appliance: 0, counted: 0 });
  });

  it('refuses any appliance_id while the account has no HVAC', async () => {
    const user = await signUp(api);
    expect(await push(user.token, { readings: [hvacReading({ appliance_id: OTHER_UUID })] })).toMatchObject({
      status: 400,
      body: { detail: notOwned(OTHER_UUID) },
    });
  });
});

describe('readings pushed by a device (service level; the device token comes with the satellite endpoints)', () => {
  const request = (readings: Record<string, unknown>[]) => ({ readings: readings as never });

  it('stores under the bound appliance with source device, even when the account has several HVACs', async () => {
    const user = await signUp(api);
    const bound = await createAppliance(cloud, user, 'hvac');
    await createAppliance(cloud, user, 'hvac');
    const result = await cloud.services.readings.ingestHvac(
      { userId: user.userId, boundApplianceId: bound },
      request([hvacReading(), hvacReading({ appliance_id: bound })]),
      new Date(),
    );
    expect(result).toEqual({ accepted: 2 });
    expect((await storedReadings(user.userId)).map((r) => [r.appliance_id, r.source])).toEqual([
      [bound, 'device'],
      [bound, 'device'],
    ]);
  });

  it('refuses a reading tagged with another appliance and stores nothing', async () => {
    const user = await signUp(api);
    const bound = await createAppliance(cloud, user, 'hvac');
    const sibling = await createAppliance(cloud, user, 'hvac');
    const attempt = cloud.services.readings.ingestHvac(
      { userId: user.userId, boundApplianceId: bound },
      request([hvacReading(), hvacReading({ appliance_id: sibling })]),
      new Date(),
    );
    await expect(attempt).rejects.toEqual(new AppError(400, `appliance_id ${sibling} is not the appliance this device is bound to`));
    await expect(attempt).rejects.toMatchObject({ status: 400 });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 0, appliance: 0, counted: 0 });
  });
});
