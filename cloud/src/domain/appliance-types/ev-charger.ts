import * as yup from 'yup';
import { evChargerFacts } from '../metrics/plan-facts.js';
import { evChargerPlanner } from '../planners/ev-charger.js';
import { CHARGE_FIELDS_API, PERCENT_READING, chargeConstraintSchema, percentField } from './charge-constraints.js';
import { entityIdField, fieldMessage, numberField, pickEntities } from './fields.js';
import type { ApplianceTypeSpec } from './spec.js';

const configSchema = yup.object({
  battery_capacity_kwh: numberField(0, 300).optional(),
  max_charge_rate_kw: numberField(0, 50).optional(),
  efficiency: numberField(0.5, 1).optional(),
  entity_id: entityIdField(['switch']).required(fieldMessage('is required')),
  soc_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
  plug_entity_id: entityIdField(['binary_sensor'], { nullable: true }).optional(),
  power_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
});

const constraintSchema = chargeConstraintSchema({ current_charge_pct: percentField() });

export type EvChargerConfig = yup.InferType<typeof configSchema>;
export type EvChargerConstraints = yup.InferType<typeof constraintSchema>;

/** EV charger: a switch started and stopped per slot to reach a charge target by a deadline. */
export const evCharger: ApplianceTypeSpec<EvChargerConfig, EvChargerConstraints, 'ev_charger'> = {
  type: 'ev_charger',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema,
  entities: (config) => pickEntities(config, ['entity_id', 'soc_entity_id', 'plug_entity_id', 'power_entity_id']),
  planner: evChargerPlanner,
  allocation: { comfort: false, rank: 2 },
  solarConsumer: 'ev_charger',
  readings: { endpoint: 'value', range: PERCENT_READING },
  metrics: { facts: evChargerFacts, flexibility: 'charge_window' },
  api: {
    config: {
      description: 'ev_charger config.',
      fields: {
        battery_capacity_kwh: 'kWh',
        max_charge_rate_kw: 'kW drawn from the grid while charging',
        efficiency: 'Share of the drawn energy the battery gains',
        entity_id: '`switch.*` entity toggled to start/stop charging',
        soc_entity_id: '`sensor.*` with 0-100 % state of charge; when set the poller pushes SoC every 5 minutes',
        plug_entity_id: '`binary_sensor.*` that is on while the car is plugged in; the add-on sends it as `plugged_in` with each charge reading',
        power_entity_id:
          "`sensor.*` of the charger's power (W or kW); the add-on sends it as `power_watts` with each charge reading, and the household's own load is the whole-home reading less it",
      },
    },
    constraints: { target_charge_pct: 'charge to reach by the deadline', ...CHARGE_FIELDS_API },
  },
};
