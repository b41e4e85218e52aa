// The two homes of one homeowner: home A runs Home Assistant (the simulator's house) with the
// add-on; home B has an air conditioner behind a firmware-sim satellite. Both run on the shared
// accelerated clock, and both keep a record of what they applied at every slot, so a check can
// name the slot and home where it failed.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSimulator, type RunningSimulator } from '@offpeak/firmware-sim';
import { createLogger, type HaSimHandle, type RunningAddon, startAddon, startHaSim } from '@offpeak/hub-addon/testing';
import type { SharedClock } from './sim-clock.js';

export const ZONE = 'America/New_York';
const HA_TOKEN = 'system-test-ha-token';

/** Home A's appliances in the cloud, pointing at the simulator house's entities. */
export const HOUSE_APPLIANCES = [
  { type: 'hvac', name: 'Thermostat', config: { entity_id: 'climate.thermostat', indoor_temp_entity_id: 'sensor.thermostat_temperature' } },
  {
    type: 'ev_charger',
    name: 'EV',
    config: {
      entity_id: 'switch.ev_charger',
      soc_entity_id: 'sensor.ev_battery',
      power_entity_id: 'sensor.ev_charger_power',
      battery_capacity_kwh: 60,
      max_charge_rate_kw: 7.4,
    },
  },
  { type: 'water_heater', name: 'Water heater', config: { entity_id: 'switch.water_heater', temp_entity_id: 'sensor.water_heater_temperature' } },
];

export interface Account {
  email: string;
  password: string;
  token: string;
  userId: string;
  session: Record<string, unknown>;
  call<T = any>(method: string, route: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export async function signUp(url: () => string, tag: string): Promise<Account> {
  const email = `system-${tag}-${Date.now()}@example.com`;
  const password = 'system test password';
  const raw = (method: string, route: string, body: unknown, token?: string) => request(url() + route, method, body, token);
  const signup = await raw('POST', '/auth/signup', { email, password, location_zip: '10001' });
  if (signup.status !== 200) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const token = signup.body.access_token as string;
  const account: Account = { email, password, token, userId: signup.body.user.id, session: signup.body, call: (m, r, b) => raw(m, r, b, token) };
  const tz = await account.call('PATCH', '/auth/me', { timezone: ZONE, weather_entity_id: 'weather.home' });
  if (tz.status !== 200) throw new Error(`profile: ${tz.status} ${JSON.stringify(tz.body)}`);
  return account;
}

/**
 * One JSON request on a fresh connection (no keep-alive): the fault tests kill and restart the
 * cloud, and a pooled socket to a dead instance would fail a request the new one never saw.
 */
export function request(url: string, method: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(token && { authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface AddonLine {
  msg: string;
  [k: string]: any;
}

export interface HomeA {
  ha: HaSimHandle;
  addon: RunningAddon;
  lines: AddonLine[];
  /** HVAC slots (date#index) the add-on applied or found as planned. */
  hvacSlots(): Set<string>;
  stop(): Promise<void>;
}

/** Home A: the simulator's house and the add-on (in this process, on the shared clock). */
export async function startHomeA(account: Account, cloudUrl: string, clock: SharedClock): Promise<HomeA> {
  const addonClock = clock.simulated();
  const ha = await startHaSim({
    house: { timeZone: ZONE, unitSystem: 'us_customary' },
    token: HA_TOKEN,
    clock: () => addonClock.now(),
    physicsIntervalMs: 200,
  });
  const lines: AddonLine[] = [];
  const log = createLogger({
    level: 'info',
    now: () => addonClock.now(),
    write: (line: string) => {
      lines.push(JSON.parse(line));
      if (process.env.ADDON_LOG) process.stderr.write(`[addon] ${line}\n`);
    },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offpeak-system-addon-'));
  const addon = await startAddon({
    config: {
      ha: { url: ha.wsUrl, token: HA_TOKEN, supervised: false },
      cloudUrl,
      email: account.email,
      password: account.password,
      refreshToken: null,
      dataDir,
      logLevel: 'info',
      householdPowerEntityId: 'sensor.household_power',
      appliances: [],
      missingOptions: [],
    },
    clock: addonClock,
    log,
    pingIntervalMs: 1000,
    pingTimeoutMs: 1000,
  });
  return {
    ha,
    addon,
    lines,
    hvacSlots: () =>
      new Set(lines.filter((l) => (l.msg === 'applied' || l.msg === 'already as planned') && l.type === 'hvac').map((l) => `${l.date}#${l.slot}`)),
    stop: async () => {
      await addon.stop();
      await ha.stop();
      addonClock.dispose();
    },
  };
}

export interface HomeB {
  sim: RunningSimulator;
  deviceId: string;
  applianceId: string;
  /** What the satellite applied, per slot (date#index): its setpoint and where it came from. */
  applied: Map<string, { target: number; source: string }>;
  /** The satellite's log lines (claimed, command, readings_pushed, cloud_unreachable...). */
  events: { at: string; event: string; [k: string]: unknown }[];
  stop(): Promise<void>;
}

/** Home B: a satellite claimed with a code from the homeowner, on the shared clock. */
export async function startHomeB(account: Account, cloudUrl: string, clock: SharedClock, stateDir?: string): Promise<HomeB> {
  const code = await account.call('POST', '/api/v1/devices/enroll-token');
  if (code.status !== 200) throw new Error(`enroll token: ${code.status} ${JSON.stringify(code.body)}`);
  const deviceId = `SN-SYSTEM-${Date.now()}`;
  const simClock = clock.simulated();
  const events: HomeB['events'] = [];
  const sim = await startSimulator({
    cloudUrl,
    deviceId,
    stateDir: stateDir ?? mkdtempSync(path.join(tmpdir(), 'offpeak-system-sat-')),
    code: code.body.enroll_token,
    name: 'Bedroom AC',
    setpointMinF: 60,
    setpointMaxF: 85,
    clock: simClock,
    log: (l) => {
      events.push(l);
      if (process.env.SAT_LOG) process.stderr.write(`[satellite] ${JSON.stringify(l)}\n`);
    },
  });
  const claimed = await sim.waitFor((s) => s.applianceId !== null, 30_000);
  const applied = new Map<string, { target: number; source: string }>();
  const watch = setInterval(() => {
    const a = sim.state().applied;
    if (a) applied.set(`${a.slot.date}#${a.slot.index}`, { target: a.target_temp_f, source: a.source });
  }, 20);
  return {
    sim,
    deviceId,
    applianceId: claimed.applianceId!,
    applied,
    events,
    stop: async () => {
      clearInterval(watch);
      await sim.stop();
      simClock.dispose();
    },
  };
}
