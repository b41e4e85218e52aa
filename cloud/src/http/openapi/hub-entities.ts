import { HUB_ENTITY_LIMITS, hubEntitiesReportSchema, hubEntitiesReported, hubEntityList } from '../../contract/index.js';
import { HUB_ENTITY_NOTES } from '../../domain/hub-entity.js';
import { fromYup } from '../../domain/validation/from-yup.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, ref, type ApiModule } from './builders.js';

const TAG = 'Hub entities';
const { maxEntities, friendlyNameMaxChars } = HUB_ENTITY_LIMITS;
const REPORT = fromYup(hubEntitiesReportSchema, { fields: { entities: { description: 'The whole list; each entity_id once', items: HUB_ENTITY_NOTES } } });

/** The hub's entities (docs/hub-entities.md), an addition to the base contract. */
export const hubEntitiesApi: ApiModule = {
  tag: {
    name: TAG,
    description:
      'Additive. The entities of the home-automation hub that Offpeak fields can name, as the hub integration last reported them; the dashboard offers them in the appliance forms.',
  },
  schemas: {
    HubEntitiesReport: REPORT,
    ...componentSchemas([hubEntitiesReported, hubEntityList]),
  },
  paths: {
    '/api/v1/hub-entities': {
      get: operation({
        id: 'listHubEntities',
        tag: TAG,
        summary: "The hub's entities as last reported",
        auth: 'user',
        ok: { 200: json('The list (empty before the first report)', ref(hubEntityList)) },
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
