import { HVAC_STATE_ALIASES, HVAC_STATES } from '../../domain/readings/hvac-state.js';
import { json, operation, ref, type ApiModule } from './builders.js';
import { DATE_TIME, UUID } from './components.js';

const TAG = 'Readings';

/** HVAC (and dehumidifier) readings pushed by hubs and satellites. */
export const readingsApi: ApiModule = {
  tag: { name: TAG, description: 'Sensor readings the service learns from.' },
  schemas: {
    HvacReading: {
      type: 'object',
      properties: {
        timestamp: { ...DATE_TIME, description: 'UTC recommended' },
        indoor_temp: { type: 'number', minimum: 30, maximum: 120, description: 'F' },
        hvac_state: {
          type: 'string',
          maxLength: 64,
          enum: [...HVAC_STATES, ...HVAC_STATE_ALIASES],
          description:
            'A state or an alias (matched case-insensitively) that is normalized to one; `heat_cool` and `auto` resolve from hvac_action. ECO and DRY are tracked separately from COOL',
        },
        indoor_humidity: { type: 'number', minimum: 0, maximum: 100, description: '%' },
        outdoor_temp: { type: 'number', minimum: -50, maximum: 150, description: 'F' },
        target_temp: { type: 'number', minimum: 30, maximum: 120, description: 'Current setpoint' },
        fan_mode: { type: 'string', maxLength: 64, description: 'Stored as sent' },
        power_watts: { type: 'number', minimum: 0, maximum: 100000, description: 'Only if the meter measures this unit' },
        hvac_action: { type: 'string', maxLength: 64, description: 'Entity hvac_action such as `cooling`, `heating`, `idle`, `off`' },
        commanded_hvac_mode: { type: 'string', maxLength: 64, enum: ['COOL', 'HEAT', 'OFF'] },
        commanded_fan_mode: { type: 'string', maxLength: 64 },
        commanded_setpoint: { type: 'number', minimum: 30, maximum: 120, description: 'F' },
        indoor_source: { type: 'string', enum: ['sensor', 'entity'], description: 'Any other value gives 422' },
        override_active: {
          type: 'boolean',
          description: 'True when a local comfort guard was commanding; omitted means not reported, which differs from false',
        },
        room_target: {
          type: 'number',
          minimum: 30,
          maximum: 120,
          description: 'Room temperature the schedule asked for at that moment (`schedule.room_target_temps[slot]`)',
        },
        appliance_id: {
          ...UUID,
          description:
            'An HVAC or dehumidifier the caller owns; required once the account has more than one of them. Omitted by a device (taken from its binding).',
        },
      },
      required: ['timestamp', 'indoor_temp', 'hvac_state'],
    },
    ReadingClient: {
      type: 'object',
      description: 'Display-only; never affects returned schedules.',
      properties: {
        kind: { type: 'string', enum: ['hacs', 'node'], description: 'Anything else gives 422' },
        version: { type: 'string', minLength: 1, maxLength: 40 },
        node_bundle: { type: ['string', 'null'] },
        ha_version: { type: 'string' },
      },
      required: ['kind', 'version'],
    },
    ReadingsRequest: {
      type: 'object',
      description: 'All or nothing: one invalid reading rejects the request and stores nothing.',
      properties: {
        readings: { type: 'array', items: ref('HvacReading'), minItems: 1, maxItems: 100 },
        client: ref('ReadingClient'),
      },
      required: ['readings'],
    },
    ReadingsAccepted: {
      type: 'object',
      properties: { accepted: { type: 'integer', minimum: 0, description: 'Number stored' } },
      required: ['accepted'],
    },
  },
  paths: {
    '/api/v1/readings': {
      post: operation({
        id: 'pushReadings',
        tag: TAG,
        summary: 'Push 1-100 HVAC readings',
        description: 'Shares the daily reading ceiling with the appliance readings endpoint.',
        auth: 'userOrDevice',
        body: ref('ReadingsRequest'),
        ok: { 201: json('Stored', ref('ReadingsAccepted')) },
        errors: {
          400: [
            'indoor_temp must be between 30 and 120',
            'appliance_id <uuid> is not a hvac appliance owned by this user',
            'appliance_id is required when the account has more than one hvac or dehumidifier appliance',
          ],
          429: ['Rate limit exceeded: ...'],
        },
        notes: {
          400: 'A reading field fails validation (the detail names the field); with a device token, a reading tagged with another appliance',
          422: 'Validation error on `client` (kind not `hacs` or `node`, version empty or over 40 characters); structured detail when indoor_source is not `sensor` or `entity`',
        },
      }),
    },
  },
};
