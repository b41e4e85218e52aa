import { orNull, ref, type Schema } from './builders.js';
import { DATE, DATE_TIME, UUID } from './components.js';

const money = (description: string): Schema => ({ type: 'number', description: `Dollars; display-only; ${description}` });

/** Schedule history rows and their solar `constraints_used`. */
export const SCHEDULE_HISTORY_SCHEMAS: Record<string, Schema> = {
  SolarConstraintsUsed: {
    type: 'object',
    description: 'constraints_used on solar rows.',
    properties: {
      nameplate_kw: { type: 'number', description: "The array's system_size_kw" },
      tilt_degrees: { type: 'integer', description: 'From config' },
      azimuth_degrees: { type: 'integer', description: 'From config (180 = south)' },
      yield_kw_per_wm2: orNull({ type: 'number', description: 'kW per W/m2 on the array plane; null when no irradiance forecast was available' }),
      yield_source: { type: 'string', enum: ['learned', 'irradiance', 'nameplate'], description: "This array's tier" },
      shading_applied: { type: 'boolean', description: 'Whether a learned per-hour shading profile was applied' },
      model_fit: orNull({
        type: 'object',
        description: 'null unless yield_source is `learned`',
        properties: {
          r_squared: { type: 'number' },
          n_pairs: { type: 'integer' },
          n_days: { type: 'integer' },
          holdout_rmse_kw: { type: 'number' },
          calculated_at: DATE_TIME,
        },
      }),
      irradiance_peak_wm2: orNull({ type: 'number', description: 'Peak sunlight on the plane across the day' }),
      export_rates_set: { type: 'boolean', description: 'Whether an export-rate curve is set; false means surplus was valued at nothing' },
    },
  },
  ScheduleHistoryRow: {
    type: 'object',
    description: 'One stored schedule; further backend-defined fields may appear and are ignored.',
    properties: {
      id: { type: 'integer' },
      appliance_id: UUID,
      date: DATE,
      schedule: ref('ApplianceSchedule'),
      baseline_cost: money('cost without optimization'),
      optimized_cost: money('cost of the plan'),
      savings_pct: { type: 'number', description: 'Display-only' },
      source: { type: 'string', enum: ['optimization', 'defaults'] },
      created_at: DATE_TIME,
      from_slot: {
        type: 'integer',
        minimum: 0,
        maximum: 47,
        description: 'First slot the row re-planned; earlier slots kept the previous row of the day. Its costs cover from_slot on',
      },
      trigger: {
        type: 'string',
        enum: ['nightly', 'recompute', 'debounced'],
        description: 'What wrote the row: the nightly run, the recompute endpoint, or a debounced recompute (saved inputs, price events)',
      },
      missed: { type: 'array', items: ref('MissedLimit') },
      constraints_used: {
        type: 'object',
        description: 'Display-only inputs of the plan (solar rows: SolarConstraintsUsed; every row records export_rates_set)',
        anyOf: [ref('SolarConstraintsUsed'), { type: 'object' }],
      },
    },
    required: ['id', 'appliance_id', 'date', 'schedule', 'baseline_cost', 'optimized_cost', 'savings_pct', 'created_at', 'constraints_used'],
  },
  ScheduleHistory: {
    type: 'object',
    properties: {
      start: DATE,
      end: DATE,
      appliances: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            appliance_id: UUID,
            appliance_type: ref('ApplianceType'),
            name: { type: 'string' },
            history: { type: 'array', items: ref('ScheduleHistoryRow'), description: 'Sorted by date, then created_at, ascending' },
          },
          required: ['appliance_id', 'appliance_type', 'name', 'history'],
        },
      },
    },
    required: ['start', 'end', 'appliances'],
  },
  SchedulesUpdatedAt: {
    type: 'object',
    properties: {
      updated_at: orNull({ ...DATE_TIME, description: 'Latest time a schedule was written for the account for today; null when nothing is scheduled today' }),
    },
    required: ['updated_at'],
  },
};
