import * as yup from 'yup';
import { chargeConstraintSchema, percentField } from './charge-constraints.js';
import { entityIdField, fieldMessage, numberField, pickEntities } from './fields.js';
import type { ApplianceTypeSpec } from './spec.js';

const configSchema = yup.object({
  battery_capacity_kwh: numberField(0, 300).optional(),
  max_charge_rate_kw: numberField(0, 50).optional(),
  efficiency: numberField(0.5, 1).optional(),
  entity_id: entityIdField(['switch']).required(fieldMessage('is required')),
  soc_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
});

const constraintSchema = chargeConstraintSchema({ current_charge_pct: percentField() });

export type EvChargerConfig = yup.InferType<typeof configSchema>;
export type EvChargerConstraints = yup.InferType<typeof constraintSchema>;

/** EV charger (2.4): a switch started and stopped per slot to reach a charge target by a deadline. */
export const evCharger: ApplianceTypeSpec<EvChargerConfig, EvChargerConstraints> = {
  type: 'ev_charger',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema,
  entities: (config) => pickEntities(config, ['entity_id', 'soc_entity_id']),
};
