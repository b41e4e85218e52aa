import {
  claimRequestSchema,
  claimResponse,
  commandQueued,
  device,
  deviceCommand,
  deviceCommandList,
  deviceConfig,
  deviceStateResponse,
  enrollToken,
} from '../../contract/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { ACTIONABLE_FIELDS, controlCommandSchema } from '../../domain/devices/control-command.js';
import { STATE_SOURCES, stateFieldsSchema } from '../../domain/devices/device-state.js';
import type { Schema } from './builders.js';
import { fromYup } from '../../domain/validation/from-yup.js';

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
  ...componentSchemas([device, deviceCommand, enrollToken, claimResponse, deviceConfig, deviceStateResponse, commandQueued, deviceCommandList]),
  ClaimRequest: CLAIM,
  DeviceStateRequest: {
    ...STATE_FIELDS,
    properties: { source: { type: 'string', enum: [...STATE_SOURCES] }, ...(STATE_FIELDS.properties as Record<string, Schema>) },
    required: ['source'],
  },
  ApplianceCommand: { ...COMMAND, anyOf: ACTIONABLE_FIELDS.map((field) => ({ required: [field] })) },
};
