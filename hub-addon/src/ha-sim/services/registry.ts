// The service registry and Core's call path (core.py ServiceRegistry.async_call, helpers/service.py
// entity_service_call): lookup, response checks, schema, call_service event, target resolution,
// feature gating, then the entity handler.
import type { Context } from '../context.js';
import type { SimCore } from '../core.js';
import { HomeAssistantError, ServiceNotFound, ServiceNotSupported, validationError } from '../errors.js';
import { validEntityId, type HaState } from '../states.js';
import { hasAtLeastOneKey, Invalid, validateMapping, type Fields, type Validator } from '../validation.js';

export type SupportsResponse = 'none' | 'optional' | 'only';

export interface ServiceCall {
  domain: string;
  service: string;
  data: Record<string, unknown>;
  context: Context;
  returnResponse: boolean;
}

export interface EntityService {
  name: string;
  description: string;
  fields: Fields;
  /** Checks that run before the mapping schema (vol.All order), e.g. has_at_least_one_key. */
  precheck?: (data: Record<string, unknown>) => void;
  /** The entity needs at least one of these supported_features bits. */
  requiredFeatures?: number[];
  supportsResponse?: SupportsResponse;
  handler: (entity: HaState, call: ServiceCall, sim: SimCore) => unknown;
}

export type DomainServices = Record<string, EntityService>;

export const ENTITY_SERVICE_KEYS = ['entity_id', 'device_id', 'area_id', 'floor_id', 'label_id'] as const;

const entityIds: Validator = (v) => {
  if (typeof v === 'string' && ['all', 'none'].includes(v.toLowerCase())) return v.toLowerCase();
  const list =
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v;
  if (!Array.isArray(list)) throw new Invalid('Entity IDs should be a comma separated string or a list');
  return list.map((item) => {
    if (typeof item !== 'string') throw new Invalid('Entity IDs should be a comma separated string or a list');
    const id = item.toLowerCase();
    if (!validEntityId(id)) throw new Invalid(`Entity ID ${item} is an invalid entity ID`);
    return id;
  });
};

const stringList: Validator = (v) => {
  const list = Array.isArray(v) ? v : [v];
  if (!list.every((s) => typeof s === 'string')) throw new Invalid('expected str');
  return list;
};

/** cv.ENTITY_SERVICE_FIELDS */
export const ENTITY_SERVICE_FIELDS: Fields = {
  entity_id: { validate: entityIds },
  device_id: { validate: stringList },
  area_id: { validate: stringList },
  floor_id: { validate: stringList },
  label_id: { validate: stringList },
};

const RETURN_RESPONSE = { return_response: 'return_response=True' };

export function entityFeatures(entity: HaState): number {
  const f = entity.attributes.supported_features;
  return typeof f === 'number' ? f : 0;
}

export class ServiceRegistry {
  private readonly domains = new Map<string, DomainServices>();

  constructor(private readonly sim: SimCore) {}

  register(domain: string, services: DomainServices): void {
    this.domains.set(domain, { ...(this.domains.get(domain) ?? {}), ...services });
  }

  has(domain: string, service: string): boolean {
    return Boolean(this.domains.get(domain)?.[service]);
  }

  /** get_services: {domain: {service: {name, description, fields, target, response?}}} */
  describe(): Record<string, Record<string, unknown>> {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [domain, services] of this.domains) {
      out[domain] = {};
      for (const [name, def] of Object.entries(services)) {
        const fields: Record<string, unknown> = {};
        for (const [key, field] of Object.entries(def.fields)) fields[key] = { required: Boolean(field.required), selector: {} };
        const entry: Record<string, unknown> = {
          name: def.name,
          description: def.description,
          fields,
          target: { entity: [{ domain: [domain] }] },
        };
        if (def.supportsResponse && def.supportsResponse !== 'none') entry.response = { optional: def.supportsResponse === 'optional' };
        out[domain][name] = entry;
      }
    }
    return out;
  }

  /** Call a service as Core does with blocking=True; resolves to the response (or null). */
  async call(
    domainIn: string,
    serviceIn: string,
    serviceData: Record<string, unknown> | undefined,
    target: Record<string, unknown> | undefined,
    returnResponse: boolean,
    context: Context,
  ): Promise<Record<string, unknown> | null> {
    let domain = domainIn;
    let service = serviceIn;
    let def = this.domains.get(domain)?.[service];
    if (!def) {
      domain = domain.toLowerCase();
      service = service.toLowerCase();
      def = this.domains.get(domain)?.[service];
    }
    if (!def) throw new ServiceNotFound(domain, service);
    const supports = def.supportsResponse ?? 'none';
    if (returnResponse) {
      if (supports === 'none') throw validationError('homeassistant', 'service_does_not_support_response', RETURN_RESPONSE);
    } else if (supports === 'only') {
      throw validationError('homeassistant', 'service_lacks_response_request', RETURN_RESPONSE);
    }

    const raw: Record<string, unknown> = { ...(serviceData ?? {}), ...(target ?? {}) };
    def.precheck?.(raw);
    const withoutMetadata = { ...raw };
    delete withoutMetadata.metadata;
    const data = validateMapping(withoutMetadata, { ...def.fields, ...ENTITY_SERVICE_FIELDS });
    hasAtLeastOneKey(data, [...ENTITY_SERVICE_KEYS]);

    this.sim.bus.fire('call_service', { domain, service, service_data: raw }, context, this.sim.nowUs());

    const call: ServiceCall = { domain, service, data, context, returnResponse };
    const entities = this.resolveEntities(domain, service, def, data);
    if (entities.length === 0) {
      if (returnResponse) throw new HomeAssistantError('Service call requested response data but did not match any entities');
      return null;
    }
    const response: Record<string, unknown> = {};
    for (const entity of entities) {
      const result = await def.handler(entity, call, this.sim);
      response[entity.entity_id] = result ?? null;
    }
    return returnResponse ? response : null;
  }

  private resolveEntities(domain: string, service: string, def: EntityService, data: Record<string, unknown>): HaState[] {
    const ids = data.entity_id;
    let candidates: HaState[];
    const referenced = new Set<string>();
    if (ids === 'all') candidates = this.sim.states.all().filter((s) => s.domain === domain);
    else if (Array.isArray(ids)) {
      candidates = [];
      for (const id of ids as string[]) {
        referenced.add(id);
        const state = this.sim.states.get(id);
        // A missing entity is not an error: Core logs "Referenced entities … are missing" and succeeds.
        if (state && state.domain === domain) candidates.push(state);
      }
    } else candidates = [];
    const result: HaState[] = [];
    for (const entity of candidates) {
      if (entity.state === 'unavailable') continue;
      if (def.requiredFeatures && !def.requiredFeatures.some((bit) => (entityFeatures(entity) & bit) === bit)) {
        if (referenced.has(entity.entity_id)) throw new ServiceNotSupported(domain, service, entity.entity_id);
        continue;
      }
      result.push(entity);
    }
    return result;
  }
}
