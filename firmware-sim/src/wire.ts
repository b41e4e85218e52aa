// Wire shapes of the device plane (interface 2.13, 2.14, 4.9, 4.16-4.17), as the device sees them.
// The cloud contract does not export these yet; when `@offpeak/cloud/contract` does, these become
// re-exports of it. Readings use the contract's own types (see readings.ts).

/** Mode the satellite commands and reports. */
export type HvacMode = 'COOL' | 'HEAT' | 'OFF';
/** Fan speed the satellite commands and reports. */
export type FanSpeed = 'low' | 'high' | 'auto';
/** Who decided what the unit is doing, as POST /api/v1/devices/state reports it. */
export type StateSource = 'schedule' | 'command' | 'override' | 'watchdog';

/** The claim's accepted `hvac_type` values. */
export const HVAC_TYPES = ['central_ac', 'window_ac', 'heat_pump', 'furnace', 'mini_split'] as const;
/** One of HVAC_TYPES. */
export type HvacType = (typeof HVAC_TYPES)[number];

/** POST /api/v1/devices/claim body (4.16). */
export interface ClaimRequest {
  enroll_token: string;
  device_id: string;
  name: string;
  hvac_type: HvacType;
  ir_protocol?: string;
  setpoint_min_f?: number;
  setpoint_max_f?: number;
}

/** POST /api/v1/devices/claim answer, returned once. */
export interface ClaimResponse {
  device_token: string;
  appliance_id: string;
  device_id: string;
}

/** The one DST transition ahead, or null for zones without DST. */
export interface NextTransition {
  at_utc: string;
  utc_offset_minutes_after: number;
}

/** GET /api/v1/devices/config answer (4.17). */
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

/** The HVAC schedule body (2.9); the optional per-slot arrays appear with optimize_hvac_fan/mode. */
export interface HvacScheduleBody {
  intervals?: number[];
  high_temps?: number[];
  low_temps?: number[];
  setpoint_temps?: number[] | null;
  temp_trajectory?: number[] | null;
  room_target_temps?: number[] | null;
  fan_schedule?: string[];
  mode_schedule?: string[];
}

/** GET /api/v1/appliances/{id}/schedule answer (4.9); `schedule` is `{}` when none exists. */
export interface ApplianceScheduleResponse {
  appliance_id: string;
  appliance_type: string;
  name: string;
  date: string;
  schedule: HvacScheduleBody;
  savings_pct: number;
  source: 'optimization' | 'defaults';
}

/** Payload of a `control` command: the partial override (2.14). */
export interface ControlPayload {
  kind: 'control';
  mode?: HvacMode;
  target_temp_f?: number;
  power?: boolean;
  fan?: FanSpeed;
  hold?: boolean;
}

/** One queued command (2.14). */
export interface DeviceCommand {
  id: number;
  payload: ControlPayload | { kind: 'schedule_updated' };
  created_at: string;
}

/** POST /api/v1/devices/state body (4.17). */
export interface StateReport {
  source: StateSource;
  mode?: HvacMode;
  target_temp_f?: number;
  fan?: FanSpeed;
  power?: boolean;
  command_id?: number;
  firmware_version?: string;
  rssi?: number;
}

/** POST /api/v1/devices/state answer. */
export interface StateReportResponse {
  status: string;
  command_acked: boolean;
  reading_written: boolean;
}
