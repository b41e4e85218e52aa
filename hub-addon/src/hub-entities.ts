// Pure: the Home Assistant entities worth offering in Offpeak's forms, as the cloud's hub entity
// report takes them (PUT /api/v1/hub-entities, docs/hub-entities.md).
import type { HassEntities } from 'home-assistant-js-websocket';
import type { ENTITY_ID_MAX_LENGTH, HUB_ENTITY_DOMAINS, HUB_ENTITY_LIMITS, HubEntitiesReport } from '@offpeak/cloud/contract';
import { isPublishedEntity } from './plan-entities.js';

export type ReportedEntity = HubEntitiesReport['entities'][number];

// The add-on's image carries no cloud code, so the report's bounds and domains are written here and
// the compiler holds them equal to the cloud's contract: a changed bound, or a domain added or
// dropped there, fails the add-on's build.
const LIMITS: typeof HUB_ENTITY_LIMITS = { maxEntities: 1000, friendlyNameMaxChars: 255, unitMaxChars: 32, deviceClassMaxChars: 64 };
const ID_MAX_LENGTH: typeof ENTITY_ID_MAX_LENGTH = 255;
/** The reported domains in the order a report lists them (controllables first, sensors and weather last). */
const DOMAIN_ORDER: Record<(typeof HUB_ENTITY_DOMAINS)[number], number> = {
  climate: 0,
  switch: 1,
  button: 2,
  select: 3,
  input_boolean: 4,
  input_button: 5,
  input_select: 6,
  humidifier: 7,
  vacuum: 8,
  lawn_mower: 9,
  sensor: 10,
  weather: 11,
};
/** The entity id the cloud accepts (`domain.object_id`); hub-entities.test.ts holds it to the cloud's. */
export const ENTITY_ID = /^([a-z0-9_]+)\.[a-z0-9_]+$/;

function domainOrder(entityId: string): number | undefined {
  const domain = entityId.slice(0, entityId.indexOf('.'));
  return Object.hasOwn(DOMAIN_ORDER, domain) ? DOMAIN_ORDER[domain as keyof typeof DOMAIN_ORDER] : undefined;
}

/** A string attribute, cut to the report's bound (a longer name is still worth offering); null when absent. */
function text(value: unknown, maxChars: number): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, maxChars) : null;
}

/**
 * The entities of the reported domains (sensors only with a unit: a reading), controllable domains
 * first and by id within a domain, at most the report's bound (sensors are what a large house
 * loses first). An id the cloud would refuse is left out, so one odd entity cannot fail the report.
 */
export function reportedEntities(entities: HassEntities): ReportedEntity[] {
  const out: (ReportedEntity & { order: number })[] = [];
  for (const e of Object.values(entities)) {
    const order = domainOrder(e.entity_id);
    if (order === undefined || e.entity_id.length > ID_MAX_LENGTH || !ENTITY_ID.test(e.entity_id)) continue;
    const unit = text(e.attributes.unit_of_measurement, LIMITS.unitMaxChars);
    if (e.entity_id.startsWith('sensor.') && unit === null) continue;
    // The add-on's own entities report the plan; no appliance reads or drives them.
    if (isPublishedEntity(e.entity_id)) continue;
    out.push({
      order,
      entity_id: e.entity_id,
      friendly_name: text(e.attributes.friendly_name, LIMITS.friendlyNameMaxChars),
      unit_of_measurement: unit,
      device_class: text(e.attributes.device_class, LIMITS.deviceClassMaxChars),
    });
  }
  out.sort((a, b) => a.order - b.order || (a.entity_id < b.entity_id ? -1 : 1));
  return out.slice(0, LIMITS.maxEntities).map(({ order: _order, ...e }) => e);
}
