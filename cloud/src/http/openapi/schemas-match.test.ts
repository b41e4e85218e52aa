// The request components are derived from the yup schemas that enforce the contract (domain/validation/from-yup.ts),
// or, for a body checked by hand, written beside them; this test walks each yup description on its
// own and compares it with the served component, field by field: each enum, each bound
// (minimum/maximum, exclusive or not, minLength/maxLength, minItems/maxItems), the integer flag
// and the required list. Descriptions and examples stay free text.
import type * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import {
  applianceCreateSchema,
  applianceReadingSchema,
  applianceReadingsRequestSchema,
  applianceUpdateSchema,
  claimRequestSchema,
  hvacReadingSchema,
  hubEntitiesReportSchema,
  hvacReadingsRequestSchema,
  loginRequestSchema,
  profilePatchSchema,
  passwordResetRequestSchema,
  recoverRequestSchema,
  refreshRequestSchema,
  signupRequestSchema,
  weatherPushSchema,
} from '../../contract/index.js';
import { controlCommandSchema } from '../../domain/devices/control-command.js';
import { applianceTypes, type ApplianceType } from '../../domain/appliance-types/index.js';
import { configComponentName } from './appliance-configs.js';
import { OPENAPI_DOCUMENT } from './document.js';
import type { Schema } from './builders.js';

type Description = yup.SchemaDescription & { fields?: Record<string, Description>; innerType?: Description };

const components = OPENAPI_DOCUMENT.components.schemas as Record<string, Schema>;

/** Follows `$ref`, and steps into the non-null branch of `anyOf: [schema, {type: 'null'}]`. */
function resolve(schema: Schema): Schema {
  if (typeof schema.$ref === 'string') return resolve(components[schema.$ref.split('/').at(-1)!]!);
  const anyOf = schema.anyOf as Schema[] | undefined;
  if (anyOf) {
    const branches = anyOf.filter((s) => s.type !== 'null');
    if (branches.length === 1) return resolve(branches[0]!);
  }
  return schema;
}

const baseType = (schema: Schema): unknown => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);
const sorted = (values: unknown[]) => [...values].map(String).sort();

const BOUND_KEYS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];

/**
 * What a field states for the description beyond yup's own checks: `.meta({ openapi })` on a field
 * the service checks after yup (a 422 rule: the password policy, a claim's hvac_type).
 */
const metaFacts = (d: Description): Record<string, unknown> => (d.meta as { openapi?: Record<string, unknown> } | undefined)?.openapi ?? {};

/** The allowed values: yup's oneOf, a custom test's `values` param, or the meta facts. */
function yupEnum(d: Description): unknown[] {
  const fromTests = d.tests.flatMap((t) => (t.params as { values?: unknown[] } | undefined)?.values ?? []);
  const fromMeta = (metaFacts(d).enum as unknown[] | undefined) ?? [];
  return [...(d.oneOf ?? []), ...fromTests, ...fromMeta].filter((v) => v !== undefined && v !== null);
}

/** The bounds a yup description states through its tests' params (built-in min/max, and our `range`). */
function yupBounds(d: Description): Record<string, number> {
  const out: Record<string, number> = {};
  const facts = metaFacts(d);
  const kind = d.type === 'number' ? 'number' : d.type === 'array' ? 'array' : 'string';
  const lower = { number: 'minimum', string: 'minLength', array: 'minItems' }[kind];
  const upper = { number: 'maximum', string: 'maxLength', array: 'maxItems' }[kind];
  for (const test of d.tests) {
    const p = (test.params ?? {}) as Record<string, unknown>;
    if (typeof p.more === 'number') out.exclusiveMinimum = p.more;
    if (typeof p.less === 'number') out.exclusiveMaximum = p.less;
    if (typeof p.min === 'number') out[p.exclusive === true ? 'exclusiveMinimum' : lower] = p.min;
    if (typeof p.max === 'number') out[upper] = p.max;
    if (typeof p.length === 'number') {
      out[lower] = p.length;
      out[upper] = p.length;
    }
  }
  for (const key of BOUND_KEYS) if (typeof facts[key] === 'number') out[key] = facts[key];
  return out;
}

/** Every difference between a yup description and an OpenAPI schema, as `path: what`. */
function differences(d: Description, raw: Schema, path: string, checkRequired = true): string[] {
  const s = resolve(raw);
  const out: string[] = [];
  const expectedEnum = yupEnum(d);
  const apiEnum = ((s.enum as unknown[] | undefined) ?? []).filter((v) => v !== null);
  if (JSON.stringify(sorted(expectedEnum)) !== JSON.stringify(sorted(apiEnum)))
    out.push(`${path}: enum ${JSON.stringify(expectedEnum)} vs ${JSON.stringify(apiEnum)}`);
  if (d.type === 'number') {
    const isInteger = d.tests.some((t) => t.name === 'integer');
    if (isInteger !== (baseType(s) === 'integer')) out.push(`${path}: integer ${isInteger} vs type ${String(baseType(s))}`);
  }
  const bounds = yupBounds(d);
  for (const key of BOUND_KEYS) {
    if (bounds[key] !== s[key]) out.push(`${path}: ${key} ${bounds[key]} vs ${String(s[key])}`);
  }
  if (d.type === 'object' && d.fields) {
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    const required = Object.entries(d.fields)
      .filter(([, f]) => !f.optional || metaFacts(f).required === true)
      .map(([k]) => k);
    if (checkRequired && JSON.stringify(sorted(required)) !== JSON.stringify(sorted((s.required as string[] | undefined) ?? [])))
      out.push(`${path}: required ${JSON.stringify(required)} vs ${JSON.stringify(s.required ?? [])}`);
    for (const [key, field] of Object.entries(d.fields)) {
      if (properties[key] === undefined) out.push(`${path}.${key}: missing from the description`);
      else out.push(...differences(field, properties[key], `${path}.${key}`));
    }
  }
  if (d.type === 'array' && d.innerType && s.items) out.push(...differences(d.innerType, s.items as Schema, `${path}[]`));
  return out;
}

const describeSchema = (schema: yup.Schema, context?: object) => schema.describe({ value: {}, context }) as Description;

/** Request components and the yup schemas the routes validate them with. */
const PAIRS: [string, yup.Schema][] = [
  ['SignupRequest', signupRequestSchema],
  ['LoginRequest', loginRequestSchema],
  ['RefreshRequest', refreshRequestSchema],
  ['RecoverRequest', recoverRequestSchema],
  ['PasswordResetRequest', passwordResetRequestSchema],
  ['ProfilePatch', profilePatchSchema],
  ['ApplianceCreate', applianceCreateSchema],
  ['ApplianceUpdate', applianceUpdateSchema],
  ['ApplianceReading', applianceReadingSchema],
  ['ApplianceReadingsRequest', applianceReadingsRequestSchema],
  ['HvacReading', hvacReadingSchema],
  ['ReadingsRequest', hvacReadingsRequestSchema],
  ['WeatherPush', weatherPushSchema],
  ['HubEntitiesReport', hubEntitiesReportSchema],
  ['ClaimRequest', claimRequestSchema],
  ['ApplianceCommand', controlCommandSchema],
];

describe('the OpenAPI description matches the yup schemas', () => {
  it.each(PAIRS)('%s', (name, schema) => {
    expect(differences(describeSchema(schema), components[name]!, name)).toEqual([]);
  });

  it.each(Object.entries(applianceTypes))('the %s config', (type, spec) => {
    const name = configComponentName(type as ApplianceType);
    expect(components[name], name).toBeDefined();
    // An HVAC's entity_id is required only for units not claimed by a satellite; the description
    // states that in words, so compare as for a claimed unit (`$previous` without an entity).
    expect(differences(describeSchema(spec.configSchema, { previous: { entity_id: null } }), components[name]!, name)).toEqual([]);
  });

  it.each(Object.entries(applianceTypes).filter(([, spec]) => spec.constraintSchema !== null))('the %s constraints', (type, spec) => {
    // One Constraints component lists every type's fields; a save may send any subset.
    expect(differences(describeSchema(spec.constraintSchema!), components.Constraints!, `Constraints(${type})`, false)).toEqual([]);
  });

  it.each(Object.entries(applianceTypes))('the %s constraint fragments name exactly its constraint fields', (_type, spec) => {
    const described = Object.keys(spec.api.constraints ?? {}).sort();
    const validated = spec.constraintSchema ? Object.keys(spec.constraintSchema.fields).sort() : [];
    expect(described).toEqual(validated);
  });
});
