// Which option of a select entity (an EV charger's or a battery's mode) plays which role: the
// configured `<role>_option`, else a default found by name, per appliance type. Pure.
import type { HassEntity } from 'home-assistant-js-websocket';
import type { HubAppliance } from './appliances.js';

/** What a select's option is for: charging, the default outside charge slots, holding a battery's charge, or discharging it past the house. */
export type OptionRole = 'charge' | 'idle' | 'hold' | 'export';

/** A default option: the first whose name matches `match` and not `not`. */
interface OptionPattern {
  match: RegExp;
  not?: RegExp;
}

const CHARGE: OptionPattern = { match: /charg/i, not: /discharg/i };

/**
 * The defaults by type and role; a role without one must be configured. An EV charger's standby
 * is its idle mode (not charging). A battery's standby, backup, reserve or "force idle" keeps the
 * charge: that is a hold, never the idle mode, whose job in discharge slots is to cover the house
 * (self-consumption, auto). Holding is never guessed (a battery's "backup" mode may charge to
 * full): it takes `hold_option` only. A battery's export is its forced discharge or export mode.
 */
const DEFAULTS: Partial<Record<HubAppliance['type'], Partial<Record<OptionRole, OptionPattern>>>> = {
  ev_charger: { charge: CHARGE, idle: { match: /auto|self|idle|normal|standby|default/i } },
  home_battery: {
    charge: CHARGE,
    idle: { match: /auto|self|normal|default/i, not: /standby|backup|reserve|idle|hold|force|charg/i },
    export: { match: /discharg|export/i },
  },
};

/** The option of `entity` for `role`: the configured one if the entity offers it, else the type's default, else null. */
export function selectOption(entity: HassEntity, role: OptionRole, appliance: HubAppliance): string | null {
  const options = (entity.attributes.options as string[] | undefined) ?? [];
  const configured = appliance.override?.[`${role}_option`];
  if (configured) return options.includes(configured) ? configured : null;
  const pattern = DEFAULTS[appliance.type]?.[role];
  if (!pattern) return null;
  return options.find((o) => pattern.match.test(o) && !pattern.not?.test(o)) ?? null;
}
