// Renders a list of described form fields (appliance-forms.ts) as labelled inputs; an entity id
// field offers the hub's reported entities of its domains.
import type { HubEntityList } from '@offpeak/cloud/contract';
import type { FormField } from '../appliance-forms.js';
import { entityChoices, entityFieldHint } from '../entity-options.js';
import { EntityField } from './entity-field.js';
import { InputField, SelectField } from './field.js';

export function DescribedFields({
  prefix,
  fields,
  values,
  errors,
  onChange,
  hubEntities,
}: {
  prefix: string;
  fields: readonly FormField[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
  /** The hub's reported entities; undefined while loading or when they could not be read. */
  hubEntities?: HubEntityList | undefined;
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
        if (f.domains) {
          return (
            <EntityField
              key={f.key}
              id={id}
              label={label}
              value={values[f.key] ?? ''}
              onValue={(v) => onChange(f.key, v)}
              choices={hubEntities ? entityChoices(hubEntities.entities, f.domains) : []}
              required={f.required}
              hint={entityFieldHint(f.hint, hubEntities, f.domains)}
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
