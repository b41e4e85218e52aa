// The add-on's configuration: the add-on options (/data/options.json, written by the Supervisor
// from config.yaml's schema) and the environment. Under the Supervisor, SUPERVISOR_TOKEN opens
// ws://supervisor/core/websocket; standalone, HA_URL and HA_TOKEN name another Home Assistant (or
// the simulator) and OFFPEAK_* stand in for the options. The only reader of process.env and of the
// options file; everything else receives the frozen result.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LogLevel } from './log.js';

/** Local adjustments of one cloud appliance, matched by id or (case-insensitive) name. */
export interface ApplianceOverride {
  appliance: string;
  /** false: never command this appliance from this hub (readings still flow). */
  enabled?: boolean;
  entity_id?: string;
  soc_entity_id?: string;
  temp_entity_id?: string;
  indoor_temp_entity_id?: string;
  /** For a `select.*` battery entity: the option meaning "charge" and the one meaning "don't" (self-consumption). */
  charge_option?: string;
  idle_option?: string;
  /** For a `select.*` battery entity: the option that keeps the charge (backup, standby), taken in slots the plan holds. */
  hold_option?: string;
  /** For a `select.*` battery entity: the option that discharges past the house (forced discharge, export), taken in slots the plan exports. */
  export_option?: string;
}

/** The ingress panel's listener: under the Supervisor on the ingress port, reachable from its proxy only. */
export interface PanelConfig {
  host: string;
  port: number;
  /** The one client address allowed (the Supervisor's ingress proxy); null: any (a loopback listener). */
  allowFrom: string | null;
}

export interface AddonConfig {
  ha: { url: string; token: string; supervised: boolean };
  /** Null until set: the add-on then waits, connected to Home Assistant only (missingOptions). */
  cloudUrl: string | null;
  email: string | null;
  password: string | null;
  refreshToken: string | null;
  dataDir: string;
  logLevel: LogLevel;
  householdPowerEntityId: string | null;
  /**
   * Send Home Assistant's location to an account that has none (features/share-location.ts).
   * Absent in a configuration built in code (tests, e2e): true, the option's default.
   */
  shareLocation?: boolean;
  appliances: ApplianceOverride[];
  /** What to set before the add-on can reach Offpeak (a first start), one line each; empty once set. */
  missingOptions: string[];
  /** Absent: no panel (standalone without OFFPEAK_PANEL_PORT, tests, the bench). */
  panel?: PanelConfig;
}

/** Bad or missing configuration; the message names every option at fault. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_OPTIONS_FILE = '/data/options.json';
/** The form of cloud_url the docs give: the address the Offpeak dashboard is opened at. */
export const CLOUD_URL_EXAMPLE = 'https://offpeak.example.com';
const SUPERVISOR_WS = 'ws://supervisor/core/websocket';
/** config.yaml's ingress_port, and the address of the Supervisor's ingress proxy (the only client it allows). */
export const INGRESS_PORT = 8099;
const SUPERVISOR_INGRESS_ADDRESS = '172.30.32.2';
const LEVELS: Record<string, LogLevel> = {
  trace: 'debug',
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warning: 'warn',
  warn: 'warn',
  error: 'error',
  fatal: 'error',
};
const ENTITY = /^[a-z_]+\.[a-z0-9_]+$/;
const OVERRIDE_KEYS = [
  'appliance',
  'enabled',
  'entity_id',
  'soc_entity_id',
  'temp_entity_id',
  'indoor_temp_entity_id',
  'charge_option',
  'idle_option',
  'hold_option',
  'export_option',
];

/** The WebSocket URL of Core from an http(s) or ws(s) base: `/api/websocket` is added to a bare host. */
export function websocketUrl(raw: string): string {
  const u = new URL(raw);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  else if (u.protocol === 'https:') u.protocol = 'wss:';
  if (!/websocket\/?$/.test(u.pathname)) u.pathname = u.pathname.replace(/\/+$/, '') + '/api/websocket';
  return u.toString();
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A true/false option: the variable (`true` or `false`) wins over the option; `fallback` without either; null for anything else. */
function parseFlag(variable: string | undefined, option: unknown, fallback: boolean): boolean | null {
  const text = str(variable)?.toLowerCase() ?? null;
  if (text !== null) return text === 'true' ? true : text === 'false' ? false : null;
  if (option === undefined || option === null) return fallback;
  return typeof option === 'boolean' ? option : null;
}

function readOptions(file: string, explicit: boolean, problems: string[]): Record<string, unknown> {
  if (!existsSync(file)) {
    if (explicit) problems.push(`options file ${file} does not exist`);
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    problems.push(`options file ${file} must hold a JSON object`);
  } catch (e) {
    problems.push(`options file ${file} is not valid JSON (${(e as Error).message})`);
  }
  return {};
}

function parseOverrides(raw: unknown, problems: string[]): ApplianceOverride[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push('appliances: must be a list');
    return [];
  }
  return raw.flatMap((item, i) => {
    const at = `appliances[${i}]`;
    if (!item || typeof item !== 'object') return (problems.push(`${at}: must be an object`), []);
    const o = item as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => !OVERRIDE_KEYS.includes(k));
    if (unknown.length) problems.push(`${at}: unknown option ${unknown.join(', ')}`);
    if (!str(o.appliance)) problems.push(`${at}.appliance: is required (the appliance's name or id in Offpeak)`);
    for (const k of ['entity_id', 'soc_entity_id', 'temp_entity_id', 'indoor_temp_entity_id']) {
      if (o[k] !== undefined && o[k] !== null && !(typeof o[k] === 'string' && ENTITY.test(o[k])))
        problems.push(`${at}.${k}: must be an entity id such as switch.ev_charger`);
    }
    for (const k of ['charge_option', 'idle_option', 'hold_option', 'export_option']) {
      if (o[k] !== undefined && o[k] !== null && typeof o[k] !== 'string')
        problems.push(`${at}.${k}: must be the text of an option of the battery's select entity`);
    }
    if (o.enabled !== undefined && typeof o.enabled !== 'boolean') problems.push(`${at}.enabled: must be true or false`);
    return [o as unknown as ApplianceOverride];
  });
}

/** Reads and validates the configuration; throws ConfigError naming each bad or missing option. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<AddonConfig> {
  const problems: string[] = [];
  const optionsFile = str(env.OFFPEAK_OPTIONS) ?? DEFAULT_OPTIONS_FILE;
  const opts = readOptions(optionsFile, str(env.OFFPEAK_OPTIONS) !== null, problems);
  const pick = (envName: string, option: string) => str(env[envName]) ?? str(opts[option]);

  const supervisorToken = str(env.SUPERVISOR_TOKEN) ?? str(env.HASSIO_TOKEN);
  const haUrlRaw = str(env.HA_URL);
  let haUrl = SUPERVISOR_WS;
  if (haUrlRaw) {
    try {
      haUrl = websocketUrl(haUrlRaw);
    } catch {
      problems.push(`HA_URL: ${haUrlRaw} is not a URL`);
    }
  } else if (!supervisorToken) problems.push('HA_URL: is required when not running under the Supervisor (no SUPERVISOR_TOKEN)');
  const haToken = haUrlRaw ? (str(env.HA_TOKEN) ?? supervisorToken) : supervisorToken;
  if (!haToken) problems.push(haUrlRaw ? 'HA_TOKEN: is required with HA_URL (a long-lived access token)' : 'SUPERVISOR_TOKEN: is missing');

  // Missing (not wrong) cloud URL or account: a first start, which waits and says what to set.
  const missingOptions: string[] = [];
  const cloudUrl = pick('OFFPEAK_URL', 'cloud_url');
  if (!cloudUrl)
    missingOptions.push(
      `cloud_url: the address of your Offpeak service, where its dashboard opens (such as ${CLOUD_URL_EXAMPLE}; OFFPEAK_URL when standalone)`,
    );
  else if (!URL.canParse(cloudUrl) || !/^https?:$/.test(new URL(cloudUrl).protocol)) problems.push(`cloud_url: ${cloudUrl} must be an http or https URL`);

  const email = pick('OFFPEAK_EMAIL', 'email');
  const password = pick('OFFPEAK_PASSWORD', 'password');
  const refreshToken = pick('OFFPEAK_REFRESH_TOKEN', 'refresh_token');
  if (!refreshToken && !(email && password)) {
    missingOptions.push(
      email
        ? 'password: the password of your Offpeak account (OFFPEAK_PASSWORD when standalone)'
        : 'email and password: your Offpeak account, or refresh_token instead (OFFPEAK_EMAIL/OFFPEAK_PASSWORD when standalone)',
    );
  }
  if (email && !/^[^@\s]+@[^@\s]+$/.test(email)) problems.push('email: must be an email address');

  const levelRaw = pick('LOG_LEVEL', 'log_level') ?? 'info';
  const logLevel = LEVELS[levelRaw.toLowerCase()];
  if (!logLevel) problems.push(`log_level: must be one of ${Object.keys(LEVELS).join(', ')}`);

  const household = pick('OFFPEAK_HOUSEHOLD_POWER_ENTITY_ID', 'household_power_entity_id');
  if (household && !/^sensor\.[a-z0-9_]+$/.test(household)) problems.push('household_power_entity_id: must be a sensor.* entity id');

  const shareLocation = parseFlag(env.OFFPEAK_SHARE_LOCATION, opts.share_location, true);
  if (shareLocation === null) problems.push(`${str(env.OFFPEAK_SHARE_LOCATION) ? 'OFFPEAK_SHARE_LOCATION' : 'share_location'}: must be true or false`);

  const appliances = parseOverrides(opts.appliances, problems);
  const panelPortRaw = str(env.OFFPEAK_PANEL_PORT);
  const panelPort = panelPortRaw === null ? null : Number(panelPortRaw);
  if (panelPort !== null && !(Number.isInteger(panelPort) && panelPort >= 0 && panelPort <= 65535))
    problems.push(`OFFPEAK_PANEL_PORT: ${panelPortRaw} must be a port number (0 picks a free one)`);
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze({
    ha: { url: haUrl, token: haToken!, supervised: !haUrlRaw },
    cloudUrl: cloudUrl?.replace(/\/+$/, '') ?? null,
    email,
    password,
    refreshToken,
    // /data under the Supervisor (beside options.json); standalone without an options file, a
    // folder of the working directory that git ignores.
    dataDir: path.resolve(
      str(env.OFFPEAK_ADDON_DATA_DIR) ?? (existsSync(optionsFile) || !haUrlRaw ? path.dirname(optionsFile) : path.join('.data', 'hub-addon')),
    ),
    logLevel: logLevel!,
    householdPowerEntityId: household,
    shareLocation: shareLocation!,
    appliances,
    missingOptions,
    ...(haUrlRaw
      ? panelPort === null
        ? {}
        : { panel: { host: '127.0.0.1', port: panelPort, allowFrom: null } }
      : { panel: { host: '0.0.0.0', port: INGRESS_PORT, allowFrom: SUPERVISOR_INGRESS_ADDRESS } }),
  });
}
