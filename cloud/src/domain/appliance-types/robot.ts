import * as yup from 'yup';
import { robotFacts } from '../metrics/plan-facts.js';
import { robotPlanner } from '../planners/robot.js';
import { CHARGE_FIELDS_API, PERCENT_READING, minAtMostTarget, percentField } from './charge-constraints.js';
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
 * Robot vacuum or mower: docking is the charging proxy; the schedule says when it should be
 * on its dock, before its daily tasks window.
 */
export const robot: ApplianceTypeSpec<RobotConfig, RobotConstraints, 'robot'> = {
  type: 'robot',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema,
  entities: (config) => pickEntities(config, ['entity_id']),
  planner: robotPlanner,
  allocation: { comfort: false, rank: 3 },
  // A dock's draw is too small to count in the solar split.
  solarConsumer: null,
  readings: { endpoint: 'value', range: PERCENT_READING },
  metrics: { facts: robotFacts, flexibility: null },
  api: {
    config: {
      description:
        'robot config (vacuum or mower). Docking is the charging proxy: the schedule says when the robot should be on its dock; the integration only ever commands return-to-dock.',
      fields: {
        battery_capacity_kwh: 'kWh; greater than 0, up to 10',
        max_charge_rate_kw: 'kW; greater than 0, up to 2',
        entity_id: '`vacuum.*` or `lawn_mower.*` (domain not enforced)',
        soc_entity_id: "`sensor.*` (or the entity's battery attribute), 0-100 %",
      },
    },
    constraints: {
      target_charge_pct: 'charge to reach before the tasks window',
      min_charge_pct: CHARGE_FIELDS_API.min_charge_pct,
      current_charge_pct: CHARGE_FIELDS_API.current_charge_pct,
      tasks_window_start: 'start of the daily off-dock window (half-open, may wrap midnight)',
      tasks_window_end: 'end of the daily off-dock window',
    },
  },
};
