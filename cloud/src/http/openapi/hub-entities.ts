import { HUB_ENTITY_LIMITS } from '../../contract/index.js';
import { ENTITY_ID_MAX_LENGTH } from '../../domain/appliance-types/fields.js';
import { json, operation, orNull, ref, type ApiModule, type Schema } from './builders.js';
import { DATE_TIME } from './components.js';

const TAG = 'Hub entities';
const { maxEntities, friendlyNameMaxChars, unitMaxChars, deviceClassMaxChars } = HUB_ENTITY_LIMITS;
const ENTITY_ID: Schema = {
  type: 'string',
  maxLength: ENTITY_ID_MAX_LENGTH,
  pattern: '^[a-z0-9_]+\\.[a-z0-9_]+$',
  description: 'A hub entity id, e.g. climate.living_room',
};
const text = (maxLength: number, description: string): Schema => orNull({ type: 'string', maxLength, description });
const ENTITY_FIELDS = {
  entity_id: ENTITY_ID,
  friendly_name: text(friendlyNameMaxChars, 'The name the hub shows'),
  unit_of_measurement: text(unitMaxChars, 'The unit of its state (sensors), e.g. °F, %, W'),
  device_class: text(deviceClassMaxChars, 'What it measures or controls, e.g. temperature, battery, power'),
};

/** The hub's entities (docs/hub-entities.md), an addition to the base contract. */
export const hubEntitiesApi: ApiModule = {
  tag: {
    name: TAG,
    description:
      'Additive. The entities of the home-automation hub that Offpeak fields can name, as the hub integration last reported them; the dashboard offers them in the appliance forms.',
  },
  schemas: {
    HubEntitiesReport: {
      type: 'object',
      properties: {
        entities: {
          type: 'array',
          maxItems: maxEntities,
          description: 'The whole list; each entity_id once',
          items: { type: 'object', properties: ENTITY_FIELDS, required: ['entity_id'] },
        },
      },
      required: ['entities'],
    },
    HubEntitiesReported: {
      type: 'object',
      properties: { accepted: { type: 'integer', minimum: 0 }, reported_at: { ...DATE_TIME, description: 'UTC ISO 8601' } },
      required: ['accepted', 'reported_at'],
    },
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
        ok: { 200: json('Stored', ref('HubEntitiesReported')) },
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
