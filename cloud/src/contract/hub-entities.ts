// The entities of the home-automation hub that Offpeak's fields can name (docs/hub-entities.md):
// the hub's integration reports them (PUT /api/v1/hub-entities) and the dashboard offers them in
// the appliance forms (GET /api/v1/hub-entities). Each report replaces the account's list.
import * as yup from 'yup';
import { HUB_ENTITY_LIMITS, hubEntity, hubEntityReportItem } from '../domain/hub-entity.js';
import { BODY_NOT_OBJECT_DETAIL } from '../domain/validation/plain-object.js';
import * as t from '../domain/validation/typed-schema.js';

export { HUB_ENTITY_LIMITS, type HubEntity } from '../domain/hub-entity.js';

/** GET /api/v1/hub-entities: the newest report, sorted by entity id; empty with null before any. */
export const hubEntityList = t.component(
  'HubEntityList',
  t.object({
    entities: t.array(hubEntity, 'Sorted by entity_id'),
    reported_at: t.nullable(t.dateTime(), 'When the list was reported (UTC); null before the first report'),
  }),
);
export type HubEntityList = t.Infer<typeof hubEntityList>;

/** PUT /api/v1/hub-entities answer. */
export const hubEntitiesReported = t.component(
  'HubEntitiesReported',
  t.object({ accepted: t.integer({ minimum: 0 }), reported_at: t.dateTime('UTC ISO 8601') }),
);
export type HubEntitiesReported = t.Infer<typeof hubEntitiesReported>;

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
