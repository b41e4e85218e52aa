// Property test of the validation gate over every schema and hand-written body check the routes
// use: for random JSON of any shape (prototype-named keys, wrong types, deep nesting, huge
// numbers, lone surrogates and NUL, at every field of a valid example), each answers a value or a
// failure with a string detail, and never throws. Seeded, so a failure replays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as yup from 'yup';
import { APPLIANCE_TYPES, applianceTypes, parseConfig, parseConstraints, takesConstraints, type ApplianceType } from '../domain/appliance-types/index.js';
import { parseControlCommand } from '../domain/devices/control-command.js';
import { parseDeviceState } from '../domain/devices/device-state.js';
import { DEFAULT_PREFERENCES } from '../domain/preferences/defaults.js';
import { applyPreferencesUpdate } from '../domain/preferences/preferences-update.js';
import { readingsRequestIssues } from '../domain/readings/request-issues.js';
import { validateRateUpdate } from '../domain/tariffs/rate-update.js';
import { EMPTY_RATE_SETTINGS } from '../domain/tariffs/rate-settings.js';
import { anyJson, hostileValue, jsonObject, mutatedFrom, PROTO_KEYS } from '../domain/validation/hostile-json.test-support.js';
import { passGate, type GateResult } from '../domain/validation/schema-gate.js';
import {
  applianceCreateSchema,
  applianceReadingsRequestSchema,
  applianceUpdateSchema,
  claimRequestSchema,
  hvacReadingSchema,
  hvacReadingsRequestSchema,
  loginRequestSchema,
  metricsWindowQuerySchema,
  profilePatchSchema,
  refreshRequestSchema,
  signupRequestSchema,
  weatherPushSchema,
} from './index.js';
import { parseHvacReadingsFast } from './readings-fast-path.js';

const SEED = 1912;
const RUNS = Number(process.env.GATE_PROPERTY_RUNS ?? 300);

type Outcome = { ok: true } | { ok: false; detail: unknown };
interface Gate {
  check: (input: unknown) => Outcome;
  example: unknown;
  keys: readonly string[];
}

const fieldsOf = (schema: yup.AnyObjectSchema): string[] => Object.keys(schema.fields);
const outcome = (r: GateResult<unknown> | { ok: boolean; detail?: unknown }): Outcome =>
  r.ok ? { ok: true } : { ok: false, detail: (r as { detail: unknown }).detail };

/** A route schema behind the gate, as `validate()` runs it. */
const schemaGate = (schema: yup.AnyObjectSchema, example: unknown, extraKeys: string[] = []): Gate => ({
  check: (input) => outcome(passGate(schema, input ?? {})),
  example,
  keys: [...fieldsOf(schema), ...extraKeys],
});

const EXAMPLE_CONFIGS: Record<ApplianceType, Record<string, unknown>> = {
  hvac: { entity_id: 'climate.living_room', hvac_type: 'central_ac', home_size_sqft: 1800, setpoint_min_f: 60, setpoint_max_f: 80 },
  ev_charger: { entity_id: 'switch.ev_charger' },
  home_battery: { entity_id: 'switch.battery_charge' },
  water_heater: { entity_id: 'switch.water_heater', tank_size_gallons: 50 },
  solar: {},
  dehumidifier: { entity_id: 'humidifier.basement', indoor_temp_entity_id: 'sensor.basement_temp' },
  robot: { entity_id: 'vacuum.robot' },
};

const hvacReading = {
  timestamp: '2026-07-01T14:05:00Z',
  indoor_temp: 72.5,
  hvac_state: 'COOL',
  outdoor_temp: 90,
  commanded_hvac_mode: 'cool',
  appliance_id: '2f8f5f0e-3c1a-4b7e-9a55-1c2d3e4f5a6b',
};
const temps = Array.from({ length: 24 }, () => 70);

/** The route's composite checks: the envelope, then what the service checks with the result. */
function applianceGate(type: ApplianceType): Gate {
  const configKeys = fieldsOf(applianceTypes[type].configSchema);
  return {
    check: (input) => {
      const envelope = passGate(applianceCreateSchema, input);
      if (!envelope.ok) return envelope;
      return outcome(parseConfig(type, envelope.value.config));
    },
    example: { appliance_type: type, name: `my ${type}`, config: EXAMPLE_CONFIGS[type] },
    keys: [...fieldsOf(applianceCreateSchema), ...configKeys],
  };
}

function constraintsGate(type: ApplianceType): Gate {
  const schema = applianceTypes[type].constraintSchema;
  const keys = schema ? fieldsOf(schema) : [];
  return {
    check: (input) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, detail: 'request body must be a JSON object' };
      return outcome(parseConstraints(type, input as Record<string, unknown>));
    },
    example: Object.fromEntries(keys.map((k) => [k, null])),
    keys,
  };
}

const GATES: Record<string, Gate> = {
  'POST /auth/signup': schemaGate(signupRequestSchema, {
    email: 'a@example.com',
    password: 'secret1',
    location_zip: '12345',
    home_size_sqft: 1500,
    pricing_location: 1,
    newsletter_opt_in: true,
  }),
  'POST /auth/login': schemaGate(loginRequestSchema, { email: 'a@example.com', password: 'secret1' }),
  'POST /auth/refresh': schemaGate(refreshRequestSchema, { refresh_token: 'abc' }),
  'PATCH /auth/me': schemaGate(profilePatchSchema, {
    location_zip: '12345-6789',
    home_size_sqft: 1500,
    pricing_location: 2,
    timezone: 'America/New_York',
    weather_entity_id: 'weather.home',
  }),
  'PUT /appliances/{id}': schemaGate(applianceUpdateSchema, { name: 'x', config: { entity_id: 'climate.a' }, is_active: true }),
  'POST /devices/claim': schemaGate(claimRequestSchema, {
    enroll_token: 't',
    device_id: 'dev-1',
    name: 'Bedroom',
    hvac_type: 'window_ac',
    ir_protocol: 'nec',
    setpoint_min_f: 61,
    setpoint_max_f: 86,
  }),
  'POST /readings (gate)': schemaGate(
    hvacReadingsRequestSchema,
    { readings: [hvacReading], client: { kind: 'node', version: '1.0' } },
    fieldsOf(hvacReadingSchema),
  ),
  'POST /readings (route)': {
    check: (input) => {
      const issues = readingsRequestIssues(input);
      if (issues.length > 0) return { ok: false, detail: issues };
      return parseHvacReadingsFast(input) ? { ok: true } : outcome(passGate(hvacReadingsRequestSchema, input ?? {}));
    },
    example: { readings: [hvacReading, hvacReading], client: { kind: 'hacs', version: '2.0', ha_version: '2026.1' } },
    keys: ['readings', 'client', ...Object.keys(hvacReading), 'kind', 'version'],
  },
  'POST /appliances/{id}/readings': schemaGate(
    applianceReadingsRequestSchema,
    { readings: [{ timestamp: '2026-07-01T14:05:00Z', state: 'CHARGING', value: 50, power_watts: 7000, metadata: { a: [1, { b: 'c' }] } }] },
    ['timestamp', 'state', 'value', 'metadata'],
  ),
  'POST /weather': schemaGate(weatherPushSchema, { forecast: { hourly_temps_f: temps, hourly_humidity: temps, hourly_wind_mph: temps } }, [
    'hourly_temps_f',
    'hourly_humidity',
    'hourly_wind_mph',
  ]),
  'GET /me/metrics/summary ?window': schemaGate(metricsWindowQuerySchema, jsonObject([['window', '30']])),
  'POST /appliances/{id}/command': {
    check: (input) => outcome(parseControlCommand(input, { minF: 61, maxF: 86 })),
    example: { power: true, mode: 'COOL', target_temp_f: 72, fan: 'auto', hold: false },
    keys: ['power', 'mode', 'target_temp_f', 'fan', 'hold'],
  },
  'POST /devices/state': {
    check: (input) => outcome(parseDeviceState(input)),
    example: { source: 'command', mode: 'HEAT', power: true, target_temp_f: 70, fan: 'low', command_id: 3, firmware_version: '1.2.3', rssi: -60 },
    keys: ['source', 'mode', 'target_temp_f', 'fan', 'power', 'command_id', 'firmware_version', 'rssi'],
  },
  'PUT /preferences': {
    check: (input) => outcome(applyPreferencesUpdate(input, { ...DEFAULT_PREFERENCES }, 'account')),
    example: { ...DEFAULT_PREFERENCES, hourly_high_temps_f: temps.map((t) => t + 5), hourly_low_temps_f: temps },
    keys: [...Object.keys(DEFAULT_PREFERENCES), 'newsletter_opt_in'],
  },
  'PUT /rates': {
    check: (input) => outcome(validateRateUpdate(input, { ...EMPTY_RATE_SETTINGS })),
    example: {
      hourly_rates_cents_per_kwh: temps.map(() => 12),
      pricing_source: 'custom',
      dynamic_zone: null,
      pricing_adder_cents_per_kwh: 2,
      pricing_location: 1,
    },
    keys: Object.keys(EMPTY_RATE_SETTINGS),
  },
  ...Object.fromEntries(APPLIANCE_TYPES.map((type) => [`POST /appliances (${type})`, applianceGate(type)])),
  // Types without constraints answer one fixed detail whatever the body.
  ...Object.fromEntries(APPLIANCE_TYPES.filter(takesConstraints).map((type) => [`POST /appliances/{id}/constraints (${type})`, constraintsGate(type)])),
};

/** Every field of the gate's key list set at once, each to a hostile value or left out. */
const everyFieldHostile = (keys: readonly string[]) =>
  fc
    .array(fc.option(hostileValue, { nil: undefined }), { minLength: keys.length, maxLength: keys.length })
    .map((values) => jsonObject(keys.flatMap((k, i) => (values[i] === undefined ? [] : [[k, values[i]] as const]))));

const inputsFor = (gate: Gate) => fc.oneof(anyJson(gate.keys), mutatedFrom(gate.example, gate.keys), everyFieldHostile(gate.keys));

/** A failure's detail: a non-empty string, or (the readings 422) a list of issues with string messages. */
function isUsableDetail(detail: unknown): boolean {
  if (typeof detail === 'string') return detail.length > 0 && detail.length <= 300;
  return Array.isArray(detail) && detail.every((i) => typeof (i as { msg?: unknown }).msg === 'string');
}

describe('the validation gate, property-based', () => {
  it.each(Object.entries(GATES))('%s answers a value or a detail for any JSON, and never throws', (_name, gate) => {
    expect(gate.check(gate.example)).toEqual({ ok: true });
    fc.assert(
      fc.property(inputsFor(gate), (input) => {
        const result = gate.check(input);
        return result.ok || isUsableDetail(result.detail);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('validates a schema field named like a prototype member as data', async () => {
    const y = await import('yup');
    const schema = y.object({
      constructor: y.string().strict().typeError('constructor must be a string').required('constructor is required'),
      toString: y.number().strict().typeError('toString must be a number').required('toString is required'),
    });
    expect(passGate(schema, JSON.parse('{"constructor":"x","toString":2,"valueOf":{}}'))).toEqual({ ok: true, value: { constructor: 'x', toString: 2 } });
    expect(passGate(schema, JSON.parse('{"constructor":{},"toString":2}'))).toEqual({ ok: false, detail: 'constructor must be a string' });
    expect(passGate(schema, JSON.parse('{"constructor":"x","toString":"2"}'))).toEqual({ ok: false, detail: 'toString must be a number' });
  });

  it('no route schema declares a field named like a prototype member (yup would read an absent one from Object.prototype)', () => {
    const declared = (schema: unknown): string[] => {
      const s = schema as { fields?: Record<string, unknown>; innerType?: unknown };
      if (s.fields) return Object.entries(s.fields).flatMap(([k, f]) => [k, ...declared(f)]);
      return s.innerType ? declared(s.innerType) : [];
    };
    const schemas: yup.AnyObjectSchema[] = [
      signupRequestSchema,
      loginRequestSchema,
      refreshRequestSchema,
      profilePatchSchema,
      applianceCreateSchema,
      applianceUpdateSchema,
      claimRequestSchema,
      hvacReadingsRequestSchema,
      applianceReadingsRequestSchema,
      weatherPushSchema,
      metricsWindowQuerySchema,
    ];
    for (const type of APPLIANCE_TYPES)
      schemas.push(applianceTypes[type].configSchema, ...(applianceTypes[type].constraintSchema ? [applianceTypes[type].constraintSchema] : []));
    expect(schemas.flatMap(declared).filter((k) => PROTO_KEYS.includes(k))).toEqual([]);
  });

  it('drops every prototype-named key it does not declare', () => {
    const body = jsonObject([...PROTO_KEYS.map((k) => [k, { resolve: 1 }] as const), ['email', ' A@Example.com '], ['password', 'secret1']]);
    expect(passGate(loginRequestSchema, body)).toEqual({ ok: true, value: { email: 'a@example.com', password: 'secret1' } });
  });
});
