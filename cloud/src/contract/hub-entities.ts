// The entities of the home-automation hub that Offpeak's fields can name (docs/hub-entities.md):
// the hub's integration reports them (PUT /api/v1/hub-entities) and the dashboard offers them in
// the appliance forms (GET /api/v1/hub-entities). Each report replaces the account's list.
import * as yup from 'yup';
import { ENTITY_ID_MAX_LENGTH, ENTITY_ID_PATTERN } from '../domain/appliance-types/fields.js';
import type { HubEntity } from '../domain/hub-entity.js';
import { BODY_NOT_OBJECT_DETAIL } from '../domain/validation/plain-object.js';
import * as t from '../domain/validation/typed-schema.js';

export type { HubEntity } from '../domain/hub-entity.js';

/** GET /api/v1/hub-entities: the newest report, sorted by entity id; empty with null before any. */
export interface HubEntityList {
  entities: HubEntity[];
  /** UTC ISO 8601 of the newest report, or null. */
  reported_at: string | null;
}

/** PUT /api/v1/hub-entities answer. */
export const hubEntitiesReported = t.component(
  'HubEntitiesReported',
  t.object({ accepted: t.integer({ minimum: 0 }), reported_at: t.dateTime('UTC ISO 8601') }),
);
export type HubEntitiesReported = t.Infer<typeof hubEntitiesReported>;

/** Bounds of a report: a house's relevant entities fit well inside them (1000 with ordinary names are a few hundred kB, under the default 1 MB body limit). */
export const HUB_ENTITY_LIMITS = {
  maxEntities: 1000,
  friendlyNameMaxChars: 255,
  unitMaxChars: 32,
  deviceClassMaxChars: 64,
} as const;

/**
 * The domains an Offpeak field accepts (appliance entities, their sensors, the weather entity):
 * what a hub integration reports. A sensor is reported only when it has a unit (a reading).
 */
export const HUB_ENTITY_DOMAINS = [
  'climate',
  'switch',
  'button',
  'select',
  'input_boolean',
  'input_button',
  'input_select',
  'humidifier',
  'vacuum',
  'lawn_mower',
  'sensor',
  'weather',
] as const;

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

const hubEntityReportItem = yup
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

const { maxEntities } = HUB_ENTITY_LIMITS;

/** PUT /api/v1/hub-entities body: the whole list (0-1000 entities, each id once). */
export const hubEntitiesReportSchema = yup
  .object({
    entities: yup
      .array()
      .of(hubEntityReportItem)
      .typeError('entities must be an array')
      .required('entities is required')
      .max(maxEntities, `entities must contain at most ${maxEntities} entities`)
      .test('unique', (list, ctx) => {
        // Runs beside the items' own checks, so an item may still be anything here.
        const ids = (list ?? []).map((e: unknown) => (e as { entity_id?: unknown } | null)?.entity_id);
        const repeated = ids.findIndex((id, i) => typeof id === 'string' && ids.indexOf(id) < i);
        if (repeated === -1) return true;
        const detail = `entities[${repeated}].entity_id repeats an earlier entity`;
        return ctx.createError({ message: () => detail });
      }),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type HubEntitiesReport = yup.InferType<typeof hubEntitiesReportSchema>;

export { ENTITY_ID_MAX_LENGTH, ENTITY_ID_PATTERN } from '../domain/appliance-types/fields.js';
