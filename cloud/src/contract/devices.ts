// Satellite devices: the claim flow, the device plane and user commands.
// Field failures answer 400 `<field> ...`; the claim's unknown hvac_type and inverted setpoint
// range answer 422 (domain/devices/claim-checks.ts), and so does the state report's source. The
// command and state schemas live in the pure devices domain, beside the checks that surround them.
import * as yup from 'yup';
import { HVAC_TYPES } from '../domain/appliance-types/index.js';
import type { ControlPayload } from '../domain/devices/control-command.js';
import { BODY_NOT_OBJECT_DETAIL } from '../domain/validation/plain-object.js';

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

/** POST /api/v1/devices/enroll-token answer: the claim code, shown once. */
export interface EnrollToken {
  enroll_token: string;
  /** ISO 8601, 15 minutes out. */
  expires_at: string;
}

/** POST /api/v1/devices/claim answer, shown once. */
export interface ClaimResponse {
  device_token: string;
  appliance_id: string;
  device_id: string;
}

/** Satellite device in GET /api/v1/devices. */
export interface Device {
  device_id: string;
  /** Null only when the bound appliance was deleted (the device is claimed but unbound). */
  appliance_id: string | null;
  appliance_name: string | null;
  mode: 'standalone';
  firmware_version: string | null;
  last_seen_at: string | null;
  rssi: number | null;
  claimed_at: string;
}

/** Device command. */
export interface DeviceCommand {
  id: number;
  payload: ControlPayload | { kind: 'schedule_updated' };
  created_at: string;
}

/** The one DST transition ahead, or null for zones without DST. */
export interface NextTransition {
  at_utc: string;
  utc_offset_minutes_after: number;
}

/** GET /api/v1/devices/config answer. */
export interface DeviceConfig {
  timezone: string;
  utc_offset_minutes_now: number;
  next_transition: NextTransition | null;
  setpoint_min_f: number;
  setpoint_max_f: number;
  comfort_band: { high_temps_f: number[]; low_temps_f: number[] };
  reading_push_interval_s: number;
  capture_interval_s: number;
  command_poll_wait_s: number;
}

/** POST /api/v1/devices/state answer. */
export interface DeviceStateResponse {
  status: 'ok';
  command_acked: boolean;
  reading_written: boolean;
}

/** POST /api/v1/appliances/{id}/command answer (202). */
export interface CommandQueued {
  command_id: number;
}

/** Claim field limits. */
export const DEVICE_ID_MIN_LENGTH = 3;
export const DEVICE_ID_MAX_LENGTH = 128;
export const DEVICE_NAME_MAX_LENGTH = 200;
export const IR_PROTOCOL_MAX_LENGTH = 100;

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
