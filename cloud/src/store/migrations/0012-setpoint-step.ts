import type { Migration } from './index.js';

/** An HVAC reading may carry the thermostat's setpoint step and its unit (docs/readings-and-link-health.md); null: not reported. */
export const setpointStep: Migration = {
  name: '0012-setpoint-step',
  up: [`ALTER TABLE hvac_readings ADD COLUMN target_temp_step float8, ADD COLUMN target_temp_step_unit text`],
};
