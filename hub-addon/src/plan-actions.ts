// What to do with one appliance in one slot: pure translation of a schedule entry into a Home
// Assistant service call. HVAC: setpoint_temps[idx], or the band midpoint on defaults
// and legacy rows, in the system unit on the entity's step and inside its min/max; EV and battery:
// charge on or off, and a battery's hold option where the plan holds its charge and export option where it exports (battery-slots.ts);
// water heater: element on or off; robots: return to the dock when the slot says "docked" and
// nothing else, ever. `expect` says what the entity should show afterwards, so a later
// difference not caused by us is a person's override.
import type { HassEntity } from 'home-assistant-js-websocket';
import type { ApplianceType } from '@offpeak/cloud/contract';
import type { HubAppliance } from './appliances.js';
import { batterySlotMode, takesOptions } from './battery-slots.js';
import { selectOption, type OptionRole } from './select-options.js';
import { fromF, snapSetpoint, targetTempStep } from './units.js';

/** What a commanded entity should show: an attribute value or a state. */
export type Expectation = { kind: 'attr'; key: string; value: number } | { kind: 'state'; value: string };

/** One service call to make (or `call` null: already there). */
export interface PlannedAction {
  entityId: string;
  call: { domain: string; service: string; data?: Record<string, unknown> } | null;
  expect: Expectation | null;
  /** Human-readable "what and why" for the log. */
  why: string;
  /** HVAC only: the planned setpoint in F (room_target and commanded_setpoint of readings). */
  setpointF?: number;
}

/** The outcome: an action, or the reason nothing can be done. */
export type SlotDecision = { action: PlannedAction } | { skip: string };

interface HvacScheduleShape {
  high_temps?: number[];
  low_temps?: number[];
  setpoint_temps?: number[] | null;
}

/** The HVAC setpoint (F) and band of slot `idx`, or null when the schedule has none. */
export function hvacSlot(schedule: Record<string, unknown>, idx: number): { setpointF: number; lowF: number; highF: number; source: string } | null {
  const s = schedule as HvacScheduleShape;
  const high = s.high_temps?.[idx];
  const low = s.low_temps?.[idx];
  const set = s.setpoint_temps?.[idx];
  if (typeof set === 'number') return { setpointF: set, lowF: low ?? set, highF: high ?? set, source: 'setpoint_temps' };
  if (typeof high === 'number' && typeof low === 'number') return { setpointF: (high + low) / 2, lowF: low, highF: high, source: 'band midpoint' };
  return null;
}

/** intervals[idx] of an on/off schedule, or null. */
export function onOffSlot(schedule: Record<string, unknown>, idx: number): boolean | null {
  const v = (schedule.intervals as unknown[] | undefined)?.[idx];
  return typeof v === 'boolean' ? v : null;
}

const SWITCH_DOMAINS = new Set(['switch', 'input_boolean', 'light', 'fan']);
const bit = (e: HassEntity, b: number) => ((Number(e.attributes.supported_features) || 0) & b) !== 0;
const domainOf = (id: string) => id.split('.')[0]!;

/** Sets a climate entity to `targetF` (single target, or the band on range-only entities). */
export function climateAction(entity: HassEntity, unit: string, targetF: number, band: { lowF: number; highF: number } | null, why: string): PlannedAction {
  const a = entity.attributes;
  const step = targetTempStep(a, unit);
  const min = typeof a.min_temp === 'number' ? a.min_temp : undefined;
  const max = typeof a.max_temp === 'number' ? a.max_temp : undefined;
  const rangeOnly = !bit(entity, 1) && bit(entity, 2);
  if (rangeOnly && band) {
    const low = snapSetpoint(fromF(band.lowF, unit), step, min, max);
    const high = snapSetpoint(fromF(band.highF, unit), step, min, max);
    const same = a.target_temp_low === low && a.target_temp_high === high;
    return {
      entityId: entity.entity_id,
      call: same ? null : { domain: 'climate', service: 'set_temperature', data: { target_temp_low: low, target_temp_high: high } },
      expect: { kind: 'attr', key: 'target_temp_low', value: low },
      why,
      setpointF: targetF,
    };
  }
  const value = snapSetpoint(fromF(targetF, unit), step, min, max);
  return {
    entityId: entity.entity_id,
    call: a.temperature === value ? null : { domain: 'climate', service: 'set_temperature', data: { temperature: value } },
    expect: { kind: 'attr', key: 'temperature', value },
    why,
    setpointF: targetF,
  };
}

function switchAction(entity: HassEntity, on: boolean, why: string): PlannedAction {
  const want = on ? 'on' : 'off';
  return {
    entityId: entity.entity_id,
    call: entity.state === want ? null : { domain: domainOf(entity.entity_id), service: on ? 'turn_on' : 'turn_off' },
    expect: { kind: 'state', value: want },
    why,
  };
}

/**
 * The charge switching of an EV or battery entity (switch, input_boolean, select, button). `role`:
 * the option a select takes when not charging, a battery's `hold` or `export` instead of its idle
 * one (the caller checks the battery has it).
 */
function chargeAction(
  entity: HassEntity,
  on: boolean,
  appliance: HubAppliance,
  lastOn: boolean | null,
  why: string,
  role: Exclude<OptionRole, 'charge'> = 'idle',
): SlotDecision {
  const domain = domainOf(entity.entity_id);
  if (SWITCH_DOMAINS.has(domain)) return { action: switchAction(entity, on, why) };
  if (domain === 'select' || domain === 'input_select') {
    const wanted: OptionRole = on ? 'charge' : role;
    const option = selectOption(entity, wanted, appliance);
    if (!option)
      return {
        skip: `no ${wanted} option among ${JSON.stringify(entity.attributes.options ?? [])}; set ${wanted}_option in the add-on options`,
      };
    return {
      action: {
        entityId: entity.entity_id,
        call: entity.state === option ? null : { domain, service: 'select_option', data: { option } },
        expect: { kind: 'state', value: option },
        why,
      },
    };
  }
  if (domain === 'button' || domain === 'input_button') {
    // A button toggles the charge mode: press only when the wanted mode changes.
    const press = lastOn === null ? on : lastOn !== on;
    return { action: { entityId: entity.entity_id, call: press ? { domain, service: 'press' } : null, expect: null, why } };
  }
  return { skip: `cannot switch charging with a ${domain}.* entity` };
}

/** What deciding one slot of one appliance knows. */
interface SlotInput {
  appliance: HubAppliance;
  schedule: Record<string, unknown>;
  idx: number;
  entity: HassEntity;
  entityId: string;
  unit: string;
  lastOn: boolean | null;
  levelReached: boolean;
}

/**
 * Per appliance type, how a slot of its schedule becomes a service call, or null for a type the
 * add-on only observes. Keyed by the contract's type union, so a new type does not compile without
 * its entry.
 */
const DECIDE_SLOT: Record<ApplianceType, ((input: SlotInput) => SlotDecision) | null> = {
  hvac: ({ schedule, idx, entity, unit }) => {
    const slot = hvacSlot(schedule, idx);
    if (!slot) return { skip: 'the schedule has no setpoints' };
    return { action: climateAction(entity, unit, slot.setpointF, slot, `slot ${idx} ${slot.source} ${slot.setpointF.toFixed(1)} F`) };
  },
  ev_charger: (input) => chargeSlot(input),
  home_battery: (input) => batterySlot(input),
  water_heater: ({ schedule, idx, entity, entityId }) => {
    const on = onOffSlot(schedule, idx);
    if (on === null) return { skip: 'the schedule has no intervals' };
    const why = `slot ${idx} element ${on ? 'on' : 'off'}`;
    const domain = domainOf(entityId);
    if (SWITCH_DOMAINS.has(domain)) return { action: switchAction(entity, on, why) };
    if (domain === 'climate' || domain === 'water_heater') {
      // A smart tank: heat to its maximum in "on" slots, hold its minimum otherwise.
      const a = entity.attributes;
      const target = on ? a.max_temp : a.min_temp;
      if (typeof target !== 'number') return { skip: `${entityId} reports no min_temp/max_temp` };
      return {
        action: {
          entityId,
          call: a.temperature === target ? null : { domain, service: 'set_temperature', data: { temperature: target } },
          expect: { kind: 'attr', key: 'temperature', value: target },
          why,
        },
      };
    }
    return { skip: `cannot switch a water heater with a ${domain}.* entity` };
  },
  robot: ({ schedule, idx, entity, entityId }) => {
    const docked = onOffSlot(schedule, idx);
    if (docked === null) return { skip: 'the schedule has no intervals' };
    if (!docked) return { skip: `slot ${idx} leaves the robot free (it is never undocked or started)` };
    const domain = domainOf(entityId);
    if (['docked', 'returning', 'charging'].includes(entity.state))
      return { action: { entityId, call: null, expect: null, why: `slot ${idx} dock: already ${entity.state}` } };
    const service = domain === 'lawn_mower' ? 'dock' : 'return_to_base';
    return { action: { entityId, call: { domain, service }, expect: null, why: `slot ${idx} dock: robot is ${entity.state}` } };
  },
  // Observed only (no schedule).
  solar: null,
  dehumidifier: null,
};

/** True for a type whose plan the add-on applies (false: observed only). */
export const drivesType = (type: ApplianceType): boolean => Boolean(DECIDE_SLOT[type]);

/** True for an appliance whose control entity the add-on drives: active, with a control entity, of a type it drives. */
export const isDriven = (a: HubAppliance): boolean => a.isActive && Boolean(a.entities.entity_id) && drivesType(a.type);

function chargeSlot({ appliance, schedule, idx, entity, lastOn }: SlotInput): SlotDecision {
  const on = onOffSlot(schedule, idx);
  if (on === null) return { skip: 'the schedule has no intervals' };
  return chargeAction(entity, on, appliance, lastOn, `slot ${idx} charge ${on ? 'on' : 'off'}`);
}

/**
 * A battery's slot: charge on in charge slots until `levelReached` (the SOC is at the slot's planned
 * level, features/charge-level.ts); in export slots until the level, a select entity takes its
 * export option (`export_option`, else a forced discharge or export mode) and without one covers
 * the house only; in a slot the plan holds, and in a charge or export slot once the level is
 * reached, a select entity takes `hold_option` when it is set; otherwise (discharge slots, switches,
 * buttons, no hold_option) charge off, i.e. the idle option. `why` names the mode and ends in "on"
 * or "off" (button toggling).
 */
function batterySlot({ appliance, schedule, idx, entity, entityId, lastOn, levelReached }: SlotInput): SlotDecision {
  const mode = batterySlotMode(schedule, idx);
  if (mode === null) return { skip: 'the schedule has no intervals' };
  const moving = mode === 'charge' || mode === 'export';
  const on = mode === 'charge' && !levelReached;
  const exporting = mode === 'export' && !levelReached && takesOptions(entityId) && selectOption(entity, 'export', appliance) !== null;
  const hold = (mode === 'hold' || (moving && levelReached)) && Boolean(appliance.override?.hold_option) && takesOptions(entityId);
  const what =
    moving && levelReached ? `${mode}, planned level reached` : mode === 'export' && !exporting ? 'export, no export option: covering the house only' : mode;
  return chargeAction(entity, on, appliance, lastOn, `slot ${idx} ${what}: charge ${on ? 'on' : 'off'}`, exporting ? 'export' : hold ? 'hold' : 'idle');
}

/**
 * The action for `appliance` in slot `idx` of `schedule`. `lastOn` is the on/off state this hub
 * commanded last (button entities only toggle). `levelReached`: a battery's charge slot has reached
 * its planned level (it holds instead of charging).
 */
export function decideSlot(
  appliance: HubAppliance,
  schedule: Record<string, unknown>,
  idx: number,
  entity: HassEntity | undefined,
  unit: string,
  lastOn: boolean | null = null,
  levelReached = false,
): SlotDecision {
  const entityId = appliance.entities.entity_id;
  if (!entityId) return { skip: 'no control entity' };
  if (!entity) return { skip: `entity ${entityId} does not exist in Home Assistant` };
  if (entity.state === 'unavailable') return { skip: `entity ${entityId} is unavailable` };
  const decide = DECIDE_SLOT[appliance.type];
  if (!decide) return { skip: `${appliance.type} has nothing to apply` };
  return decide({ appliance, schedule, idx, entity, entityId, unit, lastOn, levelReached });
}

/** True when `entity` shows what was commanded. */
export function meetsExpectation(entity: HassEntity, expect: Expectation): boolean {
  if (expect.kind === 'state') return entity.state === expect.value;
  const v = entity.attributes[expect.key];
  return typeof v === 'number' && Math.abs(v - expect.value) < 0.01;
}
