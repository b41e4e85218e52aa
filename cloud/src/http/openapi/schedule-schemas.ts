import { orNull, ref, type Schema } from './builders.js';
import { REASON_CODES } from '../../domain/planners/reason-codes.js';
import { DATE, DATE_TIME, UUID, fixedArray, slots48 } from './components.js';

const NUM = { type: 'number' };
const SOURCE: Schema = {
  type: 'string',
  enum: ['optimization', 'defaults'],
  description: '`defaults` during warm-up (comfort bands from preferences, savings 0)',
};
/** Why the plan does what it does: in every planned schedule beside its arrays. */
const REASONS: Record<string, Schema> = {
  reasons_48: slots48(
    ref('SlotReason'),
    "Why the plan does what it does in each slot, from the planner's own decision. A plan stored without reasons is served with `not_planned` in every slot.",
  ),
  summary: { type: 'string', description: 'One sentence in plain words: when it acts, at what prices, what for, and the saving against its baseline.' },
};
const chargeSchedule = (onMeans: string): Schema => ({
  type: 'object',
  properties: {
    intervals: slots48({ type: 'boolean' }, `true = ${onMeans}`),
    value_trajectory: slots48(NUM, 'Predicted charge, 0-100 %'),
    unit: { type: 'string', const: 'percent' },
    discharge_intervals: slots48({ type: 'boolean' }, 'home_battery only: true = the battery covers the house'),
    export_intervals: slots48(
      { type: 'boolean' },
      'home_battery only, a subset of discharge_intervals: true = the battery also discharges past the house down to the planned charge, exporting the rest (only with an export-rate curve)',
    ),
    ...REASONS,
  },
  required: ['intervals', 'value_trajectory', 'unit'],
});
const CLOCK = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[03]0( tomorrow)?$|^midnight( tomorrow)?$' };

/** The per-type schedules, the entities block and the schedule responses. */
export const SCHEDULE_SCHEMAS: Record<string, Schema> = {
  HvacSchedule: {
    type: 'object',
    description:
      "Apply setpoint_temps[idx] at each 30-minute boundary regardless of HVAC mode; when it is null (defaults and legacy rows) apply (high_temps[idx] + low_temps[idx]) / 2. Setpoints are clamped into a satellite's claimed setpoint range on every pull. Per-slot fan or mode arrays appear when optimize_hvac_fan / optimize_hvac_mode are set.",
    properties: {
      intervals: slots48({ type: 'integer', minimum: 0, maximum: 47 }, 'Always 0..47'),
      high_temps: slots48(NUM, 'Display-only comfort band, upper, F'),
      low_temps: slots48(NUM, 'Display-only comfort band, lower, F'),
      setpoint_temps: orNull(slots48(NUM, 'Setpoint to apply per slot, F')),
      temp_trajectory: orNull(slots48(NUM, 'Display-only predicted indoor temperature, F')),
      fan_schedule: slots48({ type: 'string', enum: ['auto', 'low', 'high'] }, 'Present when optimize_hvac_fan is set: fan speed per slot'),
      mode_schedule: slots48({ type: 'string', enum: ['COOL', 'HEAT', 'OFF'] }, 'Present when optimize_hvac_mode is set: HVAC mode per slot'),
      trajectory_low_temps: slots48(
        NUM,
        "Display-only: lower edge of the 80 % prediction band around temp_trajectory, F. Present with a trajectory once the unit's model has learned its band (from its held-out prediction errors); slots already past carry the trajectory itself",
      ),
      trajectory_high_temps: slots48(NUM, 'Display-only: upper edge of that 80 % prediction band, F; present with trajectory_low_temps'),
      ...REASONS,
    },
    required: ['intervals', 'high_temps', 'low_temps', 'setpoint_temps', 'temp_trajectory'],
  },
  ChargeSchedule: {
    ...chargeSchedule('charger on (ev_charger, home_battery); robot: should be on its dock'),
    description: 'ev_charger, home_battery and robot schedule.',
  },
  WaterHeaterSchedule: {
    type: 'object',
    properties: {
      intervals: slots48({ type: 'boolean' }, 'true = element on'),
      temp_trajectory: slots48(NUM, 'Predicted tank temperature, F'),
      unit: { type: 'string', const: 'fahrenheit' },
      ...REASONS,
    },
    required: ['intervals', 'temp_trajectory', 'unit'],
  },
  SolarSchedule: {
    type: 'object',
    description: "No per-interval commands; it discounts other appliances' effective pricing.",
    properties: {
      generation_kw_48: slots48(NUM, 'kW'),
      self_consumed_kw_48: slots48(NUM, 'kW'),
      surplus_kw_48: slots48(NUM, 'kW'),
      generation_kwh: NUM,
      self_consumed_kwh: NUM,
      surplus_kwh: NUM,
      export_value_cents: orNull({ type: 'number', description: 'null with no export-rate curve' }),
      unit: { type: 'string', const: 'kW' },
      source: { type: 'string', enum: ['learned', 'irradiance', 'nameplate'], description: 'Strongest to weakest; the weakest tier across arrays' },
      surplus_basis: { type: 'string', const: 'before_household_base_load' },
      allocation_order: fixedArray(5, { type: 'string' }),
      ...REASONS,
    },
    required: [
      'generation_kw_48',
      'self_consumed_kw_48',
      'surplus_kw_48',
      'generation_kwh',
      'self_consumed_kwh',
      'surplus_kwh',
      'export_value_cents',
      'unit',
      'source',
      'surplus_basis',
      'allocation_order',
    ],
  },
  SlotReason: {
    type: 'object',
    description: 'The reason of one slot: a code and the figures that decide it (docs/plan-reasons.md).',
    properties: {
      code: {
        type: 'string',
        enum: Object.keys(REASON_CODES),
        description: Object.entries(REASON_CODES)
          .map(([code, spec]) => `\`${code}\`${spec.acts ? ' (acts)' : ''}: ${spec.means}`)
          .join('; '),
      },
      price_cents: orNull({ type: 'number', description: "This slot's import price the plan used, cents/kWh; null when not planned" }),
      compared_cents: {
        type: 'number',
        description: 'The price it avoids or waits for, cents/kWh: what the energy this slot moves is worth elsewhere in the plan',
      },
      compared_at: { ...CLOCK, description: 'Start of the slot whose price `compared_cents` is' },
      export_cents: { type: 'number', description: '`exports` only: the export price, cents/kWh' },
      limit: { type: 'string', description: 'The limit that binds: target_charge_pct, min_charge_pct, min_temp_f or comfort_band' },
      by: { ...CLOCK, description: 'When `limit` must be met' },
    },
    required: ['code', 'price_cents'],
  },
  ApplianceSchedule: {
    description: 'The schedule of the appliance type, with `reasons_48` and `summary`; `{}` when none exists (dehumidifiers never have one).',
    anyOf: [ref('HvacSchedule'), ref('ChargeSchedule'), ref('WaterHeaterSchedule'), ref('SolarSchedule'), { type: 'object', maxProperties: 0 }],
  },
  Entities: {
    type: 'object',
    description: 'Entity ids needed to apply the schedule; only keys set in the config are included.',
    properties: {
      entity_id: { type: 'string', description: 'All types except solar' },
      soc_entity_id: { type: 'string', description: 'EV, battery' },
      temp_entity_id: { type: 'string', description: 'Water heater' },
      indoor_temp_entity_id: { type: 'string', description: 'HVAC' },
    },
  },
  HvacScheduleResponse: {
    type: 'object',
    properties: {
      date: DATE,
      schedule: ref('HvacSchedule'),
      mode: { type: 'string', enum: ['cool', 'heat', 'auto', 'off'] },
      estimated_savings_pct: { type: 'number', description: 'Display-only; 0 on defaults' },
      model_confidence: orNull({ type: 'number', minimum: 0, maximum: 1, description: 'Display-only; null on defaults' }),
      generated_at: { ...DATE_TIME, description: 'UTC ISO 8601' },
      stale: { type: 'boolean', description: "Present and true only when a prior day's schedule is returned" },
      source: SOURCE,
    },
    required: ['date', 'schedule', 'mode', 'estimated_savings_pct', 'model_confidence', 'generated_at', 'source'],
  },
  ScheduleEntry: {
    type: 'object',
    properties: {
      appliance_id: UUID,
      appliance_type: ref('ApplianceType'),
      name: { type: 'string' },
      schedule: ref('ApplianceSchedule'),
      savings_pct: { type: 'number', description: '0.0 when no schedule exists' },
      source: SOURCE,
      entities: ref('Entities'),
      integration_health: { ...ref('ApplianceHealth'), description: 'HVAC entries only' },
      missed: {
        type: 'array',
        items: ref('MissedLimit'),
        description: 'Limits the plan could not meet (it comes as close as possible); absent when all were met',
      },
    },
    required: ['appliance_id', 'appliance_type', 'name', 'schedule', 'savings_pct', 'source'],
  },
  MissedLimit: {
    type: 'object',
    properties: {
      limit: { type: 'string', description: 'e.g. `target_charge_pct`, `min_charge_pct`, `min_temp_f`, `comfort_band`' },
      message: { type: 'string', description: 'Human-readable, safe to render' },
      achieved: { type: 'number', description: "What the plan reaches, in the limit's unit" },
    },
    required: ['limit', 'message'],
  },
  ApplianceScheduleResponse: { allOf: [ref('ScheduleEntry'), { type: 'object', properties: { date: DATE }, required: ['date'] }] },
  SchedulesView: {
    type: 'object',
    description: 'A paused unit still has its schedule computed.',
    properties: {
      date: DATE,
      appliances: {
        type: 'array',
        items: {
          allOf: [
            ref('ScheduleEntry'),
            {
              type: 'object',
              properties: { optimization_enabled: { type: 'boolean', description: 'Effective per-unit flag, includes the master switch' } },
              required: ['optimization_enabled'],
            },
          ],
        },
      },
      optimization_enabled: { type: 'boolean', description: 'Master switch. When false, apply no schedule until a later poll returns true' },
      integration_health: ref('HealthBlock'),
      home: orNull(ref('HomePlan')),
    },
    required: ['date', 'appliances', 'optimization_enabled', 'integration_health', 'home'],
  },
  HomePlan: {
    type: 'object',
    description: 'The home as one system for the day (docs/home-plan.md). null before the first plan of the day. Slots are local half hours 0-47.',
    properties: {
      load_kw_48: slots48({ type: 'number', minimum: 0 }, 'Household load planned with, kW (before solar)'),
      grid_import_kw_48: slots48(
        { type: 'number', minimum: 0 },
        'Planned grid import: load + appliance draws (HVAC planned power, EV, water heater, battery charging) - battery delivery - solar, kW',
      ),
      export_kw_48: slots48({ type: 'number', minimum: 0 }, 'Planned export (what is left below zero), kW'),
      source: { type: 'string', enum: ['measured', 'set', 'typical'], description: 'Where the household load came from' },
      expected_cost_cents: { type: 'number', description: "The day's expected cost of the home's import at the tariff, less what exports earn, cents" },
      max_import_kw: orNull({ type: 'number', description: 'The import limit planned against (profile max_import_kw), kW' }),
    },
    required: ['load_kw_48', 'grid_import_kw_48', 'export_kw_48', 'source', 'expected_cost_cents', 'max_import_kw'],
  },
  RecomputeResult: {
    type: 'object',
    properties: {
      appliance_id: UUID,
      appliance_type: ref('ApplianceType'),
      name: { type: 'string' },
      status: {
        type: 'string',
        enum: ['ok', 'failed', 'calibrating', 'forecast', 'observe', 'skipped'],
        description:
          'ok: fresh schedule; failed: not re-optimized, previous schedule remains; calibrating: one-time HVAC warm-up; forecast: solar; observe: dehumidifier; skipped: unknown type',
      },
      detail: {
        type: 'string',
        description:
          'Short reason: with `failed`, with `calibrating` (what the warm-up still needs), with `skipped`; with `ok` under an import limit, the limits the plan could not meet within it (`within max_import_kw <kW> kW: <limit> <message>`)',
      },
    },
    required: ['appliance_id', 'appliance_type', 'name', 'status'],
  },
  RecomputeResponse: {
    description:
      'Account-level early exits (no profile, weather fetch failed, optimization_mode off) return an empty results and the previous appliances entries.',
    allOf: [ref('SchedulesView'), { type: 'object', properties: { results: { type: 'array', items: ref('RecomputeResult') } }, required: ['results'] }],
  },
};
