// A small voluptuous: mapping schemas whose errors read as Core's do, e.g.
// "extra keys not allowed @ data['foo']" (str) or "... . Got 1" (humanize_error).
import { pyRepr } from './json.js';

export type Path = (string | number)[];

export class Invalid extends Error {
  constructor(
    readonly msg: string,
    readonly path: Path = [],
    public errorType: string | null = null,
  ) {
    super(msg);
  }

  override toString(): string {
    const where = this.path.length ? ` @ data[${this.path.map(pathPart).join('][')}]` : '';
    return this.msg + (this.errorType ? ` for ${this.errorType}` : '') + where;
  }
}

// voluptuous prints a VirtualPathComponent (an Exclusive/Inclusive group) as <group>, unquoted.
function pathPart(p: string | number): string {
  if (typeof p === 'number') return String(p);
  return p.startsWith('<') && p.endsWith('>') ? p : pyRepr(p);
}

/** Several errors; str() is the first, as voluptuous' MultipleInvalid. */
export class MultipleInvalid extends Invalid {
  constructor(readonly errors: Invalid[]) {
    const first = errors[0]!;
    super(first.msg, first.path, first.errorType);
  }
}

export function invalidText(err: Invalid): string {
  return err instanceof MultipleInvalid ? err.errors[0]!.toString() : err.toString();
}

/** voluptuous.humanize.humanize_error: every error with the offending value, sorted, one per line. */
export function humanizeError(data: unknown, err: Invalid): string {
  const errors = err instanceof MultipleInvalid ? err.errors : [err];
  return errors
    .map((e) => {
      let summary = pyRepr(valueAt(data, e.path));
      if (summary.length > 500) summary = summary.slice(0, 497) + '...';
      return `${e.toString()}. Got ${summary}`;
    })
    .sort()
    .join('\n');
}

function valueAt(data: unknown, path: Path): unknown {
  let cur: unknown = data;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}

/** A value validator: returns the coerced value or throws Invalid (path relative to the value). */
export type Validator = (value: unknown) => unknown;

export interface Field {
  required?: boolean;
  validate: Validator;
  default?: unknown;
  /** voluptuous Exclusive/Inclusive group name. */
  exclusive?: string;
  inclusive?: string;
}

export type Fields = Record<string, Field>;

/** Validate a mapping like vol.Schema({...}) with extra keys forbidden (or allowed). */
export function validateMapping(data: unknown, fields: Fields, opts: { allowExtra?: boolean; path?: Path } = {}): Record<string, unknown> {
  const base = opts.path ?? [];
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new Invalid('expected a dictionary', base);
  const input = data as Record<string, unknown>;
  // voluptuous checks groups of exclusion, then of inclusion, each failing alone, before the keys.
  const groups = (kind: 'exclusive' | 'inclusive') => {
    const map = new Map<string, string[]>();
    for (const [key, field] of Object.entries(fields)) {
      const label = field[kind];
      if (label) map.set(label, [...(map.get(label) ?? []), key]);
    }
    return map;
  };
  for (const [label, keys] of groups('exclusive')) {
    if (keys.filter((k) => Object.hasOwn(input, k)).length > 1) {
      throw new MultipleInvalid([new Invalid(`two or more values in the same group of exclusion '${label}'`, [...base, `<${label}>`])]);
    }
  }
  for (const [label, keys] of groups('inclusive')) {
    const present = keys.filter((k) => Object.hasOwn(input, k));
    if (present.length > 0 && present.length < keys.length) {
      throw new MultipleInvalid([new Invalid(`some but not all values in the same group of inclusion '${label}'`, [...base, `<${label}>`])]);
    }
  }
  const out: Record<string, unknown> = {};
  const errors: Invalid[] = [];
  for (const [key, value] of Object.entries(input)) {
    const field = fields[key];
    if (!field) {
      if (opts.allowExtra) out[key] = value;
      else errors.push(new Invalid('extra keys not allowed', [...base, key]));
      continue;
    }
    try {
      out[key] = field.validate(value);
    } catch (e) {
      if (!(e instanceof Invalid)) throw e;
      const inner = e instanceof MultipleInvalid ? e.errors : [e];
      for (const err of inner) {
        const nested = new Invalid(err.msg, [...base, key, ...err.path], err.errorType ?? (err.path.length === 0 ? 'dictionary value' : null));
        errors.push(nested);
      }
    }
  }
  for (const [key, field] of Object.entries(fields)) {
    if (Object.hasOwn(input, key)) continue;
    if (field.required) errors.push(new Invalid('required key not provided', [...base, key]));
    else if (field.default !== undefined) out[key] = field.default;
  }
  if (errors.length === 1) throw errors[0]!;
  if (errors.length > 1) throw new MultipleInvalid(errors);
  return out;
}

// Validators named after their voluptuous / config_validation originals.

export const vStr: Validator = (v) => {
  if (typeof v !== 'string') throw new Invalid('expected str');
  return v;
};

export const vBool: Validator = (v) => {
  if (typeof v !== 'boolean') throw new Invalid('expected bool');
  return v;
};

export const vDict: Validator = (v) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Invalid('expected dict');
  return v;
};

/** cv.string: numbers become strings, None and containers are refused. */
export const cvString: Validator = (v) => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (v === null || v === undefined) throw new Invalid('string value is None');
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  throw new Invalid('value should be a string');
};

/** cv.boolean */
export const cvBoolean: Validator = (v) => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const s = v.toLowerCase().trim();
    if (['1', 'true', 'yes', 'on', 'enable'].includes(s)) return true;
    if (['0', 'false', 'no', 'off', 'disable'].includes(s)) return false;
  }
  throw new Invalid(`invalid boolean value ${pyRepr(v)}`);
};

/** vol.Coerce(float) */
export const coerceFloat: Validator = (v) => {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  throw new Invalid('expected float');
};

/** vol.Coerce(int) */
export const coerceInt: Validator = (v) => {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && /^\s*[-+]?\d+\s*$/.test(v)) return Number(v);
  throw new Invalid('expected int');
};

/** cv.positive_int: Coerce(int) then Range(min=0). */
export const positiveInt: Validator = (v) => {
  const n = coerceInt(v) as number;
  if (n < 0) throw new Invalid('value must be at least 0');
  return n;
};

export function range(validator: Validator, min?: number, max?: number): Validator {
  return (v) => {
    const n = validator(v) as number;
    if (min !== undefined && n < min) throw new Invalid(`value must be at least ${min}`);
    if (max !== undefined && n > max) throw new Invalid(`value must be at most ${max}`);
    return n;
  };
}

/** vol.In(container): "value must be one of ['a', 'b']" (sorted). */
export function oneOf(options: readonly string[]): Validator {
  return (v) => {
    if (typeof v !== 'string' || !options.includes(v)) throw new Invalid(`value must be one of ${pyRepr([...options].sort())}`);
    return v;
  };
}

/** vol.Coerce(SomeStrEnum): "expected HVACMode". */
export function coerceEnum(name: string, values: readonly string[]): Validator {
  return (v) => {
    if (typeof v !== 'string' || !values.includes(v)) throw new Invalid(`expected ${name}`);
    return v;
  };
}

/** A literal value, as `vol.Required("type"): "auth"`. */
export function literal(expected: string): Validator {
  return (v) => {
    if (v !== expected) throw new Invalid('not a valid value');
    return v;
  };
}

export function listOf(validator: Validator): Validator {
  return (v) => {
    const items = Array.isArray(v) ? v : [v];
    return items.map((item, i) => {
      try {
        return validator(item);
      } catch (e) {
        if (e instanceof Invalid) throw new Invalid(e.msg, [i, ...e.path], e.errorType);
        throw e;
      }
    });
  };
}

/** cv.has_at_least_one_key */
export function hasAtLeastOneKey(data: Record<string, unknown>, keys: string[]): void {
  if (!keys.some((k) => Object.hasOwn(data, k))) throw new Invalid(`must contain at least one of ${keys.join(', ')}.`);
}
