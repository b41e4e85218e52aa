// One entity of the home-automation hub (docs/hub-entities.md): the fields a report states and
// how they are checked, and the entity as Offpeak stores and lists it (the same fields, every one
// present, and the domain of its id).
import * as yup from 'yup';
import { ENTITY_ID_MAX_LENGTH, ENTITY_ID_PATTERN } from './appliance-types/fields.js';
import { fieldsOf } from './validation/from-yup.js';
import type { SchemaNotes } from './validation/json-schema.js';
import * as t from './validation/typed-schema.js';

/** Bounds of a report: a house's relevant entities fit well inside them (1000 with ordinary names are a few hundred kB, under the default 1 MB body limit). */
export const HUB_ENTITY_LIMITS = {
  maxEntities: 1000,
  friendlyNameMaxChars: 255,
  unitMaxChars: 32,
  deviceClassMaxChars: 64,
} as const;

/** A yup message prefixed with the field's path (`entities[3].friendly_name ...`), never interpolating the value. */
const at =
  (text: string) =>
  ({ path }: { path: string }) =>
    `${path} ${text}`;

const optionalText = (max: number) =>
  yup
    .string()
    .strict()
    .typeError(at('must be a string or null'))
    .max(max, at(`must be at most ${max} characters`))
    .nullable()
    .optional();

/** One entity of a report. */
export const hubEntityReportItem = yup
  .object({
    entity_id: yup
      .string()
      .strict()
      .typeError(at('must be a string'))
      .required(at('is required'))
      .max(ENTITY_ID_MAX_LENGTH, at(`must be at most ${ENTITY_ID_MAX_LENGTH} characters`))
      .test('entity-id', at('must be an entity id such as climate.living_room'), (v) => v.length > ENTITY_ID_MAX_LENGTH || ENTITY_ID_PATTERN.test(v))
      .meta({ openapi: { pattern: ENTITY_ID_PATTERN.source } }),
    friendly_name: optionalText(HUB_ENTITY_LIMITS.friendlyNameMaxChars),
    unit_of_measurement: optionalText(HUB_ENTITY_LIMITS.unitMaxChars),
    device_class: optionalText(HUB_ENTITY_LIMITS.deviceClassMaxChars),
  })
  .typeError(at('must be an object'))
  .nonNullable(at('must be an object'));

/** What each field of an entity means, in the report and in the list. */
export const HUB_ENTITY_NOTES: SchemaNotes = {
  fields: {
    entity_id: 'A hub entity id, e.g. climate.living_room',
    friendly_name: 'The name the hub shows',
    unit_of_measurement: 'The unit of its state (sensors), e.g. °F, %, W',
    device_class: 'What it measures or controls, e.g. temperature, battery, power',
  },
};

const { entity_id, ...reported } = fieldsOf(hubEntityReportItem, HUB_ENTITY_NOTES);

/** An entity as stored and listed: null for a field the hub did not report. */
export const hubEntity = t.object({ entity_id, domain: t.string('The prefix of entity_id'), ...reported });
export type HubEntity = t.Infer<typeof hubEntity>;

/** The domain of a well-formed entity id: the part before the first dot. */
export const entityDomain = (entityId: string): string => entityId.slice(0, entityId.indexOf('.'));
