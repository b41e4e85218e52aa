// The accounts bench:route-cost measures with, and the request of each route it measures: add-on
// homes (HVAC, EV, water heater, battery, each planned once) and satellite homes (a claimed
// device), sending what the system benchmark's homes send (e2e/bench/system/).
import { call } from '../cloud-process.js';

const ADDON_HOMES = 20;
const SATELLITE_HOMES = 8;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
const APPLIANCES = [
  { appliance_type: 'hvac', name: 'Thermostat', config: { entity_id: 'climate.thermostat', indoor_temp_entity_id: 'sensor.thermostat_temperature' } },
  {
    appliance_type: 'ev_charger',
    name: 'EV',
    config: { entity_id: 'switch.ev_charger', soc_entity_id: 'sensor.ev_battery', battery_capacity_kwh: 60, max_charge_rate_kw: 7.4 },
  },
  { appliance_type: 'water_heater', name: 'Water heater', config: { entity_id: 'switch.water_heater', temp_entity_id: 'sensor.water_heater_temperature' } },
  {
    appliance_type: 'home_battery',
    name: 'Battery',
    config: { entity_id: 'switch.home_battery_charge', soc_entity_id: 'sensor.home_battery', capacity_kwh: 13.5, max_charge_rate_kw: 5 },
  },
];
const CLIENT = { kind: 'node', version: 'route-cost', node_bundle: 'node 22' };

interface Home {
  accessToken: string;
  refreshToken: string;
  hvacId: string;
  evId: string;
}

/** One route's request; `send(lane)` resolves true when the status is the expected one. */
export interface RouteCase {
  name: string;
  send(lane: number): Promise<boolean>;
}

export async function setUpHomes(baseUrl: string): Promise<RouteCase[]> {
  const tag = Date.now().toString(36);
  const homes: Home[] = [];
  for (let i = 0; i < ADDON_HOMES; i++) {
    const session = await signUp(baseUrl, `route-cost-${tag}-${i}@example.com`, ZONES[i % ZONES.length]!);
    const ids: string[] = [];
    for (const a of APPLIANCES) ids.push((await call(baseUrl, 'POST', '/api/v1/appliances', a, session.access_token)).appliance_id);
    await call(baseUrl, 'POST', '/api/v1/schedule/recompute', undefined, session.access_token);
    homes.push({ accessToken: session.access_token, refreshToken: session.refresh_token, hvacId: ids[0]!, evId: ids[1]! });
  }
  const devices: string[] = [];
  for (let i = 0; i < SATELLITE_HOMES; i++) {
    const session = await signUp(baseUrl, `route-cost-${tag}-sat-${i}@example.com`, ZONES[i % ZONES.length]!);
    const { enroll_token } = await call(baseUrl, 'POST', '/api/v1/devices/enroll-token', undefined, session.access_token);
    const claimed = await call(baseUrl, 'POST', '/api/v1/devices/claim', {
      enroll_token,
      device_id: `SN-COST-${tag}-${i}`,
      name: 'Bedroom AC',
      hvac_type: 'window_ac',
      setpoint_min_f: 60,
      setpoint_max_f: 86,
    });
    await call(baseUrl, 'POST', '/api/v1/schedule/recompute', undefined, session.access_token);
    devices.push(claimed.device_token);
  }

  // Lane k takes homes k, k+4, k+8...: one home is never in two requests at once (refresh rotates).
  const turns = new Map<string, number>();
  const pick = <T>(list: T[], key: string, lane: number): T => {
    const turn = turns.get(`${key}/${lane}`) ?? 0;
    turns.set(`${key}/${lane}`, turn + 1);
    return list[(lane + 4 * turn) % list.length]!;
  };
  // Readings go in one second apart, from 20 days ago: never in the future, never a repeated instant.
  let readingMs = Date.now() - 20 * 86_400_000;
  const stamp = () => new Date((readingMs += 1000)).toISOString();
  const send = async (method: string, path: string, token: string, body: unknown, expect: number) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.arrayBuffer();
    return res.status === expect;
  };
  const user = (name: string, method: string, path: (h: Home) => string, body: (h: Home) => unknown, expect = 200): RouteCase => ({
    name,
    send: (lane) => {
      const h = pick(homes, name, lane);
      return send(method, path(h), h.accessToken, body(h), expect);
    },
  });
  const device = (name: string, method: string, path: string, body: () => unknown): RouteCase => ({
    name,
    send: (lane) => send(method, path, pick(devices, name, lane), body(), 200),
  });
  const hvacReading = (h: Home) => ({
    readings: [
      {
        timestamp: stamp(),
        appliance_id: h.hvacId,
        indoor_temp: 68.4,
        hvac_state: 'HEAT',
        indoor_source: 'entity',
        indoor_humidity: 40,
        target_temp: 68,
        fan_mode: 'auto',
        hvac_action: 'heating',
        outdoor_temp: 41.2,
        commanded_setpoint: 68,
        room_target: 68,
        override_active: false,
      },
    ],
    client: CLIENT,
  });

  return [
    user('POST /api/v1/readings', 'POST', () => '/api/v1/readings', hvacReading, 201),
    user(
      'POST /api/v1/appliances/{id}/readings',
      'POST',
      (h) => `/api/v1/appliances/${h.evId}/readings`,
      () => ({ readings: [{ timestamp: stamp(), state: 'IDLE', value: 52.1 }] }),
      201,
    ),
    user(
      'POST /api/v1/household-load/readings',
      'POST',
      () => '/api/v1/household-load/readings',
      () => ({ readings: [{ timestamp: stamp(), value: 900 }] }),
      201,
    ),
    user(
      'GET /api/v1/schedules/updated-at',
      'GET',
      () => '/api/v1/schedules/updated-at',
      () => undefined,
    ),
    user(
      'GET /api/v1/schedules',
      'GET',
      () => '/api/v1/schedules',
      () => undefined,
    ),
    user(
      'GET /auth/me',
      'GET',
      () => '/auth/me',
      () => undefined,
    ),
    user(
      'GET /api/v1/appliances',
      'GET',
      () => '/api/v1/appliances',
      () => undefined,
    ),
    {
      name: 'POST /auth/refresh',
      send: async (lane) => {
        const h = pick(homes, 'refresh', lane);
        const res = await fetch(`${baseUrl}/auth/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: h.refreshToken }),
        });
        const body = (await res.json()) as { access_token: string; refresh_token: string };
        if (res.status !== 200) return false;
        h.accessToken = body.access_token;
        h.refreshToken = body.refresh_token;
        return true;
      },
    },
    device('GET /api/v1/devices/config', 'GET', '/api/v1/devices/config', () => undefined),
    device('GET /api/v1/devices/commands?wait=0', 'GET', '/api/v1/devices/commands?wait=0', () => undefined),
    device('POST /api/v1/devices/state', 'POST', '/api/v1/devices/state', () => ({
      source: 'schedule',
      mode: 'HEAT',
      target_temp_f: 68,
      fan: 'auto',
      power: true,
      firmware_version: '1.4.2',
      rssi: -61,
    })),
    device('GET /api/v1/schedule (device)', 'GET', '/api/v1/schedule', () => undefined),
    {
      name: 'POST /api/v1/readings (device)',
      send: (lane) =>
        send(
          'POST',
          '/api/v1/readings',
          pick(devices, 'device-readings', lane),
          { readings: [{ timestamp: stamp(), indoor_temp: 70.2, hvac_state: 'HEAT', indoor_source: 'sensor' }] },
          201,
        ),
    },
  ];
}

async function signUp(baseUrl: string, email: string, timezone: string): Promise<{ access_token: string; refresh_token: string }> {
  const session = await call(baseUrl, 'POST', '/auth/signup', { email, password: 'route-cost-password', location_zip: '10001' });
  await call(baseUrl, 'PATCH', '/auth/me', { timezone, weather_entity_id: 'weather.home' }, session.access_token);
  return session;
}
