// switch.*, select.* and button.* services.
import { validationError } from '../errors.js';
import { isoFromMicros } from '../time.js';
import { cvBoolean, cvString } from '../validation.js';
import type { DomainServices } from './registry.js';
import { writeEntity } from './write.js';

export const switchServices: DomainServices = {
  turn_on: {
    name: 'Turn on',
    description: 'Turns a switch on.',
    fields: {},
    handler: (entity, call, sim) => writeEntity(sim, entity, call, { state: 'on' }),
  },
  turn_off: {
    name: 'Turn off',
    description: 'Turns a switch off.',
    fields: {},
    handler: (entity, call, sim) => writeEntity(sim, entity, call, { state: 'off' }),
  },
  toggle: {
    name: 'Toggle',
    description: 'Toggles a switch on/off.',
    fields: {},
    handler: (entity, call, sim) => writeEntity(sim, entity, call, { state: entity.state === 'on' ? 'off' : 'on' }),
  },
};

function options(attributes: Readonly<Record<string, unknown>>): string[] {
  return Array.isArray(attributes.options) ? (attributes.options as string[]) : [];
}

function step(delta: 1 | -1) {
  return {
    name: delta === 1 ? 'Next' : 'Previous',
    description: `Selects the ${delta === 1 ? 'next' : 'previous'} option.`,
    fields: { cycle: { validate: cvBoolean, default: true } },
    handler: (entity, call, sim) => {
      const list = options(entity.attributes);
      if (list.length === 0) return;
      const at = list.indexOf(entity.state);
      let next = at === -1 ? 0 : at + delta;
      if (next < 0 || next >= list.length) next = call.data.cycle ? (next + list.length) % list.length : at;
      writeEntity(sim, entity, call, { state: list[next]! });
    },
  } satisfies DomainServices[string];
}

export const selectServices: DomainServices = {
  select_option: {
    name: 'Select',
    description: 'Selects an option.',
    fields: { option: { required: true, validate: cvString } },
    handler: (entity, call, sim) => {
      const option = call.data.option as string;
      const list = options(entity.attributes);
      if (!list.includes(option)) {
        throw validationError('select', 'not_valid_option', { entity_id: entity.entity_id, option, options: list.join(', ') });
      }
      writeEntity(sim, entity, call, { state: option });
    },
  },
  select_first: {
    name: 'First',
    description: 'Selects the first option.',
    fields: {},
    handler: (entity, call, sim) => {
      const first = options(entity.attributes)[0];
      if (first !== undefined) writeEntity(sim, entity, call, { state: first });
    },
  },
  select_last: {
    name: 'Last',
    description: 'Selects the last option.',
    fields: {},
    handler: (entity, call, sim) => {
      const last = options(entity.attributes).at(-1);
      if (last !== undefined) writeEntity(sim, entity, call, { state: last });
    },
  },
  select_next: step(1),
  select_previous: step(-1),
};

export const buttonServices: DomainServices = {
  press: {
    name: 'Press',
    description: 'Press the button entity.',
    fields: {},
    handler: (entity, call, sim) => writeEntity(sim, entity, call, { state: isoFromMicros(sim.nowUs()) }),
  },
};
