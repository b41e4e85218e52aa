import type { Migration } from './index.js';

/**
 * The metered power of an appliance's readings, found without reading the others: the household's
 * own load subtracts it from the whole-home readings (docs/home-plan.md "The household's own load").
 */
export const appliancePower: Migration = {
  name: '0013-appliance-power',
  up: [`CREATE INDEX appliance_readings_power ON appliance_readings (appliance_id, ts) WHERE power_watts IS NOT NULL`],
};
