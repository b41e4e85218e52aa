// One entity of the home-automation hub as Offpeak stores and lists it (docs/hub-entities.md).

export interface HubEntity {
  entity_id: string;
  /** The entity id's prefix (`climate` of `climate.living_room`). */
  domain: string;
  friendly_name: string | null;
  unit_of_measurement: string | null;
  device_class: string | null;
}

/** The domain of a well-formed entity id: the part before the first dot. */
export const entityDomain = (entityId: string): string => entityId.slice(0, entityId.indexOf('.'));
