import { claimRequestSchema } from '../../contract/index.js';
import { ACTIONABLE_FIELDS, controlCommandSchema } from '../../domain/devices/control-command.js';
import { STATE_SOURCES, stateFieldsSchema } from '../../domain/devices/device-state.js';
import { orNull, ref, type Schema } from './builders.js';
import { DATE_TIME, UUID, slots48 } from './components.js';
import { fromYup, propertyOf } from './from-yup.js';

const CLAIM = fromYup(claimRequestSchema, {
  fields: {
    enroll_token: { description: 'The claim code' },
    device_id: { description: 'Factory serial, 3-128 characters' },
    ir_protocol: { description: 'Opaque infrared protocol label' },
    setpoint_min_f: { description: '40-99 inclusive' },
    setpoint_max_f: { description: '40-99 inclusive; at least setpoint_min_f. With both bounds, every schedule the device pulls is clamped to them' },
  },
});
const COMMAND = fromYup(controlCommandSchema, {
  description: `All optional, but at least one of ${ACTIONABLE_FIELDS.join(', ')} must be present.`,
  fields: {
    target_temp_f: { description: "Validated against the appliance's setpoint range (claimed bounds, else 61-86)" },
    hold: { description: 'true holds until the user changes it; false holds only until the next slot boundary' },
  },
});
const MODE = propertyOf(COMMAND, 'mode');
const FAN = propertyOf(COMMAND, 'fan');
const STATE_FIELDS = fromYup(stateFieldsSchema, {
  fields: {
    power: { description: 'An explicit false records the unit as OFF regardless of mode' },
    command_id: { description: 'Acknowledges that command' },
    firmware_version: { description: 'Stored on the device record' },
    rssi: { description: 'dBm; stored on the device record' },
  },
});

/** Satellite devices, claim flow, device plane and commands. */
export const DEVICE_SCHEMAS: Record<string, Schema> = {
  Device: {
    type: 'object',
    description: 'A claimed satellite device.',
    properties: {
      device_id: propertyOf(CLAIM, 'device_id'),
      appliance_id: orNull({
        ...UUID,
        description: 'The HVAC appliance it is bound to; null only after that appliance was deleted (the device stays claimed until removed)',
      }),
      appliance_name: orNull({ type: 'string' }),
      mode: { type: 'string', description: 'Value `standalone` appears in listings' },
      firmware_version: orNull({ type: 'string', description: 'Reported by the device; null until reported' }),
      last_seen_at: orNull({ ...DATE_TIME, description: 'null until the device has called' }),
      rssi: orNull({ type: 'integer', description: 'WiFi signal, dBm; null until reported' }),
      claimed_at: DATE_TIME,
    },
    required: ['device_id', 'appliance_id', 'appliance_name', 'mode', 'firmware_version', 'last_seen_at', 'rssi', 'claimed_at'],
  },
  DeviceCommand: {
    type: 'object',
    description: 'A queued command.',
    properties: {
      id: { type: 'integer', description: 'Command id; acknowledge a `control` command via POST /api/v1/devices/state with command_id' },
      payload: {
        type: 'object',
        description: '`control` carries the partial override; `schedule_updated` means re-pull the schedule',
        properties: {
          kind: { type: 'string', enum: ['control', 'schedule_updated'] },
          mode: MODE,
          target_temp_f: { type: 'number' },
          power: { type: 'boolean' },
          fan: FAN,
          hold: { type: 'boolean' },
        },
        required: ['kind'],
      },
      created_at: DATE_TIME,
    },
    required: ['id', 'payload', 'created_at'],
  },
  EnrollToken: {
    type: 'object',
    properties: {
      enroll_token: { type: 'string', description: 'The claim code: plaintext, shown once, single use' },
      expires_at: { ...DATE_TIME, description: '15 minutes out' },
    },
    required: ['enroll_token', 'expires_at'],
  },
  ClaimRequest: CLAIM,
  ClaimResponse: {
    type: 'object',
    description: 'Returned once.',
    properties: { device_token: { type: 'string' }, appliance_id: UUID, device_id: { type: 'string' } },
    required: ['device_token', 'appliance_id', 'device_id'],
  },
  DeviceConfig: {
    type: 'object',
    description: 'The device has no time-zone database: it applies the 48-slot schedule on the local-midnight grid using this offset information.',
    properties: {
      timezone: { type: 'string', description: 'Account IANA time zone actually used, after fallback' },
      utc_offset_minutes_now: { type: 'integer', description: 'Signed offset in effect now' },
      next_transition: orNull({
        type: 'object',
        description: 'null for zones without DST',
        properties: { at_utc: { ...DATE_TIME, description: 'UTC instant' }, utc_offset_minutes_after: { type: 'integer' } },
        required: ['at_utc', 'utc_offset_minutes_after'],
      }),
      setpoint_min_f: { type: 'integer', description: 'From the appliance config, else 61' },
      setpoint_max_f: { type: 'integer', description: 'From the appliance config, else 86' },
      comfort_band: {
        type: 'object',
        properties: { high_temps_f: slots48({ type: 'number' }, 'F'), low_temps_f: slots48({ type: 'number' }, 'F') },
        required: ['high_temps_f', 'low_temps_f'],
      },
      reading_push_interval_s: { type: 'integer', description: 'Default 3600' },
      capture_interval_s: { type: 'integer', description: 'Default 300' },
      command_poll_wait_s: { type: 'integer', description: 'Default 50; suggested `wait` for the commands endpoint' },
    },
    required: [
      'timezone',
      'utc_offset_minutes_now',
      'next_transition',
      'setpoint_min_f',
      'setpoint_max_f',
      'comfort_band',
      'reading_push_interval_s',
      'capture_interval_s',
      'command_poll_wait_s',
    ],
  },
  DeviceStateRequest: {
    ...STATE_FIELDS,
    properties: { source: { type: 'string', enum: [...STATE_SOURCES] }, ...(STATE_FIELDS.properties as Record<string, Schema>) },
    required: ['source'],
  },
  DeviceStateResponse: {
    type: 'object',
    properties: {
      status: { type: 'string' },
      command_acked: { type: 'boolean', description: 'True when a referenced command of this device was found and acknowledged' },
      reading_written: { type: 'boolean', description: 'False when the device has no prior reading to anchor to' },
    },
    required: ['status', 'command_acked', 'reading_written'],
  },
  ApplianceCommand: { ...COMMAND, anyOf: ACTIONABLE_FIELDS.map((field) => ({ required: [field] })) },
  CommandQueued: { type: 'object', properties: { command_id: { type: 'integer' } }, required: ['command_id'] },
  DeviceCommandList: { type: 'array', items: ref('DeviceCommand'), description: 'Oldest first; empty on timeout' },
};
