// Puts an API error next to the field it concerns. The cloud names the field at the start of its
// detail (`entity_id: is required`, `base_temperature must be between 60 and 85`,
// `hourly bands at hour 3 must be ...`); anything it cannot place is shown for the whole form.
import { ApiError } from './api-error.js';

export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** Which of `fields` a detail is about: the field it starts with, if any. */
export function fieldOfDetail(detail: string, fields: readonly string[]): string | null {
  const head = detail.split(/[:\s=[]/)[0] ?? '';
  for (const f of fields) if (head === f || head === `config.${f}`) return f;
  return null;
}

/** Splits an error into per-field messages (a detail may list several, joined by "; "). */
export function formErrors(err: unknown, fields: readonly string[], aliases: Record<string, string> = {}): FormErrors {
  const detail = err instanceof ApiError ? err.detail : err instanceof Error ? err.message : String(err);
  const out: FormErrors = { fields: {}, form: null };
  for (const part of detail.split(/;\s+/)) {
    let field = fieldOfDetail(part, fields);
    if (!field) for (const [pattern, f] of Object.entries(aliases)) if (part.includes(pattern)) field = f;
    if (field) out.fields[field] = out.fields[field] ? `${out.fields[field]}; ${part}` : part;
    else out.form = out.form ? `${out.form}; ${part}` : part;
  }
  return out;
}
