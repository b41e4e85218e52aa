// The constraint set of any appliance type as one schema: each field's bounds from its type's
// constraint schema, and what it means per type from the type's `api` prose, so a new type brings
// its own fields to the description.
import { fromYup, propertyOf } from '../validation/from-yup.js';
import { HH_MM_SCHEMA, type JsonSchema } from '../validation/json-schema.js';
import * as t from '../validation/typed-schema.js';
import { APPLIANCE_TYPES, applianceTypes, type ApplianceType } from './index.js';

/** Each constraint field's fragment per type that takes it, in the contract's type order. */
function constraintFragments(): Map<string, [ApplianceType, JsonSchema][]> {
  const out = new Map<string, [ApplianceType, JsonSchema][]>();
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
function constraintProperties(): Record<string, JsonSchema> {
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
const constraintFieldsByType = (): string =>
  APPLIANCE_TYPES.flatMap((type) => {
    const fields = applianceTypes[type].api.constraints;
    return fields ? [`${type}: ${Object.keys(fields).join(', ')}`] : [];
  }).join('; ');

/** The stored constraint set of an appliance: the set fields of its type's constraints. */
export const constraintSet = t.anyObject({
  description: `The constraint fields of the appliance type: ${constraintFieldsByType()}. A save replaces the whole set (fields not sent are cleared).`,
  properties: constraintProperties(),
});
