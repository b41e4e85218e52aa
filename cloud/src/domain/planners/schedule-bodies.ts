// The schedule body each planner returns, as the API serves it: one typed schema per body gives
// both the planners' TypeScript type and the OpenAPI component (validation/typed-schema.ts).
import { SOLAR_TIERS } from '../solar/array-forecast.js';
import * as t from '../validation/typed-schema.js';
import { FAN_SPEEDS, SLOT_MODES } from './hvac-input.js';
import { REASON_CODES } from './reason-codes.js';

const CLOCK = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[03]0( tomorrow)?$|^midnight( tomorrow)?$' };
const REASON_CODE_NAMES = Object.keys(REASON_CODES) as (keyof typeof REASON_CODES)[];

/** The reason of one slot: its code and the figures that decide it. */
export const slotReason = t.component(
  'SlotReason',
  t.object(
    {
      code: t.oneOf(REASON_CODE_NAMES, {
        description: Object.entries(REASON_CODES)
          .map(([code, spec]) => `\`${code}\`${spec.acts ? ' (acts)' : ''}: ${spec.means}`)
          .join('; '),
      }),
      price_cents: t.nullable(t.number("This slot's import price the plan used, cents/kWh; null when not planned")),
      compared_cents: t.optional(t.number('The price it avoids or waits for, cents/kWh: what the energy this slot moves is worth elsewhere in the plan')),
      compared_at: t.optional(t.string({ ...CLOCK, description: 'Start of the slot whose price `compared_cents` is' })),
      export_cents: t.optional(t.number('`exports` only: the export price, cents/kWh')),
      surplus_kw: t.optional(t.number('`solar_surplus` only: the forecast solar surplus in this slot, kW')),
      grid_cents: t.optional(
        t.number('`solar_surplus` only: the tariff price of this slot before the solar discount, cents/kWh (the grid price the surplus avoids)'),
      ),
      limit: t.optional(t.string('The limit that binds: target_charge_pct, min_charge_pct, min_temp_f, comfort_band or max_import_kw')),
      by: t.optional(t.string({ ...CLOCK, description: 'When `limit` must be met' })),
    },
    'The reason of one slot: a code and the figures that decide it (docs/plan-reasons.md).',
  ),
);
export type SlotReason = t.Infer<typeof slotReason>;

/** Why the plan does what it does: in every planned schedule beside its arrays. */
const EXPLANATION = {
  reasons_48: t.slots48(
    t.ref(slotReason),
    "Why the plan does what it does in each slot, from the planner's own decision. A plan stored without reasons is served with `not_planned` in every slot.",
  ),
  summary: t.string('One sentence in plain words: when it acts, at what prices, what for, and the saving against its baseline.'),
};
/** What a planner says about its plan: a reason per slot and one sentence for the appliance. */
export type PlanExplanation = t.InferFields<typeof EXPLANATION>;
/** The explanation in a schedule body: a stored plan may lack it (it is then served as `not_planned`). */
const EXPLAINED = { reasons_48: t.optional(EXPLANATION.reasons_48), summary: t.optional(EXPLANATION.summary) };

/** A limit a plan could not meet (plans never fail for infeasibility: they come as close as possible). */
export const missedLimit = t.component(
  'MissedLimit',
  t.object({
    limit: t.string('e.g. `target_charge_pct`, `min_charge_pct`, `min_temp_f`, `comfort_band`'),
    message: t.string('Human-readable, safe to render'),
    achieved: t.optional(t.number("What the plan reaches, in the limit's unit")),
  }),
);
export type MissedLimit = t.Infer<typeof missedLimit>;

const perSlot = (description: string) => t.slots48(t.number(), description);

/** The hvac schedule body, with the optional fan and mode schedules. */
export const hvacSchedule = t.component(
  'HvacSchedule',
  t.object(
    {
      intervals: t.slots48(t.integer({ minimum: 0, maximum: 47 }), 'Always 0..47'),
      high_temps: perSlot('Display-only comfort band, upper, F'),
      low_temps: perSlot('Display-only comfort band, lower, F'),
      setpoint_temps: t.nullable(perSlot('Setpoint to apply per slot, F')),
      temp_trajectory: t.nullable(perSlot('Display-only predicted indoor temperature, F')),
      fan_schedule: t.optional(t.slots48(t.oneOf(FAN_SPEEDS), 'Present when optimize_hvac_fan is set: fan speed per slot')),
      mode_schedule: t.optional(t.slots48(t.oneOf(SLOT_MODES), 'Present when optimize_hvac_mode is set: HVAC mode per slot')),
      trajectory_low_temps: t.optional(
        perSlot(
          "Lower edge of the 80 % prediction band around temp_trajectory, F. Present with a trajectory once the unit's model has learned its band (from its held-out prediction errors); slots already past carry the trajectory itself. Readings whose half-hour mean leaves the band widened 1.53 times around temp_trajectory re-plan the rest of the day",
        ),
      ),
      trajectory_high_temps: t.optional(perSlot('Upper edge of that 80 % prediction band, F; present with trajectory_low_temps')),
      ...EXPLAINED,
    },
    "Apply setpoint_temps[idx] at each 30-minute boundary regardless of HVAC mode; when it is null (defaults and legacy rows) apply (high_temps[idx] + low_temps[idx]) / 2. Setpoints are clamped into a satellite's claimed setpoint range on every pull. Per-slot fan or mode arrays appear when optimize_hvac_fan / optimize_hvac_mode are set.",
  ),
);
/** A planned hvac schedule: the body with its reasons. */
export type HvacSchedule = t.Infer<typeof hvacSchedule> & PlanExplanation;

/** The ev_charger, home_battery and robot schedule; value_trajectory[i] is the charge at the END of slot i. */
export const chargeSchedule = t.component(
  'ChargeSchedule',
  t.object(
    {
      intervals: t.slots48(t.boolean(), 'true = charger on (ev_charger, home_battery); robot: should be on its dock'),
      value_trajectory: perSlot('Predicted charge, 0-100 %'),
      unit: t.constant('percent'),
      discharge_intervals: t.optional(t.slots48(t.boolean(), 'home_battery only: true = the battery covers the house')),
      export_intervals: t.optional(
        t.slots48(
          t.boolean(),
          'home_battery only, a subset of discharge_intervals: true = the battery also discharges past the house down to the planned charge, exporting the rest (only with an export-rate curve)',
        ),
      ),
      ...EXPLAINED,
    },
    'ev_charger, home_battery and robot schedule.',
  ),
);
/** A planned charge schedule: the body with its reasons. */
export type ChargeSchedule = t.Infer<typeof chargeSchedule> & PlanExplanation;

/** The water_heater schedule; temp_trajectory[i] is the tank temperature at the END of slot i. */
export const waterHeaterSchedule = t.component(
  'WaterHeaterSchedule',
  t.object({
    intervals: t.slots48(t.boolean(), 'true = element on'),
    temp_trajectory: perSlot('Predicted tank temperature, F'),
    unit: t.constant('fahrenheit'),
    ...EXPLAINED,
  }),
);
/** A planned water heater schedule: the body with its reasons. */
export type WaterHeaterSchedule = t.Infer<typeof waterHeaterSchedule> & PlanExplanation;

const kw = () => t.slots48(t.number(), 'kW');

/** The solar schedule: no per-interval commands. */
export const solarSchedule = t.component(
  'SolarSchedule',
  t.object(
    {
      generation_kw_48: kw(),
      self_consumed_kw_48: kw(),
      surplus_kw_48: kw(),
      generation_kwh: t.number(),
      self_consumed_kwh: t.number(),
      surplus_kwh: t.number(),
      export_value_cents: t.nullable(t.number('null with no export-rate curve')),
      unit: t.constant('kW'),
      source: t.oneOf(SOLAR_TIERS, 'Strongest to weakest; the weakest tier across arrays'),
      // The household's base load (fridge, lights) is not subtracted: the service does not know it.
      surplus_basis: t.constant('before_household_base_load'),
      allocation_order: t.fixedArray(5, t.string()),
      ...EXPLAINED,
    },
    "No per-interval commands; it discounts other appliances' effective pricing.",
  ),
);
/** A planned solar schedule: the body with its reasons. */
export type SolarSchedule = t.Infer<typeof solarSchedule> & PlanExplanation;

/** `constraints_used` of one solar array's history row. */
export const solarConstraintsUsed = t.component(
  'SolarConstraintsUsed',
  t.object(
    {
      nameplate_kw: t.number("The array's system_size_kw"),
      tilt_degrees: t.integer('From config'),
      azimuth_degrees: t.integer('From config (180 = south)'),
      yield_kw_per_wm2: t.nullable(t.number('kW per W/m2 on the array plane; null when no irradiance forecast was available')),
      yield_source: t.oneOf(
        SOLAR_TIERS,
        "This array's tier. `learned`: from its own production readings (with an irradiance forecast, a fitted yield on it; without one, the typical sky scaled to its last 14 days' production, at least 7 of them with readings)",
      ),
      shading_applied: t.boolean('Whether a learned per-hour shading profile was applied'),
      model_fit: t.nullable(
        t.object(
          {
            r_squared: t.number(),
            n_pairs: t.integer(),
            n_days: t.integer(),
            holdout_rmse_kw: t.number(),
            calculated_at: t.dateTime(),
          },
          'The irradiance fit used; null unless yield_source is `learned` with an irradiance forecast',
        ),
      ),
      irradiance_peak_wm2: t.nullable(t.number('Peak sunlight on the plane across the day')),
      export_rates_set: t.boolean('Whether an export-rate curve is set; false means surplus was valued at nothing'),
    },
    'constraints_used on solar rows.',
  ),
);
export type SolarConstraintsUsed = t.Infer<typeof solarConstraintsUsed>;
