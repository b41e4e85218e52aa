// The per-type parts of the appliance description, derived from each type's config schema and
// reading range with the prose of its `api` part (domain/appliance-types/), so a new type brings
// its own description. Its constraint fields are `domain/appliance-types/constraint-set.ts`.
import { APPLIANCE_TYPES, applianceTypes, type ApplianceType } from '../../domain/appliance-types/index.js';
import type { Schema } from './builders.js';
import { fromYup } from '../../domain/validation/from-yup.js';

/** The config component of a type: `ev_charger` -> `EvChargerConfig`. */
export const configComponentName = (type: ApplianceType): string =>
  `${type
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}Config`;

/** Config schema name by appliance_type, in the order of the contract's type list. */
export const CONFIG_BY_TYPE: Record<ApplianceType, string> = Object.fromEntries(APPLIANCE_TYPES.map((t) => [t, configComponentName(t)])) as Record<
  ApplianceType,
  string
>;

/**
 * The per-type appliance config shapes; out-of-range or missing required fields give 400 naming the
 * field. Stated as for an update of a unit without a hub entity (a satellite's HVAC): ApplianceCreate
 * adds what a new unit requires.
 */
export const APPLIANCE_CONFIG_SCHEMAS: Record<string, Schema> = Object.fromEntries(
  APPLIANCE_TYPES.map((t) => [
    configComponentName(t),
    fromYup(applianceTypes[t].configSchema, applianceTypes[t].api.config, { previous: { entity_id: null } }),
  ]),
);

/** What `value` means per type on the appliance readings endpoint, and the 400 details of its ranges. */
export function readingValues(): { description: string; details: string[] } {
  const ranges = APPLIANCE_TYPES.flatMap((t) => {
    const route = applianceTypes[t].readings;
    return route.endpoint === 'value' ? [[t, route.range] as const] : [];
  });
  return {
    description: ranges.map(([t, r]) => `${t}: ${r.min}-${r.max} ${r.unit}`).join('; '),
    details: [...new Set(ranges.map(([, r]) => r.detail))],
  };
}
