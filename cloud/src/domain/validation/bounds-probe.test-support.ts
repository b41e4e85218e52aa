// Holds a body checked by hand to the schema that describes it: every bound, length and enum the
// schema states is probed through the check, on both sides of the edge. A bound changed in one and
// not the other fails the test that runs it.
import type { JsonSchema } from './json-schema.js';

/** One probe: the body sent, what the schema says about it, and where the value came from. */
export interface Probe {
  what: string;
  body: Record<string, unknown>;
  allowed: boolean;
}

const STEP = 0.01;

type Edge = { what: string; value: unknown; allowed: boolean };

/** A value at an edge (allowed) and one just past it (refused). */
const edge = (what: string, at: unknown, pastWhat: string, past: unknown): Edge[] => [
  { what, value: at, allowed: true },
  { what: pastWhat, value: past, allowed: false },
];

/** The values the schema accepts at its edges and the ones just past them, for one field's schema. */
function valuesOf(schema: JsonSchema, valid: unknown, counts = true): Edge[] {
  const out: Edge[] = [];
  const { minimum, maximum, minItems, maxItems, items } = schema as Record<string, number | JsonSchema | undefined>;
  const values = (schema.enum as unknown[] | undefined)?.filter((v) => v !== null);
  if (typeof minimum === 'number') out.push(...edge(`minimum ${minimum}`, minimum, `below ${minimum}`, minimum - STEP));
  if (typeof maximum === 'number') out.push(...edge(`maximum ${maximum}`, maximum, `above ${maximum}`, maximum + STEP));
  if (values)
    out.push(...values.map((v) => ({ what: `enum ${String(v)}`, value: v, allowed: true })), {
      what: 'not in the enum',
      value: 'not-a-member',
      allowed: false,
    });
  if (Array.isArray(valid) && items && typeof items === 'object') {
    const fill = (n: number) => Array.from({ length: n }, (_, i) => valid[i % valid.length]);
    if (counts && typeof minItems === 'number') out.push(...edge(`${minItems} items`, fill(minItems), `${minItems - 1} items`, fill(minItems - 1)));
    if (counts && typeof maxItems === 'number') out.push(...edge(`${maxItems} items`, fill(maxItems), `${maxItems + 1} items`, fill(maxItems + 1)));
    // Each item's edges, in the first place of an otherwise valid array.
    for (const item of valuesOf(items, valid[0])) out.push({ ...item, what: `item ${item.what}`, value: [item.value, ...valid.slice(1)] });
  }
  return out;
}

/** The branch of `T | null` that is not null. */
function nonNull(schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  return anyOf?.find((s) => s.type !== 'null') ?? schema;
}

/**
 * Probes for each field of `schema` that `valid` (a body the check accepts) sets: the field at each
 * edge the schema states, and just past it, the rest of the body unchanged. The item counts of the
 * fields in `fixedCounts` are left alone (a rule ties them to another field, as prose says).
 */
export function boundProbes(schema: JsonSchema, valid: Record<string, unknown>, fixedCounts: string[] = []): Probe[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(valid).flatMap(([field, value]) => {
    const property = properties[field];
    if (!property) throw new Error(`boundProbes: the schema has no field ${field}`);
    return valuesOf(nonNull(property), value, !fixedCounts.includes(field)).map((probe) => ({
      what: `${field}: ${probe.what}`,
      body: { ...valid, [field]: probe.value },
      allowed: probe.allowed,
    }));
  });
}
