import { hvacReadingSchema, hvacReadingsRequestSchema, readingsAccepted } from '../../contract/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, ref, type ApiModule } from './builders.js';
import { fromYup } from '../../domain/validation/from-yup.js';

const TAG = 'Readings';

/** HVAC (and dehumidifier) readings pushed by hubs and satellites. */
export const readingsApi: ApiModule = {
  tag: { name: TAG, description: 'Sensor readings the service learns from.' },
  schemas: {
    HvacReading: fromYup(hvacReadingSchema, {
      fields: {
        timestamp: { description: 'UTC recommended' },
        indoor_temp: { description: 'F' },
        hvac_state: {
          description:
            'A state or an alias (matched case-insensitively) that is normalized to one; `heat_cool` and `auto` resolve from hvac_action. ECO and DRY are tracked separately from COOL',
        },
        indoor_humidity: { description: '%' },
        outdoor_temp: { description: 'F' },
        target_temp: { description: 'Current setpoint' },
        fan_mode: { description: 'Stored as sent' },
        power_watts: { description: "Only if the meter measures this unit. An HVAC's is taken out of the whole-home readings for the household's own load" },
        hvac_action: { description: 'Entity hvac_action such as `cooling`, `heating`, `idle`, `off`' },
        commanded_setpoint: { description: 'F' },
        indoor_source: { description: 'Any other value gives 422' },
        override_active: { description: 'True when a local comfort guard was commanding; omitted means not reported, which differs from false' },
        room_target: { description: 'Room temperature the schedule asked for at that moment (`schedule.room_target_temps[slot]`)' },
        target_temp_step: {
          description:
            "The thermostat's setpoint step in `target_temp_step_unit` (Home Assistant's `target_temp_step`): it holds setpoints on multiples of it, and the plan's predicted temperature uses the newest one reported unless the reported setpoints show a 0.5 °C step. Sent with `target_temp_step_unit`, else 400",
        },
        target_temp_step_unit: { description: '`C` or `F`: the unit of `target_temp_step`' },
        appliance_id: {
          description:
            'An HVAC or dehumidifier the caller owns; required once the account has more than one of them. Omitted by a device (taken from its binding).',
        },
      },
    }),
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
    ReadingsRequest: fromYup(hvacReadingsRequestSchema, {
      description: 'All or nothing: one invalid reading rejects the request and stores nothing.',
      fields: { readings: { items: { ref: 'HvacReading' } }, client: { ref: 'ReadingClient' } },
    }),
    ...componentSchemas([readingsAccepted]),
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
        ok: { 201: json('Stored', ref(readingsAccepted)) },
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
