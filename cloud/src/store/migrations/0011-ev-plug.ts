import type { Migration } from './index.js';

/** An EV reading may say whether the car is plugged in (docs/schedules-and-recompute.md "Re-plans from the measured state"); null: not said. */
export const evPlug: Migration = {
  name: '0011-ev-plug',
  up: [`ALTER TABLE appliance_readings ADD COLUMN plugged_in boolean`],
};
