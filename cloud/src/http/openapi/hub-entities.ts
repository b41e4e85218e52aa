import { HUB_ENTITY_LIMITS, hubEntitiesReportSchema, hubEntitiesReported } from '../../contract/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, orNull, ref, type ApiModule, type Schema } from './builders.js';
import { DATE_TIME } from './components.js';
import { fromYup, propertyOf } from './from-yup.js';

const TAG = 'Hub entities';
const { maxEntities, friendlyNameMaxChars } = HUB_ENTITY_LIMITS;
const REPORT = fromYup(hubEntitiesReportSchema, {
  fields: {
    entities: {
      description: 'The whole list; each entity_id once',
      items: {
        fields: {
          entity_id: { description: 'A hub entity id, e.g. climate.living_room' },
          friendly_name: { description: 'The name the hub shows' },
          unit_of_measurement: { description: 'The unit of its state (sensors), e.g. °F, %, W' },
          device_class: { description: 'What it measures or controls, e.g. temperature, battery, power' },
        },
      },
    },
  },
});
/** An entity's fields as reported, stated again in the list. */
const ENTITY_FIELDS = (propertyOf(REPORT, 'entities').items as Schema).properties as Record<string, Schema>;

/** The hub's entities (docs/hub-entities.md), an addition to the base contract. */
export const hubEntitiesApi: ApiModule = {
  tag: {
    name: TAG,
    description:
      'Additive. The entities of the home-automation hub that Offpeak fields can name, as the hub integration last reported them; the dashboard offers them in the appliance forms.',
  },
  schemas: {
    HubEntitiesReport: REPORT,
    ...componentSchemas([hubEntitiesReported]),
    HubEntityList: {
      type: 'object',
      properties: {
        entities: {
          type: 'array',
          description: 'Sorted by entity_id',
          items: {
            type: 'object',
            properties: { ...ENTITY_FIELDS, domain: { type: 'string', description: 'The prefix of entity_id' } },
            required: ['entity_id', 'domain', 'friendly_name', 'unit_of_measurement', 'device_class'],
          },
        },
        reported_at: orNull({ ...DATE_TIME, description: 'When the list was reported (UTC); null before the first report' }),
      },
      required: ['entities', 'reported_at'],
    },
  },
  paths: {
    '/api/v1/hub-entities': {
      get: operation({
        id: 'listHubEntities',
        tag: TAG,
        summary: "The hub's entities as last reported",
        auth: 'user',
        ok: { 200: json('The list (empty before the first report)', ref('HubEntityList')) },
      }),
      put: operation({
        id: 'reportHubEntities',
        tag: TAG,
        summary: "Replace the account's list of hub entities",
        description: `Sent by the hub integration at start and when its entities change. The list replaces the stored one whole; 0-${maxEntities} entities.`,
        auth: 'user',
        body: ref('HubEntitiesReport'),
        ok: { 200: json('Stored', ref(hubEntitiesReported)) },
        errors: {
          400: [
            'entities is required',
            `entities must contain at most ${maxEntities} entities`,
            'entities[<i>].entity_id must be an entity id such as climate.living_room',
            'entities[<i>].entity_id repeats an earlier entity',
            `entities[<i>].friendly_name must be at most ${friendlyNameMaxChars} characters`,
          ],
        },
      }),
    },
  },
};
