/* eslint-disable @typescript-eslint/no-explicit-any -- the registry holds specs of different config types side by side */
import type * as yup from 'yup';
import type { PlanFacts } from '../metrics/day-input.js';
import type { SolarConsumer } from '../planners/solar.js';
import type { Planner } from '../planners/types.js';
import type { SchemaNotes } from '../validation/json-schema.js';
import * as t from '../validation/typed-schema.js';

/** The appliance types of the contract, in the order the error text lists them. */
export const APPLIANCE_TYPES = ['hvac', 'ev_charger', 'home_battery', 'water_heater', 'solar', 'dehumidifier', 'robot'] as const;
export type ApplianceType = (typeof APPLIANCE_TYPES)[number];

export const applianceTypeSchema = t.component('ApplianceType', t.oneOf(APPLIANCE_TYPES));

/** The entities block: only the keys set in the appliance's config. */
export const entitiesBlockSchema = t.component(
  'Entities',
  t.object(
    {
      entity_id: t.optional(t.string('All types except solar')),
      soc_entity_id: t.optional(t.string('EV, battery')),
      plug_entity_id: t.optional(t.string('EV')),
      power_entity_id: t.optional(t.string('EV, battery')),
      temp_entity_id: t.optional(t.string('Water heater')),
      indoor_temp_entity_id: t.optional(t.string('HVAC')),
    },
    'Entity ids needed to apply the schedule; only keys set in the config are included.',
  ),
);
export type EntitiesBlock = t.Infer<typeof entitiesBlockSchema>;

/** Context a config schema may read as `$previous`: the stored config on a PUT, absent on a POST. */
export interface ConfigContext {
  previous?: Record<string, unknown>;
}

/** The allowed `value` of an appliance reading, bounds inclusive, and the contract's 400 detail outside them. */
export interface ValueRange {
  min: number;
  max: number;
  /** What `value` measures, for the API description: `percent`, `degrees F`, `watts`. */
  unit: string;
  detail: string;
}

/**
 * Where the type's readings go: POST /api/v1/readings (indoor temperature and state), or
 * POST /api/v1/appliances/{id}/readings with a `value` in `range`.
 */
export type ReadingRoute = { endpoint: 'hvac' } | { endpoint: 'value'; range: ValueRange };

/**
 * How the daily figures (docs/metrics-and-rankings.md) read a machine-day's plan: the facts it was
 * made with (from the schedule row's constraints_used, else today's settings) and which
 * flexibility it grants: a comfort band (HVAC), a tank range (water heater), a charge band (EV,
 * battery), or none.
 */
export interface MetricsFacts {
  facts(used: Record<string, unknown>, config: Record<string, unknown>, constraints: Record<string, unknown>): PlanFacts;
  flexibility: 'comfort_band' | 'tank_range' | 'charge_window' | null;
}

/**
 * Where the type stands when the home's import limit is shared out (docs/home-plan.md): comfort
 * types first by rank, then the earliest deadline with rank breaking ties; null for a type not
 * planned against the limit (solar produces).
 */
export interface Allocation {
  comfort: boolean;
  rank: number;
}

/**
 * The type's prose in the OpenAPI description; the fields' types, bounds and enums come from
 * `configSchema` and `constraintSchema` (domain/validation/from-yup.ts).
 */
export interface ApiDescription<Constraints extends object> {
  /** What the `<Type>Config` component and its fields say. */
  config: SchemaNotes;
  /** What each constraint field means for this type; null without constraints. */
  constraints: [Constraints] extends [never] ? null : { [K in keyof Constraints & string]-?: string };
}

/**
 * Everything the pure code knows about one appliance type: one file per type exports one, and
 * `index.ts` registers it with `satisfies`, so a type missing any part does not compile. The
 * services-side part (loading and building the planner input) is `services/appliance-planning.ts`.
 */
export interface ApplianceTypeSpec<Config extends object, Constraints extends object = never, T extends ApplianceType = ApplianceType> {
  type: T;
  /** Validates the config; messages read `<field>: <message>`. */
  configSchema: yup.ObjectSchema<Config, any, any, any>;
  /**
   * Config keys a PUT keeps from the stored config when it omits them: facts a device reported at
   * claim time rather than settings the user edits.
   */
  preservedConfigKeys: readonly string[];
  /** Validates the constraints; null when the type takes none. */
  constraintSchema: yup.ObjectSchema<Constraints, any, any, any> | null;
  /** The entities block for this config; null for types without one (solar). */
  entities(config: Config): EntitiesBlock | null;
  /** The pure planner: (day, input) => plan. */
  planner: Planner<T>;
  allocation: Allocation | null;
  /** Which consumer of the solar surplus the type's planned draw counts as (planners/solar.ts), or null. */
  solarConsumer: SolarConsumer | null;
  readings: ReadingRoute;
  metrics: MetricsFacts;
  api: ApiDescription<Constraints>;
}

/** A spec of type T with or without constraints, as the registry holds it. */
export type AnySpec<T extends ApplianceType> = ApplianceTypeSpec<any, any, T> | ApplianceTypeSpec<any, never, T>;
