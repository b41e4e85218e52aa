import type { Migration } from './index.js';

/**
 * The metered power of an HVAC's readings, found without reading the others: the household's own
 * load subtracts it from the whole-home readings (docs/home-plan.md "The household's own load").
 */
export const hvacPower: Migration = {
  name: '0014-hvac-power',
  up: [`CREATE INDEX hvac_readings_power ON hvac_readings (appliance_id, ts) WHERE power_watts IS NOT NULL`],
};
