/* eslint-disable @typescript-eslint/no-explicit-any -- the registry holds specs of different config types side by side */
// The appliance type registry: one spec per type, each in its own file, carrying everything the
// pure code knows about the type (config and constraint schemas, planner, place in the import
// limit's allocation, reading range, metrics facts, OpenAPI fragment). `satisfies` turns a type
// without a spec, or a spec without one of its parts, into a compile error; the services' part
// is `services/appliance-planning.ts`. Validation here is pure and returns a result; the service
// maps a failure to 400 { detail }.
import type * as yup from 'yup';
import { dehumidifier } from './dehumidifier.js';
import { evCharger } from './ev-charger.js';
import { homeBattery } from './home-battery.js';
import { hvac } from './hvac.js';
import { robot } from './robot.js';
import { solar } from './solar.js';
import { APPLIANCE_TYPES, type AnySpec, type ApplianceType, type ApplianceTypeSpec, type EntitiesBlock } from './spec.js';
import { waterHeater } from './water-heater.js';
import { passGate } from '../validation/schema-gate.js';

export {
  APPLIANCE_TYPES,
  applianceTypeSchema,
  entitiesBlockSchema,
  type ApplianceType,
  type ApplianceTypeSpec,
  type EntitiesBlock,
  type ValueRange,
} from './spec.js';
export { HVAC_TYPES, type HvacType } from './hvac.js';
export { TANK_TEMP_MAX_F, TANK_TEMP_MIN_F } from './water-heater.js';
export { DEFAULT_AZIMUTH_DEGREES } from './solar.js';

/** Every appliance type's spec, by type. */
export const applianceTypes = {
  hvac,
  ev_charger: evCharger,
  home_battery: homeBattery,
  water_heater: waterHeater,
  solar,
  dehumidifier,
  robot,
} satisfies { [T in ApplianceType]: AnySpec<T> };

type Registry = typeof applianceTypes;
/** The validated config of an appliance of type T. */
export type ApplianceConfig<T extends ApplianceType> = Registry[T] extends ApplianceTypeSpec<infer C, any, T> ? C : never;
/** The validated constraints of an appliance of type T; never for a type without constraints. */
export type ApplianceConstraints<T extends ApplianceType> = Registry[T] extends ApplianceTypeSpec<any, infer K, T> ? K : never;

export type ParseResult = { ok: true; value: Record<string, unknown> } | { ok: false; detail: string };

/** True for one of the contract types. */
export const isApplianceType = (v: unknown): v is ApplianceType => (APPLIANCE_TYPES as readonly unknown[]).includes(v);

function run(schema: yup.ObjectSchema<any, any, any, any>, value: unknown, context: object): ParseResult {
  return passGate(schema, value, { context });
}

/**
 * Validates a whole config of `type`, dropping unknown keys. On a PUT pass the stored config as
 * `previous`: the type's preserved keys missing from `raw` are carried over from it.
 */
export function parseConfig(type: ApplianceType, raw: Record<string, unknown>, previous?: Record<string, unknown>): ParseResult {
  const spec: AnySpec<any> = applianceTypes[type];
  const merged = { ...raw };
  for (const key of spec.preservedConfigKeys) {
    if (previous && !(key in merged) && previous[key] !== undefined) merged[key] = previous[key];
  }
  return run(spec.configSchema, merged, { previous });
}

/** True when the type accepts constraints. */
export const takesConstraints = (type: ApplianceType): boolean => applianceTypes[type].constraintSchema !== null;

/**
 * Validates a whole constraint set of `type` (unknown keys dropped). Null means "not set", so null
 * fields are dropped too: the result is exactly the set fields to store.
 */
export function parseConstraints(type: ApplianceType, raw: Record<string, unknown>): ParseResult {
  const schema = applianceTypes[type].constraintSchema;
  if (!schema) return { ok: false, detail: `${type} appliances take no constraints` };
  const result = run(schema, raw, {});
  if (!result.ok) return result;
  return { ok: true, value: Object.fromEntries(Object.entries(result.value).filter(([, v]) => v !== null && v !== undefined)) };
}

/** The entities block of an appliance (null for solar). */
export function entitiesOf(type: ApplianceType, config: Record<string, unknown>): EntitiesBlock | null {
  const spec: AnySpec<any> = applianceTypes[type];
  return spec.entities(config);
}
