import * as yup from 'yup';
import { homeBatteryFacts } from '../metrics/plan-facts.js';
import { homeBatteryPlanner } from '../planners/home-battery-solar.js';
import { CHARGE_FIELDS_API, PERCENT_READING, chargeConstraintSchema, percentField, targetAtMostMax } from './charge-constraints.js';
import { entityIdField, fieldMessage, numberField, pickEntities } from './fields.js';
import type { ApplianceTypeSpec } from './spec.js';

/** Entities that can toggle a charge mode: switches, buttons, selects and their helper variants. */
const CONTROL_DOMAINS = ['switch', 'button', 'select', 'input_boolean', 'input_button', 'input_select'];

const configSchema = yup.object({
  capacity_kwh: numberField(0, 300).optional(),
  max_charge_rate_kw: numberField(0, 50).optional(),
  max_discharge_rate_kw: numberField(0, 50).optional(),
  // The share of grid energy stored, and of stored energy delivered (default 0.95 each).
  charge_efficiency: numberField(0.5, 1).optional(),
  discharge_efficiency: numberField(0.5, 1).optional(),
  entity_id: entityIdField(CONTROL_DOMAINS).required(fieldMessage('is required')),
  soc_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
  power_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
});

const constraintSchema = chargeConstraintSchema({
  // The highest charge the plan may take the battery to (default 100).
  max_charge_pct: percentField(),
}).test('target-at-most-max', targetAtMostMax);

export type HomeBatteryConfig = yup.InferType<typeof configSchema>;
export type HomeBatteryConstraints = yup.InferType<typeof constraintSchema>;

/** Home battery: charges in cheap slots, may discharge in expensive ones above its floor. */
export const homeBattery: ApplianceTypeSpec<HomeBatteryConfig, HomeBatteryConstraints, 'home_battery'> = {
  type: 'home_battery',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema,
  entities: (config) => pickEntities(config, ['entity_id', 'soc_entity_id', 'power_entity_id']),
  planner: homeBatteryPlanner,
  // Last among equal deadlines: it can charge at any power, so it takes what the others leave.
  allocation: { comfort: false, rank: 4 },
  solarConsumer: 'home_battery',
  readings: { endpoint: 'value', range: PERCENT_READING },
  metrics: { facts: homeBatteryFacts, flexibility: 'charge_window' },
  api: {
    config: {
      description: 'home_battery config.',
      fields: {
        capacity_kwh: 'kWh',
        max_charge_rate_kw: 'kW',
        max_discharge_rate_kw: 'kW',
        charge_efficiency: 'Share of grid energy stored; default 0.95',
        discharge_efficiency: 'Share of stored energy delivered; default 0.95',
        entity_id: 'switch / button / select entity toggling charge mode',
        soc_entity_id: '`sensor.*` battery SoC %',
        power_entity_id:
          "`sensor.*` of the battery's power (W or kW), positive while charging, negative while discharging; the add-on sends it as `power_watts` with each charge reading, and the household's own load is the whole-home reading less it. Set it only when the whole-home sensor includes the battery",
      },
    },
    constraints: {
      target_charge_pct:
        "a floor at the deadline, never a ceiling; without one the battery ends the day no lower than it started, or ends tomorrow so when tomorrow's sun or differently priced hours refill it",
      min_charge_pct: CHARGE_FIELDS_API.min_charge_pct,
      deadline_time: CHARGE_FIELDS_API.deadline_time,
      max_charge_pct: 'the highest charge the plan takes it to; default 100; target_charge_pct and min_charge_pct must be at most it',
    },
  },
};
