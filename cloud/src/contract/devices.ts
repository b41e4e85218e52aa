// Satellite devices: the claim flow, the device plane and user commands.
// Field failures answer 400 `<field> ...`; the claim's unknown hvac_type and inverted setpoint
// range answer 422 (domain/devices/claim-checks.ts), and so does the state report's source. The
// command and state schemas live in the pure devices domain, beside the checks that surround them.
import * as yup from 'yup';
import { HVAC_TYPES } from '../domain/appliance-types/index.js';
import { FAN_SPEEDS, HVAC_MODES } from '../domain/devices/control-command.js';
import { BODY_NOT_OBJECT_DETAIL } from '../domain/validation/plain-object.js';
import * as t from '../domain/validation/typed-schema.js';

export { HVAC_TYPES, type HvacType } from '../domain/appliance-types/index.js';
export {
  controlCommandSchema as applianceCommandSchema,
  FAN_SPEEDS,
  HVAC_MODES,
  type ControlFields as ApplianceCommandRequest,
  type ControlPayload,
  type FanSpeed,
  type HvacMode,
} from '../domain/devices/control-command.js';
export { STATE_SOURCES, type DeviceState as DeviceStateRequest, type StateSource } from '../domain/devices/device-state.js';
export { DEFAULT_SETPOINT_MAX_F, DEFAULT_SETPOINT_MIN_F } from '../domain/devices/setpoint-range.js';
export { MAX_WAIT_S } from '../domain/devices/long-poll-wait.js';

/** Exact details of the device plane (docs/api.md "Errors"). */
export const DEVICE_DETAIL = {
  invalidEnrollToken: 'Invalid enrollment token',
  enrollTokenUsed: 'Enrollment token already used',
  enrollTokenExpired: 'Enrollment token expired',
  deviceAlreadyClaimed: 'Device already claimed; its owner must remove it before it can be claimed again',
  deviceNotFound: 'Device not found',
  noDeviceBound: 'no device bound',
  invalidDeviceToken: 'Invalid device token',
  deviceNotBound: 'Device is not bound to an appliance; claim it again',
  deviceTokenRefused: 'Device tokens cannot call this endpoint; use a user access token',
} as const;

/** Claim field limits. */
export const DEVICE_ID_MIN_LENGTH = 3;
export const DEVICE_ID_MAX_LENGTH = 128;
export const DEVICE_NAME_MAX_LENGTH = 200;
export const IR_PROTOCOL_MAX_LENGTH = 100;

/** POST /api/v1/devices/enroll-token answer: the claim code, shown once. */
export const enrollToken = t.component(
  'EnrollToken',
  t.object({
    enroll_token: t.string('The claim code: plaintext, shown once, single use'),
    expires_at: t.dateTime('15 minutes out'),
  }),
);
export type EnrollToken = t.Infer<typeof enrollToken>;

/** POST /api/v1/devices/claim answer, shown once. */
export const claimResponse = t.component(
  'ClaimResponse',
  t.object({ device_token: t.string(), appliance_id: t.uuid(), device_id: t.string() }, 'Returned once.'),
);
export type ClaimResponse = t.Infer<typeof claimResponse>;

/** Satellite device in GET /api/v1/devices. */
export const device = t.component(
  'Device',
  t.object(
    {
      device_id: t.string({ minLength: DEVICE_ID_MIN_LENGTH, maxLength: DEVICE_ID_MAX_LENGTH, description: 'Factory serial, 3-128 characters' }),
      appliance_id: t.nullable(
        t.uuid('The HVAC appliance it is bound to; null only after that appliance was deleted (the device stays claimed until removed)'),
      ),
      appliance_name: t.nullable(t.string()),
      mode: t.constant('standalone', 'Value `standalone` appears in listings'),
      firmware_version: t.nullable(t.string('Reported by the device; null until reported')),
      last_seen_at: t.nullable(t.dateTime('null until the device has called')),
      rssi: t.nullable(t.integer('WiFi signal, dBm; null until reported')),
      claimed_at: t.dateTime(),
    },
    'A claimed satellite device.',
  ),
);
export type Device = t.Infer<typeof device>;

/** Device command. */
export const deviceCommand = t.component(
  'DeviceCommand',
  t.object(
    {
      id: t.integer('Command id; acknowledge a `control` command via POST /api/v1/devices/state with command_id'),
      payload: t.object(
        {
          kind: t.oneOf(['control', 'schedule_updated']),
          mode: t.optional(t.oneOf(HVAC_MODES)),
          target_temp_f: t.optional(t.number()),
          power: t.optional(t.boolean()),
          fan: t.optional(t.oneOf(FAN_SPEEDS)),
          hold: t.optional(t.boolean()),
        },
        '`control` carries the partial override; `schedule_updated` means re-pull the schedule',
      ),
      created_at: t.dateTime(),
    },
    'A queued command.',
  ),
);
export type DeviceCommand = t.Infer<typeof deviceCommand>;

/** GET /api/v1/devices/commands: oldest first. */
export const deviceCommandList = t.component('DeviceCommandList', t.array(t.ref(deviceCommand), 'Oldest first; empty on timeout'));

const nextTransition = t.object({ at_utc: t.dateTime('UTC instant'), utc_offset_minutes_after: t.integer() }, 'null for zones without DST');
/** The one DST transition ahead, or null for zones without DST. */
export type NextTransition = t.Infer<typeof nextTransition>;

/** GET /api/v1/devices/config answer. */
export const deviceConfig = t.component(
  'DeviceConfig',
  t.object(
    {
      timezone: t.string('Account IANA time zone actually used, after fallback'),
      utc_offset_minutes_now: t.integer('Signed offset in effect now'),
      next_transition: t.nullable(nextTransition),
      setpoint_min_f: t.integer('From the appliance config, else 61'),
      setpoint_max_f: t.integer('From the appliance config, else 86'),
      comfort_band: t.object({ high_temps_f: t.slots48(t.number(), 'F'), low_temps_f: t.slots48(t.number(), 'F') }),
      reading_push_interval_s: t.integer('Default 3600'),
      capture_interval_s: t.integer('Default 300'),
      command_poll_wait_s: t.integer('Default 50; suggested `wait` for the commands endpoint'),
    },
    'The device has no time-zone database: it applies the 48-slot schedule on the local-midnight grid using this offset information.',
  ),
);
export type DeviceConfig = t.Infer<typeof deviceConfig>;

/** POST /api/v1/devices/state answer. */
export const deviceStateResponse = t.component(
  'DeviceStateResponse',
  t.object({
    status: t.string(),
    command_acked: t.boolean('True when a referenced command of this device was found and acknowledged'),
    reading_written: t.boolean('False when the device has no prior reading to anchor to'),
  }),
);
export type DeviceStateResponse = t.Infer<typeof deviceStateResponse>;

/** POST /api/v1/appliances/{id}/command answer (202). */
export const commandQueued = t.component('CommandQueued', t.object({ command_id: t.integer() }));
export type CommandQueued = t.Infer<typeof commandQueued>;

const text = (field: string) => yup.string().strict().typeError(`${field} must be a string`);
const integerBetween = (field: string, min: number, max: number, message = `${field} must be an integer between ${min} and ${max}`) =>
  yup.number().strict().typeError(message).integer(message).min(min, message).max(max, message);

/** POST /api/v1/devices/claim. hvac_type membership and the range order are the service's 422 checks. */
export const claimRequestSchema = yup
  .object({
    enroll_token: text('enroll_token').required('enroll_token is required'),
    device_id: text('device_id')
      .required('device_id is required')
      .min(DEVICE_ID_MIN_LENGTH, `device_id must be ${DEVICE_ID_MIN_LENGTH}-${DEVICE_ID_MAX_LENGTH} characters`)
      .max(DEVICE_ID_MAX_LENGTH, `device_id must be ${DEVICE_ID_MIN_LENGTH}-${DEVICE_ID_MAX_LENGTH} characters`),
    name: text('name')
      .required('name is required')
      .test({
        name: 'length',
        message: `name must be 1-${DEVICE_NAME_MAX_LENGTH} characters`,
        params: { min: 1, max: DEVICE_NAME_MAX_LENGTH },
        test: (v) => v === undefined || (v.trim().length >= 1 && v.trim().length <= DEVICE_NAME_MAX_LENGTH),
      }),
    // Membership is the service's 422 check (claim-checks.ts).
    hvac_type: text('hvac_type')
      .required('hvac_type is required')
      .meta({ openapi: { enum: HVAC_TYPES } }),
    ir_protocol: text('ir_protocol').max(IR_PROTOCOL_MAX_LENGTH, `ir_protocol must be at most ${IR_PROTOCOL_MAX_LENGTH} characters`).optional(),
    setpoint_min_f: integerBetween('setpoint_min_f', 40, 99).optional(),
    setpoint_max_f: integerBetween('setpoint_max_f', 40, 99).optional(),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type ClaimRequest = yup.InferType<typeof claimRequestSchema>;
