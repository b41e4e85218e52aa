import { DETAIL } from '../../contract/index.js';
import type { JsonSchema } from '../../domain/validation/json-schema.js';

/** A JSON Schema 2020-12 object, as OpenAPI 3.1 embeds it. */
export type Schema = JsonSchema;

/** An OpenAPI Parameter object (inline; path or query). */
export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: Schema;
}

/** An OpenAPI Response object. */
export interface Response {
  description: string;
  headers?: Record<string, { description: string; schema: Schema }>;
  content?: Record<string, { schema: Schema; examples?: Record<string, { value: unknown }> }>;
}

/** An OpenAPI Operation object. */
export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { required: true; content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
}

/** The HTTP methods the API uses, as OpenAPI path-item keys. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The `paths` object. */
export type Paths = Record<string, Partial<Record<Method, Operation>>>;

/** One resource's share of the document: its tag, its paths and the schemas they reference. */
export interface ApiModule {
  tag: { name: string; description: string };
  paths: Paths;
  schemas: Record<string, Schema>;
}

/** Who may call: nobody in particular, a user session, a satellite device, or either of the two. */
export type Auth = 'none' | 'user' | 'device' | 'userOrDevice';

/** What a resource module states about one operation; `operation()` adds the rest. */
export interface OperationSpec {
  id: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  params?: Parameter[];
  body?: Schema;
  /** Success responses by status. */
  ok: Record<number, Response>;
  /** Exact `detail` texts of the spec, by status. */
  errors?: Record<number, readonly string[]>;
  /** Causes whose detail text the spec leaves open, by status. */
  notes?: Record<number, string>;
}

/** A reference to a schema under components.schemas, by its name or its typed component. */
export const ref = (target: string | { name: string }): Schema => ({ $ref: `#/components/schemas/${typeof target === 'string' ? target : target.name}` });

export { orNull } from '../../domain/validation/json-schema.js';

/** A JSON response. */
export const json = (description: string, schema: Schema): Response => ({ description, content: { 'application/json': { schema } } });

/** A response without a body. */
export const empty = (description: string): Response => ({ description });

/** A path parameter (always required in OpenAPI). */
export const pathParam = (name: string, description: string, schema: Schema): Parameter => ({ name, in: 'path', required: true, description, schema });

/** An optional query parameter. */
export const queryParam = (name: string, description: string, schema: Schema): Parameter => ({ name, in: 'query', required: false, description, schema });

const AUTH_ERRORS: Record<Auth, { errors: Record<number, readonly string[]>; notes: Record<number, string> }> = {
  none: { errors: {}, notes: {} },
  user: {
    errors: { 401: [DETAIL.notAuthenticated, DETAIL.invalidToken, DETAIL.tokenExpired], 503: [DETAIL.databaseUnavailable] },
    notes: {},
  },
  device: {
    errors: { 503: [DETAIL.databaseUnavailable] },
    notes: { 401: 'Missing, unknown or revoked device token', 403: 'The claimed device has no bound appliance' },
  },
  userOrDevice: {
    errors: { 401: [DETAIL.notAuthenticated, DETAIL.invalidToken, DETAIL.tokenExpired], 503: [DETAIL.databaseUnavailable] },
    notes: { 401: 'Missing, malformed or expired user token; missing, unknown or revoked device token', 403: 'The claimed device has no bound appliance' },
  },
};

// Every JSON body passes the same parser: these answers can come from any operation with a body.
const BODY_ERRORS: Record<number, readonly string[]> = {
  400: ['Malformed JSON in request body'],
  413: ['Request body too large (limit N bytes)'],
  415: ['Content-Type must be application/json'],
};

const SECURITY: Record<Auth, Array<Record<string, string[]>>> = {
  none: [],
  user: [{ userAuth: [] }],
  device: [{ deviceAuth: [] }],
  userOrDevice: [{ userAuth: [] }, { deviceAuth: [] }],
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Validation failed',
  429: 'Too many requests',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

/** An operation with its security, the spec's error rows and the errors every such call can give. */
export function operation(spec: OperationSpec): Operation {
  const byStatus = new Map<number, { details: string[]; notes: string[] }>();
  const add = (errors: Record<number, readonly string[]>, notes: Record<number, string>) => {
    for (const [status, details] of Object.entries(errors)) entry(Number(status)).details.push(...details);
    for (const [status, note] of Object.entries(notes)) entry(Number(status)).notes.push(note);
  };
  const entry = (status: number) => byStatus.get(status) ?? byStatus.set(status, { details: [], notes: [] }).get(status)!;
  add(spec.errors ?? {}, spec.notes ?? {});
  add(AUTH_ERRORS[spec.auth].errors, AUTH_ERRORS[spec.auth].notes);
  if (spec.body) add(BODY_ERRORS, {});

  const responses: Record<string, Response> = {};
  for (const [status, response] of Object.entries(spec.ok)) responses[status] = response;
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) responses[String(status)] = errorResponse(status, byStatus.get(status)!);
  return {
    operationId: spec.id,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description && { description: spec.description }),
    security: SECURITY[spec.auth],
    ...(spec.params && { parameters: spec.params }),
    ...(spec.body && { requestBody: { required: true, content: { 'application/json': { schema: spec.body } } } }),
    responses,
  };
}

function errorResponse(status: number, { details, notes }: { details: string[]; notes: string[] }): Response {
  const unique = [...new Set(details)];
  const described = [...notes, ...unique.map((d) => `\`${d}\``)];
  const response: Response = {
    description: described.length ? `${STATUS_TEXT[status] ?? 'Error'}: ${described.join('; ')}` : (STATUS_TEXT[status] ?? 'Error'),
    content: { 'application/json': { schema: ref(status === 422 ? 'ValidationError' : 'Error') } },
  };
  if (unique.length) response.content!['application/json']!.examples = Object.fromEntries(unique.map((d, i) => [`e${i + 1}`, { value: { detail: d } }]));
  if (status === 429) response.headers = { 'Retry-After': { description: 'Seconds to wait, when known', schema: { type: 'integer' } } };
  return response;
}
