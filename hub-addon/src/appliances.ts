// The appliances the add-on serves: the cloud's list and schedule entries merged with the local
// per-appliance overrides of the add-on options. Pure.
import type { Appliance, ApplianceType, SchedulesViewEntry } from '@offpeak/cloud/contract';
import type { ApplianceOverride } from './config.js';

/** One appliance as the add-on sees it. */
export interface HubAppliance {
  id: string;
  name: string;
  type: ApplianceType;
  isActive: boolean;
  entities: HubEntities;
  /** The add-on options' override for this appliance, if any. */
  override: ApplianceOverride | null;
  /** The battery's capacity from the cloud config, when set: a home battery's `capacity_kwh`, an EV's or robot's `battery_capacity_kwh` (a SOC sensor in kWh needs it). */
  capacityKwh?: number;
}

/** Where each type's config keeps its battery capacity (kWh), if it has one. Keyed by the type union, so a new type does not compile without its entry. */
const CAPACITY_FIELD: Record<ApplianceType, 'capacity_kwh' | 'battery_capacity_kwh' | null> = {
  hvac: null,
  ev_charger: 'battery_capacity_kwh',
  home_battery: 'capacity_kwh',
  robot: 'battery_capacity_kwh',
  water_heater: null,
  solar: null,
  dehumidifier: null,
};

/** The config keys naming an entity the add-on reads or commands. */
const ENTITY_KEYS = [
  'entity_id',
  'soc_entity_id',
  'temp_entity_id',
  'indoor_temp_entity_id',
  'plug_entity_id',
  'power_entity_id',
  'production_sensor_entity_id',
] as const;
type EntityKey = (typeof ENTITY_KEYS)[number];
/** The entities an appliance's config names, by key: the schedule's entities block, plus what only the config carries (a solar array's production sensor). */
export type HubEntities = Partial<Record<EntityKey, string>>;
type OverridableKey = EntityKey & keyof ApplianceOverride;
/** The keys the add-on options may override; the others (an EV's plug sensor, a power or production sensor) are set in Offpeak only. */
const OVERRIDABLE_KEYS: readonly OverridableKey[] = ['entity_id', 'soc_entity_id', 'temp_entity_id', 'indoor_temp_entity_id'];
/** Whether the add-on options may set the entity of config key `key`. */
export const isOverridable = (key: string): key is OverridableKey => (OVERRIDABLE_KEYS as readonly string[]).includes(key);

/** The override for an appliance: matched by id, else by name (case-insensitive). */
export function findOverride(overrides: readonly ApplianceOverride[], id: string, name: string): ApplianceOverride | null {
  return overrides.find((o) => o.appliance === id) ?? overrides.find((o) => o.appliance.trim().toLowerCase() === name.trim().toLowerCase()) ?? null;
}

/** The entities of an appliance: the schedule's block, else its config, then the local override on top. */
export function entitiesOf(appliance: Appliance, entry: SchedulesViewEntry | undefined, override: ApplianceOverride | null): HubEntities {
  const out: HubEntities = {};
  const block: HubEntities | undefined = entry?.entities;
  for (const key of ENTITY_KEYS) {
    const fromCloud = block?.[key] ?? appliance.config[key];
    const value = (isOverridable(key) ? override?.[key] : undefined) ?? fromCloud;
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

/** The hub's appliance list. */
export function hubAppliances(list: readonly Appliance[], entries: readonly SchedulesViewEntry[], overrides: readonly ApplianceOverride[]): HubAppliance[] {
  return list.map((a) => {
    const override = findOverride(overrides, a.id, a.name);
    const entry = entries.find((e) => e.appliance_id === a.id);
    const field = CAPACITY_FIELD[a.appliance_type];
    const capacity = field === null ? undefined : a.config[field];
    return {
      id: a.id,
      name: a.name,
      type: a.appliance_type,
      isActive: a.is_active,
      entities: entitiesOf(a, entry, override),
      override,
      ...(typeof capacity === 'number' && capacity > 0 ? { capacityKwh: capacity } : {}),
    };
  });
}

/** Every entity id the add-on reads or commands, with who uses it. */
export function entityUses(appliances: readonly HubAppliance[]): { entityId: string; appliance: HubAppliance; role: string }[] {
  return appliances.flatMap((a) => ENTITY_KEYS.filter((k) => a.entities[k]).map((k) => ({ entityId: a.entities[k]!, appliance: a, role: k })));
}
