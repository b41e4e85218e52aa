// Renders a list of described form fields (appliance-forms.ts) as labelled inputs.
import type { FormField } from '../appliance-forms.js';
import { InputField, SelectField } from './field.js';

export function DescribedFields({
  prefix,
  fields,
  values,
  errors,
  onChange,
}: {
  prefix: string;
  fields: readonly FormField[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  return (
    <>
      {fields.map((f) => {
        const id = `${prefix}-${f.key}`;
        const label = f.required ? `${f.label} (required)` : f.label;
        if (f.kind === 'select') {
          return (
            <SelectField
              key={f.key}
              id={id}
              label={label}
              value={values[f.key] ?? ''}
              onValue={(v) => onChange(f.key, v)}
              options={f.options ?? []}
              hint={f.hint}
              error={errors[f.key]}
            />
          );
        }
        const numeric = f.kind === 'number' || f.kind === 'integer';
        return (
          <InputField
            key={f.key}
            id={id}
            label={label}
            type={numeric ? 'number' : f.kind === 'time' ? 'time' : 'text'}
            inputMode={numeric ? 'decimal' : undefined}
            min={f.min}
            max={f.max}
            step={numeric ? (f.step ?? 1) : undefined}
            required={f.required}
            autocomplete="off"
            spellcheck={false}
            value={values[f.key] ?? ''}
            onValue={(v) => onChange(f.key, v)}
            hint={f.hint}
            error={errors[f.key]}
          />
        );
      })}
    </>
  );
}
