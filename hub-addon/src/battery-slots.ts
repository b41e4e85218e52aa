// What a home battery's plan means in one slot (cloud/src/domain/planners/home-battery.md,
// "Execution"): charge, export (discharge past the house), discharge (cover the house) or hold
// (leave the charge for a dearer slot).
// Pure.
import type { HubAppliance } from './appliances.js';

export type BatterySlotMode = 'charge' | 'export' | 'discharge' | 'hold';

/** Planned charge changes smaller than this (percentage points) are rounding, not a discharge. */
const FLAT_PCT = 0.01;

const at = <T>(schedule: Record<string, unknown>, key: string, idx: number, kind: 'boolean' | 'number'): T | null => {
  const v = (schedule[key] as unknown[] | undefined)?.[idx];
  return typeof v === kind ? (v as T) : null;
};

/**
 * The mode of slot `idx`: `intervals` true charges, `export_intervals` true exports; otherwise `discharge_intervals` says discharge
 * or hold when the schedule carries it (the cloud sends it for batteries), else the planned charge
 * (`value_trajectory`, % at each slot's end) tells: falling across the slot is a discharge, flat
 * or rising a hold. Without a level to compare (slot 0, or no trajectory) it is a discharge, the
 * mode the add-on always used outside charge slots. Null when the slot has no `intervals` value.
 */
export function batterySlotMode(schedule: Record<string, unknown>, idx: number): BatterySlotMode | null {
  const charge = at<boolean>(schedule, 'intervals', idx, 'boolean');
  if (charge === null) return null;
  if (charge) return 'charge';
  if (at<boolean>(schedule, 'export_intervals', idx, 'boolean')) return 'export';
  const discharge = at<boolean>(schedule, 'discharge_intervals', idx, 'boolean');
  if (discharge !== null) return discharge ? 'discharge' : 'hold';
  const end = at<number>(schedule, 'value_trajectory', idx, 'number');
  const start = idx > 0 ? at<number>(schedule, 'value_trajectory', idx - 1, 'number') : null;
  if (end === null || start === null) return 'discharge';
  return end < start - FLAT_PCT ? 'discharge' : 'hold';
}

const OPTION_DOMAINS = new Set(['select', 'input_select']);

/** True when the battery's control entity takes options (select), the only kind that can hold. */
export const takesOptions = (entityId: string | undefined): boolean => OPTION_DOMAINS.has((entityId ?? '').split('.')[0]!);

/**
 * Why this battery cannot hold the slots the plan holds, or null when it can (a select entity
 * with `hold_option`) or is no battery. Logged once per start.
 */
export function holdGap(appliance: HubAppliance): string | null {
  if (appliance.type !== 'home_battery' || !appliance.entities.entity_id) return null;
  if (!takesOptions(appliance.entities.entity_id))
    return `${appliance.entities.entity_id} only switches charging on and off: outside charge slots the battery runs in its own mode, so it may discharge in slots the plan holds; a select.* battery mode entity with hold_option can hold`;
  if (appliance.override?.hold_option) return null;
  return 'no hold_option set: the battery gets its idle option in every slot that is not a charge slot, so it discharges in slots the plan holds; set hold_option (the battery mode that keeps its charge, e.g. backup or standby) in the add-on options';
}
