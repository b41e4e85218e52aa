// Limits on free-form JSON a client sends (metadata, config before its type is known, a forecast):
// how deep it may nest and what its strings may hold. Pure and iterative, so a value nested a
// million levels deep is measured without recursion (JSON.stringify would overflow the stack).

/** Deepest nesting of arrays and objects accepted inside one field (a scalar is depth 0). */
export const MAX_JSON_DEPTH = 32;

/** NUL (PostgreSQL text cannot hold it) and lone surrogates (jsonb refuses their `\uD800` escapes). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this finds
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** True for a string PostgreSQL can store as text and as jsonb. */
export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

export const tooDeepDetail = (field: string) => `${field} must be nested at most ${MAX_JSON_DEPTH} levels deep`;
export const unstorableTextDetail = (field: string) => `${field} must be valid text (no NUL character or lone surrogate)`;

/**
 * The 400 detail for a value that nests deeper than MAX_JSON_DEPTH or holds a string (or an object
 * key) that is not storable text; null when the value is fine. `field` names it in the detail.
 */
export function jsonTextProblem(value: unknown, field: string): string | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node === 'string') {
      if (!isStorableText(node)) return unstorableTextDetail(field);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_JSON_DEPTH) return tooDeepDetail(field);
    if (Array.isArray(node)) {
      for (const child of node) stack.push([child, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(node)) {
      if (!isStorableText(key)) return unstorableTextDetail(field);
      stack.push([child, depth + 1]);
    }
  }
  return null;
}
