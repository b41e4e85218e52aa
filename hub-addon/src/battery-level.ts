// A home battery's charge slot charges up to the planned level, not for the whole half hour
// (cloud/src/domain/planners/home-battery.md, "Execution"): the planned charge at the slot's end
// (`value_trajectory[idx]`) against the battery's state of charge (its `soc_entity_id`). Pure; the
// plans feature watches the SOC and applies (features/charge-level.ts). Design: docs/hub-addon.md.
import type { HassEntity } from 'home-assistant-js-websocket';
import type { HubAppliance } from './appliances.js';
import { numericState } from './units.js';

/** The capacity the cloud plans a battery with when its config sets none (cloud BATTERY_DEFAULTS, planning/charge-inputs.ts). */
export const DEFAULT_CAPACITY_KWH = 13.5;

/**
 * Once a charge slot has stopped at its level, charging resumes only when the SOC falls this many
 * percentage points below it: a battery whose idle mode covers the house (no hold_option) would
 * otherwise flip between charge and idle at every reading.
 */
export const RESUME_BELOW_PCT = 2;

/** The battery's capacity, kWh: its config's, else for a home battery the cloud's default; unknown for an EV or robot without one. */
export const capacityOf = (appliance: HubAppliance): number | undefined =>
  appliance.capacityKwh ?? (appliance.type === 'home_battery' ? DEFAULT_CAPACITY_KWH : undefined);

const PERCENT_UNITS = new Set<unknown>([undefined, null, '%', 'percent']);

/** `value` in `unit` (% of the battery, or kWh / Wh stored) as percent of `capacityKwh`; null for another unit, or energy of an unknown capacity. */
function asPct(value: number, unit: unknown, capacityKwh: number | undefined): number | null {
  if (PERCENT_UNITS.has(unit)) return value;
  if (capacityKwh === undefined) return null;
  if (unit === 'kWh' || unit === 'kwh') return (100 * value) / capacityKwh;
  if (unit === 'Wh') return value / 10 / capacityKwh;
  return null;
}

/**
 * The state of charge in % from the SOC sensor (`unit_of_measurement` % or none, kWh or Wh of
 * `capacityKwh`). Null when the sensor is missing, unavailable or unknown, not a number, in another
 * unit (or in energy with no capacity known), negative, or a percentage above 100: no reading to act on.
 */
export function socPct(entity: HassEntity | undefined, capacityKwh: number | undefined): number | null {
  const n = numericState(entity?.state);
  if (!entity || n === null || n < 0) return null;
  const unit = entity.attributes.unit_of_measurement;
  if (PERCENT_UNITS.has(unit) && n > 100) return null;
  return asPct(n, unit, capacityKwh);
}

/** The planned charge at the end of slot `idx` in %: `value_trajectory[idx]` in the schedule's `unit` (percent); null without one. */
export function plannedLevelPct(schedule: Record<string, unknown>, idx: number, capacityKwh: number | undefined): number | null {
  const v = (schedule.value_trajectory as unknown[] | undefined)?.[idx];
  return typeof v === 'number' && Number.isFinite(v) ? asPct(v, schedule.unit, capacityKwh) : null;
}

/**
 * Whether a charge slot (an export slot: `falling`) has reached its planned level, given whether
 * it had at the last check in this slot (`wasReached`, false at the slot's start). Without a SOC or
 * a level nothing changes: a slot that starts without a reading charges (exports), as the plan
 * says, until a reading shows the level.
 */
export function levelReached(soc: number | null, level: number | null, wasReached: boolean, falling = false): boolean {
  if (soc === null || level === null) return wasReached;
  if (falling) return soc <= (wasReached ? level + RESUME_BELOW_PCT : level);
  return soc >= (wasReached ? level - RESUME_BELOW_PCT : level);
}

/** Why this battery's charge slots charge the whole half hour, or null when they stop at the level. Logged once per start. */
export function levelGap(appliance: HubAppliance): string | null {
  if (appliance.type !== 'home_battery' || !appliance.entities.entity_id || appliance.entities.soc_entity_id) return null;
  return "no soc_entity_id: each charge slot charges for the whole half hour, past the level the plan charges to; set the battery's state-of-charge sensor (soc_entity_id) in Offpeak or in the add-on options";
}
