import { DETAIL, DEVICE_DETAIL } from '../../contract/index.js';
import { NO_ACTIONABLE_FIELD_DETAIL } from '../../domain/devices/control-command.js';
import { SOURCE_INVALID_DETAIL, SOURCE_MISSING_DETAIL } from '../../domain/devices/device-state.js';
import { WAIT_DETAIL } from '../../domain/devices/long-poll-wait.js';
import { empty, json, operation, pathParam, queryParam, ref, type ApiModule } from './builders.js';
import { APPLIANCE_ID_PARAM } from './components.js';
import { DEVICE_SCHEMAS } from './device-schemas.js';

const TAG = 'Devices';
const USER_ROUTE_403 = { 403: [DEVICE_DETAIL.deviceTokenRefused] };
/** Every device-token route: the token's own failures. */
const DEVICE_ERRORS = { 401: [DETAIL.notAuthenticated, DEVICE_DETAIL.invalidDeviceToken], 403: [DEVICE_DETAIL.deviceNotBound] };

/** The IR satellite: claim flow, device plane and user commands. */
export const devicesApi: ApiModule = {
  tag: {
    name: TAG,
    description:
      'Satellite devices: a signed-in user mints a claim code, the device claims itself with it and receives a device token, then long-polls commands and reports state.',
  },
  schemas: DEVICE_SCHEMAS,
  paths: {
    '/api/v1/devices/enroll-token': {
      post: operation({
        id: 'createEnrollToken',
        tag: TAG,
        summary: 'Mint a single-use claim code (valid 15 minutes)',
        description: 'No body.',
        auth: 'user',
        ok: { 200: json('The claim code, shown once', ref('EnrollToken')) },
        errors: USER_ROUTE_403,
      }),
    },
    '/api/v1/devices/claim': {
      post: operation({
        id: 'claimDevice',
        tag: TAG,
        summary: 'Claim a satellite with a claim code (the code is the proof)',
        description:
          'Creates the HVAC appliance, binds the device and returns the device token once. A device claimed again by the same account after DELETE is bound to its former appliance when that still exists. A claim that would give a free account a second HVAC fails and leaves the code unused.',
        auth: 'none',
        body: ref('ClaimRequest'),
        ok: { 200: json('The device token (shown once) and the bound appliance', ref('ClaimResponse')) },
        errors: {
          400: [DEVICE_DETAIL.invalidEnrollToken, DEVICE_DETAIL.enrollTokenUsed, DEVICE_DETAIL.enrollTokenExpired],
          403: [DETAIL.upgradeRequired],
          409: [DEVICE_DETAIL.deviceAlreadyClaimed],
          503: [DETAIL.databaseUnavailable],
        },
        notes: {
          400: 'A field failed validation (`<field> ...`), checked first; then the code: unknown, used, expired',
          422: "Unknown hvac_type or an inverted setpoint range (a lone bound is compared with the other's default)",
        },
      }),
    },
    '/api/v1/devices/config': {
      get: operation({
        id: 'getDeviceConfig',
        tag: TAG,
        summary: 'Time-zone offsets, setpoint range, comfort band and intervals for the device',
        auth: 'device',
        ok: { 200: json('The device configuration', ref('DeviceConfig')) },
        errors: DEVICE_ERRORS,
      }),
    },
    '/api/v1/devices/commands': {
      get: operation({
        id: 'pollDeviceCommands',
        tag: TAG,
        summary: "Long-poll the bound appliance's undelivered commands",
        description:
          'Returns them oldest first, marking each delivered. With none pending and wait above 0, parks until a command is enqueued or the time elapses.',
        auth: 'device',
        params: [queryParam('wait', 'Seconds to park; default 0; clamped to [0, 55]', { type: 'integer', default: 0 })],
        ok: { 200: json('The commands; empty on timeout', ref('DeviceCommandList')) },
        errors: {
          ...DEVICE_ERRORS,
          400: [WAIT_DETAIL],
          429: [
            'Too many concurrent long-polls for this device (limit <n>); poll again once one has answered',
            'Too many parked long-polls on this instance (limit <n>); poll again in <s> seconds',
          ],
        },
      }),
    },
    '/api/v1/devices/state': {
      post: operation({
        id: 'reportDeviceState',
        tag: TAG,
        summary: 'Report what the device applied, acknowledging a command',
        auth: 'device',
        body: ref('DeviceStateRequest'),
        ok: { 200: json('What was recorded', ref('DeviceStateResponse')) },
        errors: { ...DEVICE_ERRORS, 422: [SOURCE_MISSING_DETAIL, SOURCE_INVALID_DETAIL] },
        notes: { 400: 'Another field failed validation (`<field> ...`); source is checked first' },
      }),
    },
    '/api/v1/devices': {
      get: operation({
        id: 'listDevices',
        tag: TAG,
        summary: "The caller's claimed devices",
        description: 'Unbound factory devices never appear; an empty array when none.',
        auth: 'user',
        ok: { 200: json('The devices', { type: 'array', items: ref('Device') }) },
        errors: USER_ROUTE_403,
      }),
    },
    '/api/v1/devices/{device_id}': {
      delete: operation({
        id: 'deleteDevice',
        tag: TAG,
        summary: 'Unclaim a device',
        description:
          'Its token stops authenticating at once; the appliance, readings, learned model and schedule history remain; the device can be claimed again.',
        auth: 'user',
        params: [pathParam('device_id', "Factory serial of one of the caller's devices", { type: 'string' })],
        ok: { 204: empty('Unclaimed') },
        errors: { ...USER_ROUTE_403, 404: [DEVICE_DETAIL.deviceNotFound] },
        notes: { 404: 'No such device or not owned (always 404, never 403)' },
      }),
    },
    '/api/v1/appliances/{appliance_id}/command': {
      post: operation({
        id: 'commandAppliance',
        tag: TAG,
        summary: "Queue a control command for the appliance's satellite",
        description: 'Queued durably; a parked device applies it within seconds. Checks in order: 404, then 400, then 409.',
        auth: 'user',
        params: [APPLIANCE_ID_PARAM],
        body: ref('ApplianceCommand'),
        ok: { 202: json('Queued', ref('CommandQueued')) },
        errors: { 404: [DETAIL.applianceNotFound], 400: [NO_ACTIONABLE_FIELD_DETAIL], 409: [DEVICE_DETAIL.noDeviceBound], ...USER_ROUTE_403 },
        notes: { 400: 'No actionable field, then a bad field (`<field> ...`), then target_temp_f outside the setpoint range (claimed bounds, else 61-86)' },
      }),
    },
  },
};
