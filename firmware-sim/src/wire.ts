// Wire shapes of the device plane, as the device sees them:
// re-exports of the cloud contract under the names the simulator uses. Readings use the contract's
// own types directly (see readings.ts).
export {
  FAN_SPEEDS,
  HVAC_MODES,
  HVAC_TYPES,
  type ClaimRequest,
  type ClaimResponse,
  type ControlPayload,
  type DeviceCommand,
  type DeviceConfig,
  type FanSpeed,
  type HvacMode,
  type HvacScheduleBody,
  type HvacType,
  type NextTransition,
  type StateSource,
  type HvacApplianceScheduleResponse as ApplianceScheduleResponse,
  type DeviceStateRequest as StateReport,
  type DeviceStateResponse as StateReportResponse,
} from '@offpeak/cloud/contract';
