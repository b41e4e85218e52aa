// The one registry of planners, by appliance type (STYLE.md 8). `satisfies` turns a type without a
// planner into a compile error. The recompute service builds each input (domain/planning/) and
// calls the planner of the appliance's type.
import type { ApplianceType } from '../appliance-types/index.js';
import { dehumidifierPlanner } from './dehumidifier.js';
import { evChargerPlanner } from './ev-charger.js';
import { homeBatteryPlanner } from './home-battery.js';
import { planHvac } from './hvac.js';
import { robotPlanner } from './robot.js';
import { solarPlanner } from './solar.js';
import type { Planner } from './types.js';
import { waterHeaterPlanner } from './water-heater.js';

/** Every appliance type's planner. */
export const planners = {
  hvac: planHvac,
  ev_charger: evChargerPlanner,
  home_battery: homeBatteryPlanner,
  water_heater: waterHeaterPlanner,
  solar: solarPlanner,
  dehumidifier: dehumidifierPlanner,
  robot: robotPlanner,
} satisfies { [T in ApplianceType]: Planner<T> };
