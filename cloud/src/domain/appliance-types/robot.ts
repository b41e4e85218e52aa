import * as yup from 'yup';
import { minAtMostTarget, percentField } from './charge-constraints.js';
import { entityIdField, fieldMessage, hhMmField, numberField, pickEntities } from './fields.js';
import type { ApplianceTypeSpec } from './spec.js';

const configSchema = yup.object({
  battery_capacity_kwh: numberField(0, 10, { minExclusive: true }).optional(),
  max_charge_rate_kw: numberField(0, 2, { minExclusive: true }).optional(),
  // vacuum.* or lawn_mower.* in practice; the contract does not enforce the domain.
  entity_id: entityIdField('any').required(fieldMessage('is required')),
  soc_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
});

const constraintSchema = yup
  .object({
    target_charge_pct: percentField(),
    min_charge_pct: percentField(),
    current_charge_pct: percentField(),
    tasks_window_start: hhMmField(),
    tasks_window_end: hhMmField(),
  })
  .test('min-at-most-target', minAtMostTarget)
  .test('tasks-window', function (v) {
    const start = v.tasks_window_start ?? null;
    const end = v.tasks_window_end ?? null;
    if (start === null && end !== null) {
      return this.createError({ path: 'tasks_window_start', message: 'tasks_window_start: is required when tasks_window_end is set' });
    }
    if (end === null && start !== null) {
      return this.createError({ path: 'tasks_window_end', message: 'tasks_window_end: is required when tasks_window_start is set' });
    }
    if (start !== null && start === end) {
      return this.createError({ path: 'tasks_window_end', message: 'tasks_window_end: must differ from tasks_window_start' });
    }
    return true;
  });

export type RobotConfig = yup.InferType<typeof configSchema>;
export type RobotConstraints = yup.InferType<typeof constraintSchema>;

/**
 * Robot vacuum or mower (2.4): docking is the charging proxy; the schedule says when it should be
 * on its dock, before its daily tasks window.
 */
export const robot: ApplianceTypeSpec<RobotConfig, RobotConstraints> = {
  type: 'robot',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema,
  entities: (config) => pickEntities(config, ['entity_id']),
};
