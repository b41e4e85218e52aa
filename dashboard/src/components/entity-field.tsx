// An entity id field that offers the hub's reported entities (docs/hub-entities.md): an ARIA 1.2
// combobox, an editable input whose listbox shows the entities matching what is typed (friendly
// name and id). Typing any id still works; picking one fills in its id.
import type { HubEntity } from '@offpeak/cloud/contract';
import { useState } from 'preact/hooks';
import { matchingEntities } from '../entity-options.js';
import { describedBy, Shell, type FieldShell } from './field.js';

interface EntityFieldProps extends FieldShell {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The entities of the field's domains. */
  choices: readonly HubEntity[];
  required?: boolean | undefined;
}

export function EntityField({ id, label, hint, error, value, onValue, choices, required }: EntityFieldProps) {
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = matchingEntities(choices, value);
  const isShown = isOpen && matches.length > 0;
  const listId = `${id}-options`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (e: HubEntity) => {
    onValue(e.entity_id);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(matches.length === 0 ? -1 : (active + step + matches.length) % matches.length);
    } else if (e.key === 'Enter' && isShown && matches[active]) {
      e.preventDefault();
      pick(matches[active]);
    } else if (e.key === 'Escape' && isShown) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Shell id={id} label={label} hint={hint} error={error}>
      <div class="combobox">
        <input
          id={id}
          name={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isShown ? 'true' : 'false'}
          aria-controls={listId}
          aria-activedescendant={isShown && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy(id, hint, error)}
          required={required}
          autocomplete="off"
          spellcheck={false}
          value={value}
          onInput={(e) => {
            onValue((e.currentTarget as HTMLInputElement).value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" aria-label="Reported entities" hidden={!isShown}>
          {matches.map((e, i) => (
            <li
              key={e.entity_id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active ? 'true' : 'false'}
              class={i === active ? 'active' : undefined}
              // Before the input's blur closes the list.
              onMouseDown={(ev) => {
                ev.preventDefault();
                pick(e);
              }}
            >
              <span class="entity-name">{e.friendly_name ?? e.entity_id}</span> <span class="entity-id">{e.entity_id}</span>
              {e.unit_of_measurement && <span class="entity-unit"> ({e.unit_of_measurement})</span>}
            </li>
          ))}
        </ul>
      </div>
    </Shell>
  );
}
