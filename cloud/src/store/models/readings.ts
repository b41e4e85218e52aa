import type { AnchorReading } from '../../domain/devices/anchored-reading.js';

/** A row to insert into hvac_readings (migration 0002); `created_at` and `id` come from the database. */
export interface NewHvacReading extends AnchorReading {
  user_id: string;
  appliance_id: string | null;
  ts: Date;
  power_watts: number | null;
  hvac_action: string | null;
  commanded_hvac_mode: string | null;
  commanded_fan_mode: string | null;
  commanded_setpoint: number | null;
  indoor_source: string | null;
  /** null: not reported (differs from false). */
  override_active: boolean | null;
  room_target: number | null;
  /** The thermostat's setpoint step in `target_temp_step_unit` (C or F); both null: not reported. */
  target_temp_step: number | null;
  target_temp_step_unit: 'C' | 'F' | null;
  client: Record<string, unknown> | null;
  /** `user` or `device`: which kind of token pushed it. */
  source: 'user' | 'device';
}

/** A row to insert into appliance_readings. */
export interface NewApplianceReading {
  user_id: string;
  appliance_id: string;
  ts: Date;
  state: string;
  value: number;
  power_watts: number | null;
  metadata: Record<string, unknown> | null;
  /** An EV's plug state when the reading says it; null otherwise. */
  plugged_in: boolean | null;
}
