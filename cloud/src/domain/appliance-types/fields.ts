// Field builders shared by the appliance type specs, so every config and constraint field reports
// its errors the same way: `<field>: <message>`.
import * as yup from 'yup';
import { isHhMm } from '../time/slot-grid.js';
import { HH_MM_SCHEMA } from '../validation/json-schema.js';

type Message = (params: { path: string }) => string;

/** A yup message naming the field: `<field>: <text>`. */
export const fieldMessage =
  (text: string): Message =>
  ({ path }) =>
    `${path}: ${text}`;

/** A hub entity id, `domain.object_id` in lower case; group 1 is the domain. */
export const ENTITY_ID_PATTERN = /^([a-z0-9_]+)\.[a-z0-9_]+$/;

/**
 * The longest entity id stored (Home Assistant's own limit for an entity id): the service stores and
 * echoes them back in every schedule, so an unbounded one would be a cheap way to bloat every row
 * and answer. A fixed contract limit rather than a setting: clients validate with it.
 */
export const ENTITY_ID_MAX_LENGTH = 255;

/** Renders values like Python's tuple repr, the style of the contract's appliance_type message. */
export const pyTuple = (values: readonly string[]): string => `(${values.map((v) => `'${v}'`).join(', ')})`;

function domainsLabel(domains: readonly string[]): string {
  const names = domains.map((d) => `${d}.*`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * A hub entity id (`domain.object_id`, lower case) of one of `domains`, or of any domain when
 * `domains` is 'any'. Optional; chain `.required(...)` or `.nullable()` as the field needs.
 */
export function entityIdField(domains: readonly string[] | 'any', opts: { nullable?: boolean } = {}) {
  const what = domains === 'any' ? 'an entity id such as vacuum.kitchen' : `a ${domainsLabel(domains)} entity id`;
  const message = fieldMessage(`must be ${what}${opts.nullable ? ' or null' : ''}`);
  const base = yup
    .string()
    .strict()
    .typeError(message)
    .test('entity-id-length', fieldMessage(`must be at most ${ENTITY_ID_MAX_LENGTH} characters`), (v) => v == null || v.length <= ENTITY_ID_MAX_LENGTH)
    .test('entity-id', message, (v) => {
      if (v == null || v.length > ENTITY_ID_MAX_LENGTH) return true;
      const m = ENTITY_ID_PATTERN.exec(v);
      return m !== null && (domains === 'any' || domains.includes(m[1]!));
    });
  return opts.nullable ? base.nullable() : base.nonNullable(message);
}

export interface NumberFieldOptions {
  integer?: boolean;
  /** The lower bound itself is not allowed ("greater than 0"). */
  minExclusive?: boolean;
  nullable?: boolean;
}

/** A finite number in [min, max] (or (min, max]); optional, null only when `nullable`. */
export function numberField(min: number, max: number, opts: NumberFieldOptions = {}) {
  const range = opts.minExclusive ? `must be greater than ${min} and at most ${max}` : `must be between ${min} and ${max}`;
  const kind = opts.integer ? 'an integer' : 'a number';
  const typeMessage = fieldMessage(`must be ${kind}${opts.nullable ? ' or null' : ''}`);
  let base = yup
    .number()
    .strict()
    .typeError(typeMessage)
    // Range first: it also rejects Infinity (JSON.parse turns 1e999 into it).
    // params: the bounds as data, for the OpenAPI comparison (http/openapi/schemas-match.test.ts).
    .test({
      name: 'range',
      message: fieldMessage(range),
      params: { min, max, exclusive: opts.minExclusive === true },
      test: (v) => v == null || (Number.isFinite(v) && (opts.minExclusive ? v > min : v >= min) && v <= max),
    });
  if (opts.integer) base = base.test('integer', fieldMessage('must be an integer'), (v) => v == null || Number.isInteger(v));
  return opts.nullable ? base.nullable() : base.nonNullable(typeMessage);
}

/** One of a fixed set of strings. */
export function oneOfField<T extends string>(values: readonly T[]) {
  const message = fieldMessage(`must be one of ${pyTuple(values)}`);
  return yup.string().strict().typeError(message).nonNullable(message).oneOf(values, message);
}

/** A free-form string of at most `maxLength` characters. */
export function textField(maxLength: number) {
  const message = fieldMessage('must be a string');
  return yup
    .string()
    .strict()
    .typeError(message)
    .nonNullable(message)
    .max(maxLength, fieldMessage(`must be at most ${maxLength} characters`));
}

/** A local wall time `HH:MM` (00:00-23:59); null allowed (constraint fields are cleared with null). */
export function hhMmField() {
  const message = fieldMessage('must be HH:MM');
  return yup
    .string()
    .strict()
    .typeError(message)
    .nullable()
    .test('hh-mm', message, (v) => v == null || isHhMm(v))
    .meta({ openapi: { pattern: HH_MM_SCHEMA.pattern } });
}

/** The keys of `config` among `keys` whose value is a non-empty string (the entities-block rule). */
export function pickEntities(config: Record<string, unknown>, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = config[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}
