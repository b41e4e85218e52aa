// Puts an API error next to the field it concerns, in the words of the form. The cloud names the
// field at the start of its detail (`entity_id: is required`, `base_temperature must be between
// 60 and 85`); the person reads the label beside the field instead ("Thermostat entity is
// required"). Known sentences (`hourly bands at hour 3 must be ...`) reach their field through an
// alias and keep their words; a whole sentence given as an alias goes where it says even when it
// starts with a field name (`latitude and longitude must be set together` is about two fields);
// anything that cannot be placed is shown for the whole form.
import { ApiError } from './api-error.js';

export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
}

/** A form's fields, each with the label the person reads beside it: the one place the two meet. */
export type FieldLabels = Readonly<Record<string, string>>;

export const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** A label as the subject of an error sentence: without the "(optional)" or "(required)" it carries in the form. */
export function errorSubject(label: string): string {
  return label.replace(/\s+\((optional|required)\)$/, '');
}

/** Which of `fields` a detail is about: the field it starts with, if any. */
export function fieldOfDetail(detail: string, fields: readonly string[]): string | null {
  const head = detail.split(/[:\s=[]/)[0] ?? '';
  for (const f of fields) if (head === f || head === `config.${f}`) return f;
  return null;
}

/** The label inside a sentence: lower-cased unless it starts with an acronym ("ZIP code"). */
const midSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

/**
 * A detail about `field` told with the labels: `min_charge_pct: must be at most target_charge_pct`
 * reads "Minimum charge (%) must be at most target charge (%)". A detail whose field name is not
 * followed by `:` or a space (an indexed item) keeps its words.
 */
export function inLabelWords(detail: string, field: string, labels: FieldLabels): string {
  const m = /^(?:config\.)?([a-z0-9_]+)(?::\s*|\s+)(.*)$/s.exec(detail);
  if (!m || m[1] !== field) return detail;
  const rest = m[2]!.replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, (name) => (labels[name] ? midSentence(errorSubject(labels[name])) : name));
  return `${errorSubject(labels[field] ?? field)} ${rest}`;
}

/** Splits an error into per-field messages in the form's words (a detail may list several, joined by "; "). */
export function formErrors(err: unknown, labels: FieldLabels, aliases: Record<string, string> = {}): FormErrors {
  const detail = err instanceof ApiError ? err.detail : err instanceof Error ? err.message : String(err);
  const fields = Object.keys(labels);
  const out: FormErrors = { fields: {}, form: null };
  for (const part of detail.split(/;\s+/)) {
    const named = fieldOfDetail(part, fields);
    const text = named ? inLabelWords(part, named, labels) : part;
    let field = Object.hasOwn(aliases, part) ? aliases[part]! : named;
    if (!field) for (const [pattern, f] of Object.entries(aliases)) if (part.includes(pattern)) field = f;
    if (field) out.fields[field] = out.fields[field] ? `${out.fields[field]}; ${text}` : text;
    else out.form = out.form ? `${out.form}; ${text}` : text;
  }
  return out;
}

/** The labels of described fields (appliance settings, constraints), keyed by field. */
export const labelsOf = (fields: readonly { key: string; label: string }[]): FieldLabels => Object.fromEntries(fields.map((f) => [f.key, f.label]));
