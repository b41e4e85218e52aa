// Pure: the Home Assistant entities worth offering in Offpeak's forms, as the cloud's hub entity
// report takes them (PUT /api/v1/hub-entities, docs/hub-entities.md).
import type { HassEntities } from 'home-assistant-js-websocket';
import { ENTITY_ID_MAX_LENGTH, ENTITY_ID_PATTERN, HUB_ENTITY_DOMAINS, HUB_ENTITY_LIMITS, type HubEntitiesReport } from '@offpeak/cloud/contract';

export type ReportedEntity = HubEntitiesReport['entities'][number];

const DOMAIN_ORDER = new Map<string, number>(HUB_ENTITY_DOMAINS.map((d, i) => [d, i]));

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
    const order = DOMAIN_ORDER.get(e.entity_id.slice(0, e.entity_id.indexOf('.')));
    if (order === undefined || e.entity_id.length > ENTITY_ID_MAX_LENGTH || !ENTITY_ID_PATTERN.test(e.entity_id)) continue;
    const unit = text(e.attributes.unit_of_measurement, HUB_ENTITY_LIMITS.unitMaxChars);
    if (e.entity_id.startsWith('sensor.') && unit === null) continue;
    out.push({
      order,
      entity_id: e.entity_id,
      friendly_name: text(e.attributes.friendly_name, HUB_ENTITY_LIMITS.friendlyNameMaxChars),
      unit_of_measurement: unit,
      device_class: text(e.attributes.device_class, HUB_ENTITY_LIMITS.deviceClassMaxChars),
    });
  }
  out.sort((a, b) => a.order - b.order || (a.entity_id < b.entity_id ? -1 : 1));
  return out.slice(0, HUB_ENTITY_LIMITS.maxEntities).map(({ order: _order, ...e }) => e);
}
