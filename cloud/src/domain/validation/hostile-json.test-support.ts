// fast-check arbitraries of hostile JSON, shared by the gate's property tests and the OpenAPI fuzz
// suite (test/support/openapi-fuzz.ts). Every value is one JSON.parse could return: objects are
// built with own data properties only, so a `__proto__` key is an own key as JSON.parse makes it.
import fc from 'fast-check';

/** Every member name of Object.prototype: `constructor`, `toString`, `__proto__`, ... */
export const PROTO_KEYS: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/** An object with exactly these own keys, `__proto__` included, as JSON.parse builds it. */
export function jsonObject(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Arrays or objects nested `depth` levels around `inner`, built without recursion. */
export function nested(depth: number, kind: 'array' | 'object' | 'proto', inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) {
    if (kind === 'array') value = [value];
    else value = jsonObject([[kind === 'proto' ? PROTO_KEYS[i % PROTO_KEYS.length]! : 'a', value]]);
  }
  return value;
}

/** Strings that have broken parsers, yup messages or PostgreSQL before. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\udfff',
  '${path}',
  '%s %d',
  '__proto__',
  'constructor',
  '2024-07-01T14:05:00Z',
  '00000000-0000-0000-0000-000000000000',
  'weather.home',
  'x'.repeat(5000),
  '1e999',
  'NaN',
  '\u202e\ufeff',
];

/** Numbers at and past every edge: JSON.parse turns 1e999 into Infinity. */
const HOSTILE_NUMBERS = [0, -0, 1, -1, 0.5, 1e308, -1e308, Infinity, -Infinity, 2 ** 53 + 2, -(2 ** 63), 5e-324, 2147483648, -2147483648, 99.999999];

/** Objects that break coercion: `toString` or `valueOf` that is not a function (String(x) throws). */
const UNCOERCIBLE = [
  jsonObject([['toString', 1]]),
  jsonObject([
    ['valueOf', {}],
    ['toString', null],
  ]),
  jsonObject([['__proto__', null]]),
];

/** One hostile value of any JSON type: wrong types, edge numbers, bad text, deep nesting, prototype keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, {}, [], [null], ...UNCOERCIBLE, ...HOSTILE_STRINGS, ...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(...UNCOERCIBLE),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.constantFrom(...PROTO_KEYS).map((key) => jsonObject([[key, 1]])),
  fc.constantFrom(...PROTO_KEYS).map((key) => jsonObject([[key, jsonObject([['resolve', 1]])]])),
  fc
    .tuple(fc.integer({ min: 20, max: 3000 }), fc.constantFrom('array', 'object', 'proto') as fc.Arbitrary<'array' | 'object' | 'proto'>)
    .map(([depth, kind]) => nested(depth, kind)),
);

/** Random JSON of any shape whose object keys come from `keys`, prototype names and random text. */
export function anyJson(keys: readonly string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof(fc.constantFrom(...keys, ...PROTO_KEYS), fc.string({ unit: 'binary', maxLength: 8 }));
  const { json } = fc.letrec<{ json: unknown }>((tie) => ({
    json: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileValue,
      fc.array(tie('json'), { maxLength: 4 }),
      fc.array(fc.tuple(key, tie('json')), { maxLength: 6 }).map(jsonObject),
    ),
  }));
  return json;
}

type Path = (string | number)[];

/** Every path to a value inside `value` (objects and arrays), the root included. */
export function pathsOf(value: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...at, i])));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...at, k]));
  return out;
}

/** A copy of `value` with the value at `path` replaced (or, with `addKey`, a key added to the object there). */
export function replaceAt(value: unknown, path: Path, replacement: unknown, addKey?: string): unknown {
  if (path.length === 0) {
    if (addKey === undefined) return replacement;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    return jsonObject([...Object.entries(value), [addKey, replacement]]);
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement, addKey) : v));
  if (typeof value === 'object' && value !== null) {
    return jsonObject(Object.entries(value).map(([k, v]) => [k, k === head ? replaceAt(v, rest, replacement, addKey) : v] as const));
  }
  return value;
}

/**
 * A valid `example` with one hostile change at any place in it: a field's value replaced, or a key
 * (a schema field, a prototype name or random text) added to any object, with a hostile value.
 */
export function mutatedFrom(example: unknown, keys: readonly string[]): fc.Arbitrary<unknown> {
  const paths = pathsOf(example);
  const addedKey = fc.option(fc.oneof(fc.constantFrom(...keys, ...PROTO_KEYS), fc.string({ maxLength: 6 })), { nil: undefined });
  return fc
    .tuple(fc.constantFrom(...paths), fc.oneof(hostileValue, anyJson(keys)), addedKey)
    .map(([path, replacement, key]) => replaceAt(example, path, replacement, key));
}
