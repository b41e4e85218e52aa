// The storage and the household load of a simulated add-on home: what its battery, car, water
// heater and whole-home sensor would show. The add-on sets each appliance's mode at a slot
// boundary; the house runs in it, continuously, until the next. A battery follows its plan as the
// cloud's execution rule says (cloud/src/domain/planners/home-battery.md "Execution": charge up to
// the planned level within the rate, cover the house's real load, export, or hold); a car charges while
// it is plugged in; the load and the car's trips depart from the plan as house-drift.ts draws them.
import { batterySlotMode, localSlotAt, nextBoundaryMs, onOffSlot } from '@offpeak/hub-addon/testing';
import { dayRandom, evDay, halfHourKw, isAway, loadDay, type EvDay, type HalfHourLoad } from './house-drift.js';

const HOUR = 3_600_000;
/** The battery's own reserve: it never delivers below the plan's default minimum. */
export const BATTERY_RESERVE_PCT = 10;
/** The car's own charge limit: the plan's default target. */
export const EV_CHARGE_LIMIT_PCT = 80;

export interface HouseAppliance {
  id: string;
  type: string;
  config: Record<string, unknown>;
}

/** What the add-on set an appliance to do. */
type Mode = { kind: 'off' } | { kind: 'on' } | { kind: 'charge'; toPct: number } | { kind: 'discharge' } | { kind: 'export' } | { kind: 'hold' };

export interface House {
  zone: string;
  seed: number;
  /** The home's usual day, kW per local slot: the profile the cloud plans with. */
  usualKw48: readonly number[];
  appliances: HouseAppliance[];
  /** Charge % (battery, car) or tank temperature F (water heater), per appliance id. */
  level: Map<string, number>;
  mode: Map<string, Mode>;
  /** Whether each car was away when the house last ran. */
  away: Map<string, boolean>;
  /** Simulated instant the house has run to. */
  atMs: number;
  days: Map<string, { load: HalfHourLoad[]; ev: EvDay }>;
}

const num = (config: Record<string, unknown>, key: string) => config[key] as number;

export function createHouse(opts: { zone: string; seed: number; usualKw48: readonly number[]; appliances: HouseAppliance[]; startMs: number }): House {
  return {
    ...opts,
    level: new Map(opts.appliances.filter((a) => a.type !== 'hvac').map((a) => [a.id, a.type === 'water_heater' ? 120 : 50])),
    mode: new Map(),
    away: new Map(),
    atMs: opts.startMs,
    days: new Map(),
  };
}

/** The home's draws for a local date (its load's half hours, its car's trips). */
function dayOf(house: House, date: string): { load: HalfHourLoad[]; ev: EvDay } {
  let day = house.days.get(date);
  if (!day) {
    const random = dayRandom(house.seed, date);
    const ev = house.appliances.find((a) => a.type === 'ev_charger');
    day = { load: loadDay(random), ev: evDay(random, ev ? num(ev.config, 'battery_capacity_kwh') : 60) };
    house.days.set(date, day);
  }
  return day;
}

/** The household's own load at `ms`, kW: its half hour's level (planned appliances not included). */
export function householdKw(house: House, ms: number): number {
  const slot = localSlotAt(ms, house.zone);
  return halfHourKw(house.usualKw48[slot.index]!, dayOf(house, slot.date).load[slot.index]!);
}

/** True while the car is away at `ms` (unplugged). */
export function isCarAway(house: House, ms: number): boolean {
  const slot = localSlotAt(ms, house.zone);
  return isAway(dayOf(house, slot.date).ev, slot.index);
}

/** Runs the house in its current modes up to `toMs`, one slot at a time. */
export function advance(house: House, toMs: number): void {
  while (house.atMs < toMs) {
    const slot = localSlotAt(house.atMs, house.zone);
    const end = Math.min(nextBoundaryMs(house.atMs, house.zone), toMs);
    const hours = (end - house.atMs) / HOUR;
    const day = dayOf(house, slot.date);
    const loadKw = halfHourKw(house.usualKw48[slot.index]!, day.load[slot.index]!);
    for (const a of house.appliances) {
      if (a.type === 'hvac') continue;
      const level = house.level.get(a.id)!;
      const mode = house.mode.get(a.id) ?? { kind: 'off' };
      house.level.set(a.id, nextLevel(house, a, level, mode, hours, loadKw, isAway(day.ev, slot.index)));
    }
    house.atMs = end;
  }
}

function nextLevel(house: House, a: HouseAppliance, level: number, mode: Mode, hours: number, loadKw: number, carAway: boolean): number {
  const c = a.config;
  if (a.type === 'water_heater') return Math.min(140, Math.max(60, level + (mode.kind === 'on' ? 48 : -6) * hours));
  if (a.type === 'ev_charger') {
    // Each trip's charge is taken as the car leaves and as it comes back.
    const wasAway = house.away.get(a.id) ?? false;
    house.away.set(a.id, carAway);
    const trip = wasAway !== carAway ? dayOf(house, localSlotAt(house.atMs, house.zone).date).ev.tripPct : 0;
    const gain = mode.kind === 'on' && !carAway ? ((num(c, 'max_charge_rate_kw') * num(c, 'efficiency') * hours) / num(c, 'battery_capacity_kwh')) * 100 : 0;
    return Math.max(0, Math.min(Math.max(level, EV_CHARGE_LIMIT_PCT), level + gain) - trip);
  }
  const capacity = num(c, 'capacity_kwh');
  if (mode.kind === 'charge') {
    const gain = ((num(c, 'max_charge_rate_kw') * num(c, 'charge_efficiency') * hours) / capacity) * 100;
    return level >= mode.toPct ? level : Math.min(mode.toPct, level + gain);
  }
  if ((mode.kind !== 'discharge' && mode.kind !== 'export') || level <= BATTERY_RESERVE_PCT) return level;
  // Discharging covers the house; exporting runs at the full rate, the house first.
  const deliveredKw = mode.kind === 'export' ? num(c, 'max_discharge_rate_kw') : Math.min(loadKw, num(c, 'max_discharge_rate_kw'));
  const drawn = ((deliveredKw * hours) / num(c, 'discharge_efficiency') / capacity) * 100;
  return Math.max(BATTERY_RESERVE_PCT, level - drawn);
}

/**
 * Sets the appliance's mode for slot `index` from its schedule (the house runs up to now first);
 * false when the schedule has no value for the slot.
 */
export function applyPlanSlot(house: House, a: HouseAppliance, schedule: Record<string, unknown>, index: number, nowMs: number): boolean {
  advance(house, nowMs);
  if (a.type === 'home_battery') {
    const mode = batterySlotMode(schedule, index);
    if (mode === null) return false;
    const planned = (schedule.value_trajectory as unknown[] | undefined)?.[index];
    house.mode.set(a.id, mode === 'charge' ? { kind: 'charge', toPct: typeof planned === 'number' ? planned : 100 } : { kind: mode });
    return true;
  }
  const on = onOffSlot(schedule, index);
  if (on !== null) house.mode.set(a.id, { kind: on ? 'on' : 'off' });
  return on !== null;
}
