// Every hostile body the gate is known to face, sent to the real routes: each answers 2xx (the
// hostile key ignored) or 400 with a detail naming the field, never 500, and a 400 changes
// nothing stored. The property tests of the gate itself are in src/contract/*.test.ts.
import express from 'express';
import type { AddressInfo } from 'node:net';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../src/http/error-middleware.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { claimDevice, enrollToken, uniqueDeviceId, type ClaimedDevice } from '../support/devices.js';
import { apiClient, signUp, uniqueEmail, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;
let user: Awaited<ReturnType<typeof signUp>>;
let hvacId: string;
let evId: string;
let device: ClaimedDevice;

beforeAll(async () => {
  cloud = await startTestCloud({ authRateLimitPerMinute: 0, authRateLimitPerIpPerMinute: 0 });
  api = apiClient(cloud.url);
  user = await signUp(api);
  hvacId = await createAppliance(cloud, user, 'hvac');
  evId = await createAppliance(cloud, user, 'ev_charger');
  device = await claimDevice(api, user.token);
});
afterAll(() => cloud.stop());

/** A digest of every stored row, except the planning queue that earlier saves fill in the background. */
async function storedState(): Promise<string> {
  const db = cloud.db;
  const tables = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'planning_jobs' ORDER BY tablename",
    { type: QueryTypes.SELECT },
  );
  const digests: string[] = [];
  for (const { name } of tables) {
    const [row] = await db.query<{ d: string }>(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM "${name}" t`, {
      type: QueryTypes.SELECT,
    });
    digests.push(`${name}:${row!.d}`);
  }
  return digests.join('\n');
}

const hvacReading = (extra: string) =>
  JSON.parse(`{"timestamp":"${new Date().toISOString()}","indoor_temp":71,"hvac_state":"COOL","appliance_id":"${hvacId}"${extra}}`) as Record<string, unknown>;
const evReading = (extra: string) => JSON.parse(`{"timestamp":"${new Date().toISOString()}","state":"CHARGING","value":50${extra}}`) as Record<string, unknown>;
const temps = Array.from({ length: 24 }, () => 70);

type Auth = 'user' | 'device' | 'none';
interface Case {
  name: string;
  method: string;
  path: () => string;
  auth: Auth;
  body?: () => unknown;
  rawBody?: () => string;
  headers?: Record<string, string>;
  /** 400 with this detail; absent: any 2xx. */
  detail?: string;
}

async function send(c: Case) {
  const token = c.auth === 'user' ? user.token : c.auth === 'device' ? device.deviceToken : undefined;
  const rawBody = c.rawBody?.() ?? (c.body ? JSON.stringify(c.body()) : undefined);
  return api.call(c.method, c.path(), { token, rawBody, headers: { ...(rawBody !== undefined && { 'content-type': 'application/json' }), ...c.headers } });
}

// A key named like an Object.prototype member, on every operation with a body.
const PROTOTYPE_KEYS: Case[] = [
  {
    name: 'login with constructor',
    method: 'POST',
    path: () => '/auth/login',
    auth: 'none',
    rawBody: () => `{"email":"${user.email}","password":"${user.password}","constructor":{}}`,
  },
  {
    name: 'refresh with toString',
    method: 'POST',
    path: () => '/auth/refresh',
    auth: 'none',
    rawBody: () => '{"refresh_token":"x","toString":" "}',
    detail: 'Invalid Refresh Token',
  },
  {
    name: 'signup with hasOwnProperty',
    method: 'POST',
    path: () => '/auth/signup',
    auth: 'none',
    rawBody: () => `{"email":"${uniqueEmail('b')}","password":"xxxxxx","hasOwnProperty":true}`,
  },
  {
    name: 'profile with hasOwnProperty',
    method: 'PATCH',
    path: () => '/auth/me',
    auth: 'user',
    rawBody: () => '{"timezone":"America/Chicago","hasOwnProperty":-2147483648}',
  },
  {
    name: 'claim with toString',
    method: 'POST',
    path: () => '/api/v1/devices/claim',
    auth: 'none',
    rawBody: () => '{"enroll_token":"x","device_id":"xxx","name":"x","hvac_type":"furnace","toString":{}}',
    detail: 'Invalid enrollment token',
  },
  {
    name: 'device state with toString',
    method: 'POST',
    path: () => '/api/v1/devices/state',
    auth: 'device',
    rawBody: () => '{"source":"command","mode":"HEAT","power":true,"toString":-1}',
  },
  {
    name: 'appliance create with valueOf',
    method: 'POST',
    path: () => '/api/v1/appliances',
    auth: 'user',
    rawBody: () => '{"appliance_type":"robot","name":"Mower","config":{"entity_id":"vacuum.r","__proto__":{"x":1},"constructor":1},"valueOf":{}}',
  },
  {
    name: 'appliance update with __proto__',
    method: 'PUT',
    path: () => `/api/v1/appliances/${evId}`,
    auth: 'user',
    rawBody: () => '{"name":"EV","__proto__":{"is_active":false},"isPrototypeOf":1}',
  },
  {
    name: 'constraints with __lookupGetter__',
    method: 'POST',
    path: () => `/api/v1/appliances/${evId}/constraints`,
    auth: 'user',
    rawBody: () => '{"target_charge_pct":80,"deadline_time":"07:00","__lookupGetter__":1,"toString":"x"}',
  },
  {
    name: 'preferences with valueOf',
    method: 'PUT',
    path: () => '/api/v1/preferences',
    auth: 'user',
    rawBody: () => '{"base_temperature":71,"valueOf":1,"__proto__":{"savings_level":9}}',
  },
  {
    name: 'rates with constructor',
    method: 'PUT',
    path: () => '/api/v1/rates',
    auth: 'user',
    rawBody: () => '{"pricing_adder_cents_per_kwh":1,"constructor":{"prototype":1}}',
  },
  {
    name: 'HVAC readings with hasOwnProperty, __proto__, constructor',
    method: 'POST',
    path: () => '/api/v1/readings',
    auth: 'user',
    body: () => ({ readings: [hvacReading(',"hasOwnProperty":1,"__proto__":{"a":1},"constructor":{}')], toString: 1 }),
  },
  {
    name: 'HVAC readings from the device with valueOf',
    method: 'POST',
    path: () => '/api/v1/readings',
    auth: 'device',
    body: () => ({ readings: [hvacReading(',"valueOf":"x"')].map(({ appliance_id: _, ...r }) => r) }),
  },
  {
    name: 'appliance readings with toString',
    method: 'POST',
    path: () => `/api/v1/appliances/${evId}/readings`,
    auth: 'user',
    body: () => ({ readings: [evReading(',"toString":{},"metadata":{"constructor":1}')] }),
  },
  {
    name: 'weather push with __proto__',
    method: 'POST',
    path: () => '/api/v1/weather',
    auth: 'user',
    rawBody: () => `{"forecast":{"hourly_temps_f":${JSON.stringify(temps)},"__proto__":{}},"__proto__":{"forecast":1}}`,
  },
  {
    name: 'command with toLocaleString',
    method: 'POST',
    path: () => `/api/v1/appliances/${device.applianceId}/command`,
    auth: 'user',
    rawBody: () => '{"power":true,"toLocaleString":{},"__proto__":{"hold":"x"}}',
  },
  { name: 'metrics query with prototype names', method: 'GET', path: () => '/api/v1/me/metrics/summary?constructor=1&__proto__=2&toString=3', auth: 'user' },
  { name: 'rankings query with prototype names', method: 'GET', path: () => '/api/v1/me/rankings?hasOwnProperty=1&window=7', auth: 'user' },
];

// What the gate refuses: wrong types before any transform, deep
// nesting, text PostgreSQL cannot store, undecodable paths.
const REFUSED: Case[] = [
  {
    name: 'profile with an object ZIP',
    method: 'PATCH',
    path: () => '/auth/me',
    auth: 'user',
    body: () => ({ location_zip: {} }),
    detail: 'location_zip must be a string',
  },
  {
    name: 'profile with a numeric ZIP',
    method: 'PATCH',
    path: () => '/auth/me',
    auth: 'user',
    body: () => ({ location_zip: 12345 }),
    detail: 'location_zip must be a string',
  },
  {
    name: 'signup with an object ZIP',
    method: 'POST',
    path: () => '/auth/signup',
    auth: 'none',
    body: () => ({ email: uniqueEmail('c'), password: 'xxxxxx', location_zip: {} }),
    detail: 'location_zip must be a string',
  },
  {
    name: 'signup with an email whose toString is not a function',
    method: 'POST',
    path: () => '/auth/signup',
    auth: 'none',
    body: () => ({ email: { toString: 1 }, password: 'xxxxxx' }),
    detail: 'email must be a string',
  },
  {
    name: 'login with an array email',
    method: 'POST',
    path: () => '/auth/login',
    auth: 'none',
    body: () => ({ email: ['a@example.com'], password: 'x' }),
    detail: 'email must be a string',
  },
  {
    name: 'signup with an array body',
    method: 'POST',
    path: () => '/auth/signup',
    auth: 'none',
    body: () => [1],
    detail: 'request body must be a JSON object',
  },
  {
    name: 'appliance readings with metadata nested 5,000 levels deep',
    method: 'POST',
    path: () => `/api/v1/appliances/${evId}/readings`,
    auth: 'user',
    rawBody: () => `{"readings":[{"timestamp":"${new Date().toISOString()}","state":"IDLE","value":1,"metadata":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}]}`,
    detail: 'readings[0].metadata must be nested at most 32 levels deep',
  },
  {
    name: 'appliance readings with metadata of arrays 100,000 deep',
    method: 'POST',
    path: () => `/api/v1/appliances/${evId}/readings`,
    auth: 'user',
    rawBody: () =>
      `{"readings":[{"timestamp":"${new Date().toISOString()}","state":"IDLE","value":1,"metadata":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}]}`,
    detail: 'readings[0].metadata must be nested at most 32 levels deep',
  },
  {
    name: 'appliance readings with a lone surrogate in metadata',
    method: 'POST',
    path: () => `/api/v1/appliances/${evId}/readings`,
    auth: 'user',
    rawBody: () => `{"readings":[{"timestamp":"${new Date().toISOString()}","state":"IDLE","value":1,"metadata":{"k":"\\ud800"}}]}`,
    detail: 'readings[0].metadata must be valid text (no NUL character or lone surrogate)',
  },
  {
    name: 'HVAC readings with a NUL in hvac_state',
    method: 'POST',
    path: () => '/api/v1/readings',
    auth: 'user',
    body: () => ({ readings: [{ ...hvacReading(''), hvac_state: 'CO\u0000OL' }] }),
    detail: 'readings[0].hvac_state must be valid text (no NUL character or lone surrogate)',
  },
  {
    name: 'appliance named with a NUL',
    method: 'POST',
    path: () => '/api/v1/appliances',
    auth: 'user',
    body: () => ({ appliance_type: 'robot', name: 'a\u0000b', config: { entity_id: 'vacuum.x' } }),
    detail: 'name must be valid text (no NUL character or lone surrogate)',
  },
  {
    name: 'claim with a NUL device_id',
    method: 'POST',
    path: () => '/api/v1/devices/claim',
    auth: 'none',
    body: () => ({ enroll_token: 'x', device_id: 'ab\u0000c', name: 'x', hvac_type: 'furnace' }),
    detail: 'device_id must be valid text (no NUL character or lone surrogate)',
  },
  {
    name: 'device state with a lone surrogate firmware',
    method: 'POST',
    path: () => '/api/v1/devices/state',
    auth: 'device',
    rawBody: () => '{"source":"schedule","firmware_version":"\\udc00"}',
    detail: 'firmware_version must be valid text (no NUL character or lone surrogate)',
  },
  {
    name: 'weather forecast nested 3,000 deep',
    method: 'POST',
    path: () => '/api/v1/weather',
    auth: 'user',
    rawBody: () => `{"forecast":{"hourly_temps_f":${JSON.stringify(temps)},"hourly_humidity":${'['.repeat(3000)}${']'.repeat(3000)}}}`,
    detail: 'forecast must be nested at most 32 levels deep',
  },
  {
    name: 'weather with a huge text temperature',
    method: 'POST',
    path: () => '/api/v1/weather',
    auth: 'user',
    body: () => ({ forecast: { hourly_temps_f: [...temps.slice(1), 'x'.repeat(10_000)] } }),
    detail: `forecast.hourly_temps_f[23]="${'x'.repeat(39)}... is outside the allowed range [-50, 150]`,
  },
  {
    name: 'config with a proto-keyed object as entity_id',
    method: 'POST',
    path: () => '/api/v1/appliances',
    auth: 'user',
    rawBody: () => '{"appliance_type":"robot","name":"r","config":{"entity_id":{"toString":1}}}',
    detail: 'entity_id: must be an entity id such as vacuum.kitchen',
  },
  {
    name: 'constraints with an object whose toString is not a function',
    method: 'POST',
    path: () => `/api/v1/appliances/${evId}/constraints`,
    auth: 'user',
    rawBody: () => '{"target_charge_pct":0,"min_charge_pct":{"toString":{}}}',
    detail: 'min_charge_pct: must be a number or null',
  },
  {
    name: 'a gzip body that does not inflate',
    method: 'POST',
    path: () => '/auth/login',
    auth: 'none',
    rawBody: () => '{"email":"a@example.com"}',
    headers: { 'content-encoding': 'gzip' },
    detail: 'Request body could not be read',
  },
  {
    name: 'a repeated window',
    method: 'GET',
    path: () => '/api/v1/me/metrics/summary?window=5&window=6',
    auth: 'user',
    detail: 'window must be an integer between 1 and 90',
  },
  {
    name: 'a hexadecimal window',
    method: 'GET',
    path: () => '/api/v1/me/rankings?window=0x10',
    auth: 'user',
    detail: 'window must be an integer between 1 and 90',
  },
];

const NOT_FOUND_PATHS: Case[] = [
  { name: 'an undecodable appliance id', method: 'GET', path: () => '/api/v1/appliances/%E0%A4%A/constraints', auth: 'user' },
  {
    name: 'an appliance id that decodes to a lone surrogate',
    method: 'PUT',
    path: () => '/api/v1/appliances/%ED%A0%80',
    auth: 'user',
    body: () => ({ name: 'x' }),
  },
  { name: 'a device id with a NUL', method: 'DELETE', path: () => '/api/v1/devices/SAT%00X', auth: 'user' },
  { name: 'a metrics date with a NUL', method: 'GET', path: () => '/api/v1/me/metrics/day/2026-01-01%00', auth: 'user' },
];

describe('hostile bodies', () => {
  it.each(REFUSED.map((c) => [c.name, c]))('%s: 400 naming the field, nothing stored changes', async (_name, c) => {
    const before = await storedState();
    const res = await send(c);
    expect(res).toMatchObject({ status: 400, body: { detail: c.detail } });
    expect(await storedState()).toBe(before);
  });

  it.each(NOT_FOUND_PATHS.map((c) => [c.name, c]))('%s in the path: 404 like an unknown route, nothing stored changes', async (_name, c) => {
    const before = await storedState();
    const res = await send(c);
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/^Not found: [A-Z]+ \/api\/v1\//);
    expect(await storedState()).toBe(before);
  });

  it.each(PROTOTYPE_KEYS.map((c) => [c.name, c]))('%s: the prototype-named key is ignored', async (_name, c) => {
    const before = c.detail ? await storedState() : '';
    const res = await send(c);
    if (c.detail) {
      expect(res).toMatchObject({ status: 400, body: { detail: c.detail } });
      expect(await storedState()).toBe(before);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
    }
  });

  it('stores what the prototype-named keys surrounded, and nothing of them', async () => {
    const [rows] = (await cloud.db.query('SELECT name, is_active FROM appliances WHERE id = :id', { replacements: { id: evId } })) as [
      { name: string; is_active: boolean }[],
      unknown,
    ];
    expect(rows[0]).toEqual({ name: 'EV', is_active: true });
    const constraints = await api.get(`/api/v1/appliances/${evId}/constraints`, { token: user.token });
    expect(constraints.body.constraints).toEqual({ target_charge_pct: 80, deadline_time: '07:00' });
    const prefs = await api.get('/api/v1/preferences', { token: user.token });
    expect(prefs.body).toMatchObject({ base_temperature: 71, savings_level: 1 });
  });

  it('a claim with a prototype-named key and a real code claims the device', async () => {
    const code = await enrollToken(api, user.token);
    const res = await api.call('POST', '/api/v1/devices/claim', {
      rawBody: `{"enroll_token":"${code}","device_id":"${uniqueDeviceId()}","name":"Den","hvac_type":"furnace","toString":{},"__proto__":{"setpoint_min_f":1}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.body.device_token).toEqual(expect.any(String));
  });
});

describe('the error middleware', () => {
  it('still answers an unexpected exception with 500 Internal server error and exactly one log line', async () => {
    const lines: unknown[] = [];
    const app = express();
    app.use((req, _res, next) => {
      (req as unknown as { log: object }).log = { error: (...args: unknown[]) => lines.push(args), warn: (...args: unknown[]) => lines.push(args) };
      next();
    });
    app.get('/boom', () => {
      throw new TypeError('field.resolve is not a function');
    });
    app.use(errorHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await apiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).get('/boom');
      expect(res).toMatchObject({ status: 500, body: { detail: 'Internal server error' } });
      expect(lines).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
