// What the add-on publishes to Home Assistant's state machine (pure): per planned appliance a
// sensor with the current slot's action, its reason and the day's plan (48 slots a chart card can
// plot), the home's expected cost today, yesterday's account, and the cloud link. Names and
// attributes follow Home Assistant's conventions. docs/hub-addon.md "Entities".
import type { ApplianceType, DayLedger, SchedulesView, SchedulesViewEntry, SlotReason } from '@offpeak/cloud/contract';

/** One state to write: POST /api/states/<entity_id> with { state, attributes }. */
export interface PublishedEntity {
  entity_id: string;
  state: string;
  attributes: Record<string, unknown>;
}

const ATTRIBUTION = 'Planned by Offpeak';
/** Actions in which the appliance draws or delivers nothing. */
const IDLE_ACTIONS = new Set(['idle', 'away', 'not_planned', 'unknown']);

/** True for an entity this add-on publishes (every id it writes starts so). */
export const isPublishedEntity = (entityId: string): boolean => /^(sensor|binary_sensor)\.offpeak_/.test(entityId);

/** `Living room` -> `living_room`: Home Assistant's object id rules (lower case, a-z 0-9 _). */
export function objectId(name: string): string {
  const id = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return id || 'appliance';
}

/**
 * What a slot that stores energy for later does (`cheapest_left`, `solar_surplus`, `required`,
 * `stored_for`), by type; null for a type whose plans never give those reasons (an HVAC has its
 * own, solar and the dehumidifier are not planned).
 */
const STORING_ACTION: Record<ApplianceType, 'charging' | 'heating' | null> = {
  hvac: null,
  ev_charger: 'charging',
  home_battery: 'charging',
  water_heater: 'heating',
  solar: null,
  dehumidifier: null,
  robot: 'charging',
};

/** A code this build does not know (a newer cloud's) is idle; typed `never`, so a code without its case does not compile. */
function unknownCode(_code: never): string {
  return 'idle';
}

/** What an appliance does in a slot, in one word, from the slot's reason and its type. */
function action(entry: SchedulesViewEntry, reason: SlotReason, index: number): string {
  const s = entry.schedule as Record<string, unknown>;
  switch (reason.code) {
    case 'covers_house':
      return 'discharging';
    case 'exports':
      return 'exporting';
    case 'pre_cool':
      return 'pre_cooling';
    case 'pre_heat':
      return 'pre_heating';
    case 'comfort_edge': {
      const modes = s.mode_schedule as string[] | undefined;
      return modes?.[index] === 'HEAT' ? 'heating' : 'cooling';
    }
    case 'cheapest_left':
    case 'solar_surplus':
    case 'required':
    case 'stored_for':
      return STORING_ACTION[entry.appliance_type] ?? 'idle';
    case 'away':
      return 'away';
    case 'not_planned':
    case 'past':
      return 'not_planned';
    case 'waits_for_cheaper':
    case 'held_for_later':
    case 'at_minimum':
    case 'drifts':
    case 'import_limit':
    case 'nothing_needed':
      return 'idle';
    default:
      return unknownCode(reason.code);
  }
}

/** The entities of the current view at slot `slotIndex`, each slot start given by `slotStart`. */
export function planEntities(args: {
  view: SchedulesView | null;
  slotIndex: number;
  slotStart: (index: number) => string;
  ledger: DayLedger | null;
  isCloudLinked: boolean;
}): PublishedEntity[] {
  const out: PublishedEntity[] = [];
  const taken = new Set<string>();
  for (const entry of args.view?.appliances ?? []) {
    const s = entry.schedule as Record<string, unknown>;
    const reasons = Array.isArray(s.reasons_48) && s.reasons_48.length === 48 ? (s.reasons_48 as SlotReason[]) : null;
    if (!reasons) continue;
    let id = `sensor.offpeak_${objectId(entry.name)}_plan`;
    if (taken.has(id)) id = `sensor.offpeak_${objectId(entry.name)}_${entry.appliance_id.slice(0, 8)}_plan`;
    taken.add(id);
    const now = reasons[args.slotIndex];
    const actions = reasons.map((r, i) => action(entry, r, i));
    const setpoints = Array.isArray(s.setpoint_temps) ? (s.setpoint_temps as (number | null)[]) : null;
    // A cloud that does not list `made` leaves the three attributes empty.
    const made = args.view!.made?.find((m) => m.appliance_id === entry.appliance_id);
    out.push({
      entity_id: id,
      state: actions[args.slotIndex] ?? 'unknown',
      attributes: {
        friendly_name: `${entry.name} plan`,
        icon: 'mdi:calendar-clock',
        attribution: ATTRIBUTION,
        appliance_id: entry.appliance_id,
        appliance_type: entry.appliance_type,
        date: args.view!.date,
        reason: now?.code ?? null,
        price_cents: now?.price_cents ?? null,
        ...(now?.compared_cents !== undefined && { compared_cents: now.compared_cents }),
        ...(now?.compared_at !== undefined && { compared_at: now.compared_at }),
        ...(now?.surplus_kw !== undefined && { surplus_kw: now.surplus_kw }),
        ...(now?.grid_cents !== undefined && { grid_cents: now.grid_cents }),
        ...(setpoints && { setpoint_f: setpoints[args.slotIndex] ?? null }),
        summary: typeof s.summary === 'string' ? s.summary : null,
        // When the plan was made and what started it (an automation can tell a re-plan from the measured state).
        made_at: made?.created_at ?? null,
        trigger: made?.trigger ?? null,
        changes: made?.changes ?? [],
        // The day's plan, one entry per half hour: a chart card plots start against price_cents or on.
        plan: reasons.map((r, i) => ({
          start: args.slotStart(i),
          action: actions[i],
          on: !IDLE_ACTIONS.has(actions[i]!),
          price_cents: r.price_cents,
          reason: r.code,
          ...(setpoints && { setpoint_f: setpoints[i] ?? null }),
        })),
      },
    });
  }
  const home = args.view?.home;
  if (home) {
    out.push({
      entity_id: 'sensor.offpeak_expected_cost_today',
      state: (home.expected_cost_cents / 100).toFixed(2),
      attributes: {
        friendly_name: 'Offpeak expected cost today',
        unit_of_measurement: 'USD',
        device_class: 'monetary',
        icon: 'mdi:cash-clock',
        attribution: ATTRIBUTION,
        date: args.view!.date,
      },
    });
  }
  if (args.ledger) {
    const l = args.ledger;
    out.push({
      entity_id: 'sensor.offpeak_yesterday_cost',
      state: l.actual_cost.toFixed(2),
      attributes: {
        friendly_name: 'Offpeak cost yesterday',
        unit_of_measurement: 'USD',
        device_class: 'monetary',
        icon: 'mdi:cash-check',
        attribution: ATTRIBUTION,
        date: l.date,
        baseline_cost: l.baseline_cost,
        hindsight_cost: l.hindsight_cost,
        saving: l.saving,
        missed_saving: l.missed_saving,
        note: l.note,
      },
    });
  }
  out.push({
    entity_id: 'binary_sensor.offpeak_cloud_link',
    state: args.isCloudLinked ? 'on' : 'off',
    attributes: { friendly_name: 'Offpeak cloud link', device_class: 'connectivity', attribution: ATTRIBUTION },
  });
  return out;
}
