// The two POST /api/v1/readings checks the contract answers with 422 and a structured detail
// (`client`, `indoor_source`). The detail is a list in the shape FastAPI/pydantic clients already
// parse: `[{ loc: ['body', ...path], msg, type }]`. Every other field fails with 400 and a text detail.

/** One problem with one field; `loc` is the path from the request body. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export const CLIENT_KINDS = ['hacs', 'node'] as const;
export const INDOOR_SOURCES = ['sensor', 'entity'] as const;

/** Longest accepted display-only client strings; version must also be non-empty. */
const MAX_LENGTH = { version: 40, node_bundle: 200, ha_version: 40 } as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const literalMessage = (values: readonly string[]) => `Input should be ${values.map((v) => `'${v}'`).join(' or ')}`;

/** Every 422 issue of a POST /api/v1/readings body (empty when none); null counts as absent. */
export function readingsRequestIssues(body: unknown): ValidationIssue[] {
  if (!isObject(body)) return [];
  const issues = clientIssues(body.client);
  if (Array.isArray(body.readings)) {
    body.readings.forEach((reading, i) => {
      if (!isObject(reading) || reading.indoor_source == null) return;
      if (!(INDOOR_SOURCES as readonly unknown[]).includes(reading.indoor_source)) {
        issues.push({ loc: ['body', 'readings', i, 'indoor_source'], msg: literalMessage(INDOOR_SOURCES), type: 'literal_error' });
      }
    });
  }
  return issues;
}

function clientIssues(client: unknown): ValidationIssue[] {
  if (client == null) return [];
  if (!isObject(client)) return [{ loc: ['body', 'client'], msg: 'Input should be a valid dictionary', type: 'dict_type' }];
  const issues: ValidationIssue[] = [];
  if (client.kind === undefined) issues.push(missing('kind'));
  else if (!(CLIENT_KINDS as readonly unknown[]).includes(client.kind)) {
    issues.push({ loc: ['body', 'client', 'kind'], msg: literalMessage(CLIENT_KINDS), type: 'literal_error' });
  }
  if (client.version === undefined) issues.push(missing('version'));
  for (const field of ['version', 'node_bundle', 'ha_version'] as const) {
    const issue = stringIssue(field, client[field]);
    if (issue) issues.push(issue);
  }
  return issues;
}

const missing = (field: string): ValidationIssue => ({ loc: ['body', 'client', field], msg: 'Field required', type: 'missing' });

/** version is required (checked by the caller); node_bundle and ha_version may be absent or null. */
function stringIssue(field: keyof typeof MAX_LENGTH, value: unknown): ValidationIssue | null {
  if (value === undefined || (value === null && field !== 'version')) return null;
  const loc = ['body', 'client', field];
  if (typeof value !== 'string') return { loc, msg: 'Input should be a valid string', type: 'string_type' };
  if (field === 'version' && value.length === 0) return { loc, msg: 'String should have at least 1 character', type: 'string_too_short' };
  const max = MAX_LENGTH[field];
  if (value.length > max) return { loc, msg: `String should have at most ${max} characters`, type: 'string_too_long' };
  return null;
}
