// The per-type parts of the appliance description, derived from each type's config and constraint
// schemas with the prose of its `api` part (domain/appliance-types/), so a new type brings its own description.
import { APPLIANCE_TYPES, applianceTypes, type ApplianceType } from '../../domain/appliance-types/index.js';
import { HH_MM_SCHEMA } from '../../domain/validation/json-schema.js';
import type { Schema } from './builders.js';
import { fromYup, propertyOf } from './from-yup.js';

/** The config component of a type: `ev_charger` -> `EvChargerConfig`. */
export const configComponentName = (type: ApplianceType): string =>
  `${type
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}Config`;

/** Config schema name by appliance_type, in the order of the contract's type list. */
export const CONFIG_BY_TYPE: Record<ApplianceType, string> = Object.fromEntries(APPLIANCE_TYPES.map((t) => [t, configComponentName(t)])) as Record<
  ApplianceType,
  string
>;

/**
 * The per-type appliance config shapes; out-of-range or missing required fields give 400 naming the
 * field. Stated as for an update of a unit without a hub entity (a satellite's HVAC): ApplianceCreate
 * adds what a new unit requires.
 */
export const APPLIANCE_CONFIG_SCHEMAS: Record<string, Schema> = Object.fromEntries(
  APPLIANCE_TYPES.map((t) => [
    configComponentName(t),
    fromYup(applianceTypes[t].configSchema, applianceTypes[t].api.config, { previous: { entity_id: null } }),
  ]),
);

/** Each constraint field's fragment per type that takes it, in the contract's type order. */
function constraintFragments(): Map<string, [ApplianceType, Schema][]> {
  const out = new Map<string, [ApplianceType, Schema][]>();
  for (const type of APPLIANCE_TYPES) {
    const { constraintSchema, api } = applianceTypes[type];
    if (!constraintSchema) continue;
    const derived = fromYup(constraintSchema);
    for (const [field, description] of Object.entries(api.constraints ?? {})) {
      out.set(field, [...(out.get(field) ?? []), [type, propertyOf(derived, field, description as string)]]);
    }
  }
  return out;
}

/**
 * One property per constraint field: the bounds of its first type (schemas-match.test.ts holds
 * every type's yup schema to them) and a description saying what it means for each type.
 */
export function constraintProperties(): Record<string, Schema> {
  return Object.fromEntries(
    [...constraintFragments()].map(([field, fragments]) => {
      const byText = new Map<string, ApplianceType[]>();
      for (const [type, schema] of fragments) byText.set(String(schema.description), [...(byText.get(String(schema.description)) ?? []), type]);
      const first = fragments[0]![1];
      const prefix = first.pattern === HH_MM_SCHEMA.pattern ? 'HH:MM local; ' : '';
      const description = prefix + [...byText].map(([text, types]) => `${types.join(', ')}: ${text}`).join('. ');
      return [field, { ...first, description }];
    }),
  );
}

/** `ev_charger: target_charge_pct, ...; water_heater: ...`: the constraint fields of each type that takes some. */
export const constraintFieldsByType = (): string =>
  APPLIANCE_TYPES.flatMap((t) => {
    const fields = applianceTypes[t].api.constraints;
    return fields ? [`${t}: ${Object.keys(fields).join(', ')}`] : [];
  }).join('; ');

/** What `value` means per type on the appliance readings endpoint, and the 400 details of its ranges. */
export function readingValues(): { description: string; details: string[] } {
  const ranges = APPLIANCE_TYPES.flatMap((t) => {
    const route = applianceTypes[t].readings;
    return route.endpoint === 'value' ? [[t, route.range] as const] : [];
  });
  return {
    description: ranges.map(([t, r]) => `${t}: ${r.min}-${r.max} ${r.unit}`).join('; '),
    details: [...new Set(ranges.map(([, r]) => r.detail))],
  };
}
