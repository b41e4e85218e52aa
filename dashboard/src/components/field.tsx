// A labelled form field with its hint and its error beside it (aria-describedby, aria-invalid).
import type { ComponentChildren, InputHTMLAttributes } from 'preact';

export interface FieldShell {
  id: string;
  label: ComponentChildren;
  error?: string | undefined;
  hint?: string | undefined;
}

export const describedBy = (id: string, hint?: string, error?: string) => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** The label, hint and error around one control (the control is the child). */
export function Shell({ id, label, error, hint, children }: FieldShell & { children: ComponentChildren }) {
  return (
    <div class={`field${error ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="error" id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface InputProps {
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'number' | 'time';
  min?: number | undefined;
  max?: number | undefined;
  step?: number | undefined;
  maxLength?: number;
  required?: boolean | undefined;
  autocomplete?: string;
  inputMode?: 'numeric' | 'decimal' | undefined;
  spellcheck?: boolean;
  list?: string;
}

export function InputField({ id, label, error, hint, value, onValue, ...rest }: FieldShell & InputProps) {
  // Preact types an input by its `type`; the props above are the subset every type used here takes.
  const attrs = {
    id,
    name: id,
    value,
    type: 'text',
    onInput: (e: Event) => onValue((e.currentTarget as HTMLInputElement).value),
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': describedBy(id, hint, error),
    ...rest,
  } as InputHTMLAttributes<HTMLInputElement>;
  return (
    <Shell id={id} label={label} error={error} hint={hint}>
      <input {...attrs} />
    </Shell>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  id,
  label,
  error,
  hint,
  value,
  onValue,
  options,
}: FieldShell & { value: string; onValue: (v: string) => void; options: readonly Option[] }) {
  return (
    <Shell id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        name={id}
        value={value}
        onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function CheckboxField({
  id,
  label,
  checked,
  onChecked,
  hint,
}: {
  id: string;
  label: ComponentChildren;
  checked: boolean;
  onChecked: (v: boolean) => void;
  hint?: string;
}) {
  return (
    <div class="field checkbox">
      <input
        id={id}
        name={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChecked((e.currentTarget as HTMLInputElement).checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label for={id}>{label}</label>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** One choice of a radio group; its hint, if any, describes it. */
export interface Choice<V extends string> {
  value: V;
  label: string;
  hint?: string;
}

/** A radio button per choice (inside the caller's fieldset), named `name`, with ids `${idPrefix}-${value}`. */
export function RadioChoices<V extends string>({
  name,
  idPrefix,
  choices,
  value,
  onValue,
}: {
  name: string;
  idPrefix: string;
  choices: readonly Choice<V>[];
  value: V;
  onValue: (v: V) => void;
}) {
  return (
    <>
      {choices.map((c) => {
        const id = `${idPrefix}-${c.value}`;
        return (
          <div class="field radio" key={c.value}>
            <input
              type="radio"
              id={id}
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onValue(c.value)}
              aria-describedby={c.hint ? `${id}-hint` : undefined}
            />
            <label for={id}>{c.label}</label>
            {c.hint && (
              <p class="hint" id={`${id}-hint`}>
                {c.hint}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}

/** The form-level error (what could not be placed next to a field) and success note. */
export function FormStatus({ error, saved, id }: { error: string | null; saved?: string | null; id: string }) {
  return (
    <div class="form-status" aria-live="polite">
      {error && (
        <p class="error" role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
      {saved && (
        <p class="saved" data-testid={`${id}-saved`}>
          {saved}
        </p>
      )}
    </div>
  );
}
