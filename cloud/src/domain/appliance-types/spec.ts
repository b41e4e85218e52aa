/* eslint-disable @typescript-eslint/no-explicit-any -- the registry holds specs of different config types side by side */
import type * as yup from 'yup';

/** The appliance types of the contract (2.3), in the order the error text lists them. */
export const APPLIANCE_TYPES = ['hvac', 'ev_charger', 'home_battery', 'water_heater', 'solar', 'dehumidifier', 'robot'] as const;
export type ApplianceType = (typeof APPLIANCE_TYPES)[number];

/** The 2.10 entities block: only the keys set in the appliance's config. */
export interface EntitiesBlock {
  entity_id?: string;
  soc_entity_id?: string;
  temp_entity_id?: string;
  indoor_temp_entity_id?: string;
}

/** Context a config schema may read as `$previous`: the stored config on a PUT, absent on a POST. */
export interface ConfigContext {
  previous?: Record<string, unknown>;
}

/**
 * Everything the service knows about one appliance type. Adding a type is one file exporting a
 * spec plus one line in `index.ts`; the optimizer adds its planner to this interface the same way.
 */
export interface ApplianceTypeSpec<Config extends object, Constraints extends object = never> {
  type: ApplianceType;
  /** Validates the config (2.4); messages read `<field>: <message>`. */
  configSchema: yup.ObjectSchema<Config, any, any, any>;
  /**
   * Config keys a PUT keeps from the stored config when it omits them: facts a device reported at
   * claim time rather than settings the user edits.
   */
  preservedConfigKeys: readonly string[];
  /** Validates the constraints (2.7); null when the type takes none. */
  constraintSchema: yup.ObjectSchema<Constraints, any, any, any> | null;
  /** The 2.10 entities block for this config; null for types without one (solar). */
  entities(config: Config): EntitiesBlock | null;
}
