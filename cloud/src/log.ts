import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** Keys of an error (at any depth) that carry query text or values: never logged. */
const DROPPED_ERROR_KEYS = new Set([
  'sql', // the statement, with inlined values (Sequelize inlines WHERE values)
  'parameters', // bind values: password and token hashes, emails
  'bind',
  'fields', // a unique violation's { column: value }
  'instance', // the model instance of a validation error item
  'value',
  'originalValue',
  'params',
  'parent', // Sequelize's alias of `original`, scrubbed once under that name
]);

/**
 * The error serializer of every logger, the request log's included: pino's own, then anything that can carry
 * stored values is dropped or masked, so a database error logs its message, code, constraint,
 * table and stack, but never its SQL, bind parameters (password and token hashes) or row values.
 */
export function serializeError(err: unknown): unknown {
  return scrub(pino.stdSerializers.err(err as Error), 0, new WeakSet());
}

function scrub(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  const source = value instanceof Error ? Object.assign({ type: value.name, message: value.message, stack: value.stack }, value) : value;
  for (const key in source) {
    if (DROPPED_ERROR_KEYS.has(key)) continue;
    const v = (source as Record<string, unknown>)[key];
    out[key] = key === 'detail' && typeof v === 'string' ? maskRowValues(v) : scrub(v, depth + 1, seen);
  }
  return out;
}

/** PostgreSQL's `detail` quotes the offending values: `Key (token_hash)=(…)`, `Failing row contains (…)`. */
const maskRowValues = (detail: string) => detail.replace(/\)=\(.*\)/s, ')=(…)').replace(/contains \(.*\)/s, 'contains (…)');

/** Backstop for values logged under other keys than `err`. */
const REDACT_PATHS = [
  'sql',
  'parameters',
  '*.sql',
  '*.parameters',
  '*.original.sql',
  '*.original.parameters',
  'password',
  '*.password',
  '*.password_hash',
  '*.token_hash',
];

function createRoot(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = { level, serializers: { err: serializeError }, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

let root: Logger = createRoot(process.env.LOG_LEVEL || 'info');

/**
 * Sets the level (and, for tests, the destination) of every logger made afterwards; called once
 * from main with the validated config.
 */
export function configureLogging(level: string, destination?: DestinationStream): void {
  root = createRoot(level, destination);
}

/** A named logger: log('http'), log('db'). One line per event, ids included, never secrets. */
export function log(name: string): Logger {
  return root.child({ name });
}
