// The fixture format (docs/ha-simulator.md "Fixtures"): version, config, behaviour, entities and forecasts.
import { readFileSync } from 'node:fs';
import type { Behaviour, ForecastType } from './core.js';

export interface FixtureConfig {
  location_name: string;
  latitude: number;
  longitude: number;
  elevation: number;
  radius: number;
  unit_system: 'metric' | 'us_customary';
  time_zone: string;
  currency: string;
  country: string | null;
  language: string;
}

export interface FixtureEntity {
  entity_id: string;
  state: string;
  attributes: Record<string, unknown>;
}

export interface FixtureData {
  ha_version: string;
  config: FixtureConfig;
  behaviour?: Partial<Behaviour>;
  entities: FixtureEntity[];
  forecasts?: Record<string, Partial<Record<ForecastType, Record<string, unknown>[]>>>;
}

export function loadFixture(source: FixtureData | string): FixtureData {
  const data = typeof source === 'string' ? (JSON.parse(readFileSync(source, 'utf8')) as FixtureData) : source;
  if (typeof data.ha_version !== 'string' || !data.config || !Array.isArray(data.entities)) {
    throw new Error('fixture: ha_version, config and entities[] are required');
  }
  for (const e of data.entities) {
    if (typeof e.entity_id !== 'string' || typeof e.state !== 'string' || typeof e.attributes !== 'object' || e.attributes === null) {
      throw new Error(`fixture: entity ${JSON.stringify(e.entity_id)} needs entity_id, a string state and attributes`);
    }
  }
  if (!['metric', 'us_customary'].includes(data.config.unit_system)) throw new Error('fixture: config.unit_system is metric or us_customary');
  return structuredClone(data);
}

export const UNIT_SYSTEMS = {
  metric: { length: 'km', accumulated_precipitation: 'mm', area: 'm²', mass: 'g', pressure: 'Pa', temperature: '°C', volume: 'L', wind_speed: 'm/s' },
  us_customary: {
    length: 'mi',
    accumulated_precipitation: 'in',
    area: 'ft²',
    mass: 'lb',
    pressure: 'psi',
    temperature: '°F',
    volume: 'gal',
    wind_speed: 'mph',
  },
} as const;

/** hass.config.as_dict() */
export function configDict(fixture: FixtureData, domains: string[]): Record<string, unknown> {
  const c = fixture.config;
  const dirs = ['/config/www', '/media'];
  return {
    allowlist_external_dirs: dirs,
    allowlist_external_urls: [],
    components: domains,
    config_dir: '/config',
    config_source: 'storage',
    country: c.country,
    currency: c.currency,
    debug: false,
    elevation: c.elevation,
    external_url: null,
    internal_url: null,
    language: c.language,
    latitude: c.latitude,
    location_name: c.location_name,
    longitude: c.longitude,
    radius: c.radius,
    recovery_mode: false,
    safe_mode: false,
    state: 'RUNNING',
    time_zone: c.time_zone,
    unit_system: { ...UNIT_SYSTEMS[c.unit_system] },
    version: fixture.ha_version,
    whitelist_external_dirs: dirs,
  };
}
