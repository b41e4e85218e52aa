// The per-type parts of the appliance description, assembled from each type's `api` fragment in
// the registry (domain/appliance-types/), so a new type brings its own description.
import { APPLIANCE_TYPES, applianceTypes, type ApplianceType } from '../../domain/appliance-types/index.js';
import { HH_MM_SCHEMA } from '../../domain/validation/json-schema.js';
import type { Schema } from './builders.js';

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

/** The per-type appliance config shapes; out-of-range or missing required fields give 400 naming the field. */
export const APPLIANCE_CONFIG_SCHEMAS: Record<string, Schema> = Object.fromEntries(
  APPLIANCE_TYPES.map((t) => [configComponentName(t), applianceTypes[t].api.config]),
);

/** Each constraint field's fragment per type that takes it, in the contract's type order. */
function constraintFragments(): Map<string, [ApplianceType, Schema][]> {
  const out = new Map<string, [ApplianceType, Schema][]>();
  for (const type of APPLIANCE_TYPES) {
    for (const [field, schema] of Object.entries(applianceTypes[type].api.constraints ?? {})) out.set(field, [...(out.get(field) ?? []), [type, schema]]);
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
