import * as yup from 'yup';
import { minAtMostTarget, percentField, targetAtMostMax } from './charge-constraints.js';
import { entityIdField, fieldMessage, hhMmField, numberField, pickEntities } from './fields.js';
import type { ApplianceTypeSpec } from './spec.js';

/** Entities that can toggle a charge mode: switches, buttons, selects and their helper variants. */
const CONTROL_DOMAINS = ['switch', 'button', 'select', 'input_boolean', 'input_button', 'input_select'];

const configSchema = yup.object({
  capacity_kwh: numberField(0, 300).optional(),
  max_charge_rate_kw: numberField(0, 50).optional(),
  max_discharge_rate_kw: numberField(0, 50).optional(),
  // Issue 20: the share of grid energy stored, and of stored energy delivered (default 0.95 each).
  charge_efficiency: numberField(0.5, 1).optional(),
  discharge_efficiency: numberField(0.5, 1).optional(),
  entity_id: entityIdField(CONTROL_DOMAINS).required(fieldMessage('is required')),
  soc_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
});

const constraintSchema = yup
  .object({
    target_charge_pct: percentField(),
    min_charge_pct: percentField(),
    deadline_time: hhMmField(),
    // Issue 20: the highest charge the plan may take the battery to (default 100).
    max_charge_pct: percentField(),
  })
  .test('min-at-most-target', minAtMostTarget)
  .test('target-at-most-max', targetAtMostMax);

export type HomeBatteryConfig = yup.InferType<typeof configSchema>;
export type HomeBatteryConstraints = yup.InferType<typeof constraintSchema>;

/** Home battery (2.4): charges in cheap slots, may discharge in expensive ones above its floor. */
export const homeBattery: ApplianceTypeSpec<HomeBatteryConfig, HomeBatteryConstraints> = {
  type: 'home_battery',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema,
  entities: (config) => pickEntities(config, ['entity_id', 'soc_entity_id']),
};
