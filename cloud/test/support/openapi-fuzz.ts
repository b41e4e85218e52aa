// A seeded fuzzer driven by the service's own OpenAPI document: for each operation it builds
// requests as a hostile client would (a plausible body from the operation's schema with one
// hostile change, random JSON of any shape, broken JSON, bytes that are not UTF-8; hostile path
// values and query strings; wrong credentials of every kind; another account's ids) and sends
// them (test/support/fuzz-runner.ts). test/api/fuzz-openapi.test.ts runs a small budget in CI;
// FUZZ_RUNS and FUZZ_SEED run longer or other campaigns. Reusable: give it a document, the
// credentials and ids to use, and read the report.
import fc from 'fast-check';
import { anyJson, hostileValue, mutatedFrom, pathsOf, PROTO_KEYS, replaceAt } from '../../src/domain/validation/hostile-json.test-support.js';
import { invalidUtf8Of, randomBytesBody } from './fuzz-bytes.js';

type Json = any;

/** One operation of the document. */
export interface FuzzOperation {
  method: string;
  /** The path template, `/api/v1/appliances/{appliance_id}`. */
  path: string;
  op: Json;
}

/** What the fuzzer may use to get past authentication and name real resources. */
export interface FuzzContext {
  userToken: string;
  deviceToken: string;
  /** Real values of the caller per path or query parameter name (appliance ids, device ids, dates). */
  pathValues: Record<string, string[]>;
  /** Wrong Authorization header values by what is wrong with them ('' sends none). */
  hostileCredentials: Record<string, string>;
  /** Another account's values per parameter name: its appliance and device ids. */
  foreignValues: Record<string, string[]>;
}

/** One request, ready to send. */
export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded (hostile encodings included on purpose). */
  url: string;
  headers: Record<string, string>;
  /** JSON text, or raw bytes (not UTF-8 on purpose). */
  body?: string | Buffer;
  operation: string;
  /** Which credential was sent: `userAuth`, `deviceAuth`, `none`, or a hostile one's name. */
  credential: string;
  /**
   * Whether a path parameter carries another account's id (must be 404). In a query or body such
   * an id may be ignored (metrics day) or refused, never used.
   */
  foreignInPath: boolean;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: Json): FuzzOperation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]: [string, Json]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method: method.toUpperCase(), path, op: item[method] })),
  );
}

/** Resolves a local `$ref`. */
function resolved(schema: Json, doc: Json): Json {
  let s = schema;
  for (let i = 0; i < 10 && s && typeof s.$ref === 'string'; i++) {
    s = s.$ref
      .slice(2)
      .split('/')
      .reduce((node: Json, token: string) => node?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return s ?? {};
}

/** A plausible value for a JSON schema: required and optional properties, enum members, formats. */
export function exampleOf(schema: Json, doc: Json, ctx: FuzzContext, depth = 0): unknown {
  const s = resolved(schema, doc);
  if (depth > 6) return null;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum.find((v: unknown) => v !== null) ?? s.enum[0];
  if ('example' in s) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  const variants = s.oneOf ?? s.anyOf;
  if (Array.isArray(variants)) return exampleOf(variants.find((v: Json) => resolved(v, doc).type !== 'null') ?? variants[0], doc, ctx, depth + 1);
  if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((part: Json) => exampleOf(part, doc, ctx, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = exampleOf(prop, doc, ctx, depth + 1);
      return out;
    }
    case 'array': {
      const n = Math.max(1, s.minItems ?? 1);
      return Array.from({ length: Math.min(n, 72) }, () => exampleOf(s.items ?? {}, doc, ctx, depth + 1));
    }
    case 'string':
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return new Date().toISOString().slice(0, 10);
      if (s.format === 'uuid') return ctx.pathValues.appliance_id?.[0] ?? '00000000-0000-4000-8000-000000000000';
      if (typeof s.pattern === 'string' && s.pattern.includes('weather')) return 'weather.home';
      return 'x'.repeat(Math.max(1, s.minLength ?? 3));
    case 'integer':
      return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1, 1));
    case 'number':
      return s.minimum ?? (s.maximum !== undefined ? Math.min(0, s.maximum) : 1);
    case 'boolean':
      return true;
    default:
      return {};
  }
}

/** Hostile path values, percent-encoded as sent: undecodable, NUL, lone surrogate, traversal, very long. */
const HOSTILE_PATH_VALUES = [
  '%E0%A4%A',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '..',
  '%2e%2e%2f',
  'x'.repeat(400),
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '%20',
  '__proto__',
  'constructor',
  '%7B%7D',
  "'%3B--",
];
/** Query values: the same mischief, plus numbers at the edges. */
const HOSTILE_QUERY_VALUES = [
  '',
  '%00',
  '%E0%A4%A',
  '%ED%A0%80',
  '1e999',
  '-0',
  '0x10',
  '999999999999999999999',
  '2026-02-30',
  '2026-13-01',
  'x'.repeat(2000),
  '__proto__',
  '[]',
  '%5B%5D',
];
/** `wait` parks a long-poll for that many seconds: only values that answer at once. */
const SAFE_QUERY_VALUES: Record<string, string[]> = { wait: ['0', '', '-5', 'x', '0x10', '1e999', '0.0', '%00'] };

/** Other headers the service reads, with values a client should not send. */
const HOSTILE_HEADERS: Record<string, string>[] = [
  { 'content-type': 'application/json; charset=utf-16' },
  { 'content-type': 'application/json; charset=latin1' },
  { 'content-type': 'text/plain' },
  { 'content-type': 'application/merge-patch+json' },
  { 'content-type': 'application/json; boundary=%00' },
  { 'content-encoding': 'gzip' },
  { 'content-encoding': 'br, deflate' },
  { 'x-request-id': 'x'.repeat(200) },
  { 'x-request-id': '../../etc/passwd' },
  { 'x-forwarded-for': 'not-an-ip, ::ffff:999.1.1.1' },
  { accept: 'text/html' },
];

/** Past the 1 MB body limit (413), and a long string well inside it. */
const LONG_TEXT = ['x'.repeat(1_100_000), 'é'.repeat(60_000)];

const JSON_BREAKERS = [
  `{"name":"${LONG_TEXT[0]}"}`,
  `{"name":"${LONG_TEXT[1]}"}`,
  '{',
  '{"a":',
  '[',
  'null',
  '"text"',
  '1e999',
  '{"__proto__":{"x":1}}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `{"a":${'{"b":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
];

/** JSON text of a value built by the arbitraries (JSON.stringify keeps `__proto__` own keys as keys). */
function toJsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined; // nested past the stack: the JSON_BREAKERS cover that case with text
  }
}

/** A copy of `example` with one of its string values replaced by another account's id. */
function withForeignId(example: unknown, foreignIds: string[]): fc.Arbitrary<unknown> {
  const stringPaths = pathsOf(example).filter((p) => typeof p.reduce((v: Json, k) => v?.[k], example) === 'string');
  if (stringPaths.length === 0 || foreignIds.length === 0) return fc.constant(example);
  return fc.tuple(fc.constantFrom(...stringPaths), fc.constantFrom(...foreignIds)).map(([path, id]) => replaceAt(example, path, id));
}

/** A seeded request generator for one operation. */
export function requestFor(operation: FuzzOperation, doc: Json, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const { op } = operation;
  const params: Json[] = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const schemes: string[] = (op.security ?? []).flatMap((s: Json) => Object.keys(s));
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const example = bodySchema ? exampleOf(bodySchema, doc, ctx) : undefined;
  const keys = example && typeof example === 'object' ? [...new Set(Object.keys(example as object))] : [];
  const foreignIds = [...new Set(Object.values(ctx.foreignValues).flat())];
  const hostileNames = Object.keys(ctx.hostileCredentials);

  const credential = fc.oneof(
    { weight: 7, arbitrary: fc.constantFrom(...(schemes.length === 0 ? ['none'] : schemes)) },
    // The other kind of token: a device token on a user route and a user token on a device route.
    { weight: 1, arbitrary: fc.constantFrom('userAuth', 'deviceAuth', 'none') },
    { weight: 2, arbitrary: fc.constantFrom(...hostileNames) },
  );
  const tagged = (arb: fc.Arbitrary<string>, foreign: boolean) => arb.map((value) => ({ value, foreign }));
  const own = (name: string) => (ctx.pathValues[name]?.length ? ctx.pathValues[name]! : ['x']);
  const foreignOf = (name: string) => ctx.foreignValues[name] ?? [];
  const pathValue = (name: string) =>
    fc.oneof(
      { weight: 3, arbitrary: tagged(fc.constantFrom(...own(name)).map(encodeURIComponent), false) },
      ...(foreignOf(name).length > 0 ? [{ weight: 2, arbitrary: tagged(fc.constantFrom(...foreignOf(name)), true) }] : []),
      { weight: 2, arbitrary: tagged(fc.constantFrom(...HOSTILE_PATH_VALUES), false) },
      {
        weight: 1,
        arbitrary: tagged(
          fc.string({ unit: 'binary', maxLength: 12 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
          false,
        ),
      },
    );
  const queryValue = (name: string) =>
    SAFE_QUERY_VALUES[name]
      ? fc.constantFrom(...SAFE_QUERY_VALUES[name]!)
      : fc.oneof(
          fc.constantFrom(...HOSTILE_QUERY_VALUES),
          fc.constantFrom(...(ctx.pathValues[name] ?? ['1', '7', '30', '90', '91'])).map(encodeURIComponent),
          ...(foreignOf(name).length > 0 ? [fc.constantFrom(...foreignOf(name))] : []),
          fc.string({ maxLength: 10 }).map(encodeURIComponent),
        );
  const query = fc.array(
    fc.oneof(
      ...(queryParams.length > 0
        ? [fc.constantFrom(...queryParams.map((p) => p.name as string)).chain((name) => queryValue(name).map((v) => `${name}=${v}`))]
        : []),
      fc.constantFrom(...PROTO_KEYS).map((k) => `${k}=1`),
      fc.constantFrom('a[b]=1', 'a[]=1', 'a=1&a=2', '%00=%00', '&&', '='),
    ),
    { maxLength: 4 },
  );
  const exampleText = toJsonText(example) ?? '{}';
  const body: fc.Arbitrary<string | Buffer | undefined> = bodySchema
    ? fc.oneof(
        { weight: 4, arbitrary: mutatedFrom(example, [...keys, ...PROTO_KEYS]).map(toJsonText) },
        { weight: 2, arbitrary: anyJson(keys.length > 0 ? keys : ['x']).map(toJsonText) },
        { weight: 1, arbitrary: fc.constant(exampleText) },
        { weight: 1, arbitrary: withForeignId(example, foreignIds).map(toJsonText) },
        { weight: 1, arbitrary: fc.constantFrom(...JSON_BREAKERS) },
        { weight: 1, arbitrary: fc.oneof({ weight: 3, arbitrary: invalidUtf8Of(exampleText) }, { weight: 1, arbitrary: randomBytesBody }) },
      )
    : fc.oneof(
        { weight: 5, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostileValue.map(toJsonText) },
        { weight: 1, arbitrary: randomBytesBody },
      );

  const extraHeaders = fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_HEADERS) });
  const path = fc.tuple(...pathParams.map((p) => pathValue(p.name)));
  return fc.record({ credential, path, query, body, extra: extraHeaders }).map(({ credential: cred, path: values, query: q, body: b, extra }) => {
    let i = 0;
    const url = operation.path.replace(/\{[^}]+\}/g, () => values[i++]!.value) + (q.length > 0 ? `?${q.join('&')}` : '');
    const headers: Record<string, string> = {};
    if (cred === 'userAuth') headers.authorization = `Bearer ${ctx.userToken}`;
    else if (cred === 'deviceAuth') headers.authorization = `Bearer ${ctx.deviceToken}`;
    else if (ctx.hostileCredentials[cred]) headers.authorization = ctx.hostileCredentials[cred]!;
    if (b !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, extra);
    return {
      method: operation.method,
      url,
      headers,
      body: b,
      operation: `${operation.method} ${operation.path}`,
      credential: cred,
      foreignInPath: values.some((v) => v.foreign),
    };
  });
}

/** The operation's own request with the right credential and its plausible body, for a given path. */
export function plainRequest(
  operation: FuzzOperation,
  doc: Json,
  ctx: FuzzContext,
  pathValues: Record<string, string>,
  credential: 'userAuth' | 'deviceAuth',
): FuzzRequest {
  const bodySchema = operation.op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? toJsonText(exampleOf(bodySchema, doc, ctx)) : undefined;
  const headers: Record<string, string> = { authorization: `Bearer ${credential === 'userAuth' ? ctx.userToken : ctx.deviceToken}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(pathValues[name] ?? 'x'));
  return { method: operation.method, url, headers, body, operation: `${operation.method} ${operation.path}`, credential, foreignInPath: true };
}
