// POST /api/v1/devices/state records what the unit is doing as an HVAC reading. The device
// measures the room only on its capture cadence, so the state reading is anchored on the latest
// stored reading: its measured values are copied and the reported control state replaces the rest.
import type { HvacMode } from './control-command.js';
import type { DeviceState } from './device-state.js';

/** The measured part of the latest stored reading of the appliance. */
export interface AnchorReading {
  indoor_temp: number;
  hvac_state: string;
  indoor_humidity: number | null;
  outdoor_temp: number | null;
  target_temp: number | null;
  fan_mode: string | null;
}

/** The reading to store (the readings endpoint's input shape), stamped `now`. */
export interface AnchoredReading {
  timestamp: string;
  indoor_temp: number;
  hvac_state: string;
  indoor_humidity?: number;
  outdoor_temp?: number;
  target_temp?: number;
  fan_mode?: string;
  commanded_hvac_mode?: HvacMode;
  commanded_setpoint?: number;
  commanded_fan_mode?: string;
  override_active: boolean;
}

/**
 * The reading for a state report. An explicit `power: false` records OFF whatever the mode; a
 * report without a mode keeps the anchor's state. override_active is true only for `override`.
 */
export function anchoredReading(
  state: Pick<DeviceState, 'source' | 'mode' | 'target_temp_f' | 'fan' | 'power'>,
  anchor: AnchorReading,
  now: Date,
): AnchoredReading {
  const commandedMode: HvacMode | undefined = state.power === false ? 'OFF' : state.mode;
  const target = state.target_temp_f ?? anchor.target_temp ?? undefined;
  const fan = state.fan ?? anchor.fan_mode ?? undefined;
  return {
    timestamp: now.toISOString(),
    indoor_temp: anchor.indoor_temp,
    hvac_state: commandedMode ?? anchor.hvac_state,
    ...(anchor.indoor_humidity !== null && { indoor_humidity: anchor.indoor_humidity }),
    ...(anchor.outdoor_temp !== null && { outdoor_temp: anchor.outdoor_temp }),
    ...(target !== undefined && { target_temp: target }),
    ...(fan !== undefined && { fan_mode: fan }),
    ...(commandedMode !== undefined && { commanded_hvac_mode: commandedMode }),
    ...(state.target_temp_f !== undefined && { commanded_setpoint: state.target_temp_f }),
    ...(state.fan !== undefined && { commanded_fan_mode: state.fan }),
    override_active: state.source === 'override',
  };
}
