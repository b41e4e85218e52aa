// The simulated house keeps to its plan when the home has a usual day, and leaves it when the
// household's load departs or the car is driven.
import { expect, test } from '@playwright/test';
import { advance, applyPlanSlot, createHouse, householdKw, isCarAway, type House, type HouseAppliance } from './house.js';

const ZONE = 'America/New_York';
const DATE = '2026-11-18';
/** Local midnight of DATE in New York (UTC-5). */
const MIDNIGHT = Date.parse(`${DATE}T05:00:00Z`);
const SLOT = 30 * 60_000;
const BATTERY: HouseAppliance = {
  id: 'b',
  type: 'home_battery',
  config: { capacity_kwh: 10, max_charge_rate_kw: 5, max_discharge_rate_kw: 5, charge_efficiency: 0.95, discharge_efficiency: 0.95 },
};
const EV: HouseAppliance = { id: 'e', type: 'ev_charger', config: { battery_capacity_kwh: 60, max_charge_rate_kw: 7.4, efficiency: 0.9 } };
const USUAL_KW = Array.from({ length: 48 }, () => 1);

function houseWith(appliances: HouseAppliance[], day: Partial<House['days'] extends Map<string, infer D> ? D : never> = {}): House {
  const house = createHouse({ zone: ZONE, seed: 1, usualKw48: USUAL_KW, appliances, startMs: MIDNIGHT });
  house.days.set(DATE, {
    load: Array.from({ length: 48 }, () => ({ kind: 'usual' as const })),
    ev: { leaveSlot: null, returnSlot: null, tripPct: 0 },
    ...day,
  });
  return house;
}

/** Applies slots 0..n-1 of `schedule` at their boundaries and runs the house to the end of slot n-1. */
function live(house: House, a: HouseAppliance, schedule: Record<string, unknown>, n: number): void {
  for (let s = 0; s < n; s++) applyPlanSlot(house, a, schedule, s, MIDNIGHT + s * SLOT);
  advance(house, MIDNIGHT + n * SLOT);
}

// A battery at 50 %: charge to 60 in slot 0, discharge 1 kW for slot 1 (0.5 kWh / 0.95 = 5.26
// points), hold in slot 2.
const PLAN = { intervals: [true, false, false], discharge_intervals: [false, true, false], value_trajectory: [60, 54.74, 54.74] };

test('a battery on a usual day ends each slot at its planned charge', () => {
  const house = houseWith([BATTERY]);
  live(house, BATTERY, PLAN, 1);
  expect(house.level.get('b')).toBeCloseTo(60, 6);
  live(house, BATTERY, PLAN, 3);
  expect(house.level.get('b')).toBeCloseTo(54.74, 1);
});

test('a battery covering an unplanned load falls below its plan', () => {
  const load = Array.from({ length: 48 }, (_, s) => (s === 1 ? { kind: 'above' as const, beyondMarginKw: 1.5 } : { kind: 'usual' as const }));
  const house = houseWith([BATTERY], { load });
  expect(householdKw(house, MIDNIGHT + SLOT + 60_000)).toBeCloseTo(3, 6); // 1 kW usual + 0.5 margin + 1.5
  live(house, BATTERY, PLAN, 3);
  expect(house.level.get('b')).toBeLessThan(54.74 - 10);
});

test('a car charges while plugged in, up to its own limit, and comes home with less charge', () => {
  const on = { intervals: Array.from({ length: 48 }, () => true) };
  const house = houseWith([EV], { ev: { leaveSlot: 14, returnSlot: 34, tripPct: 8 } });
  live(house, EV, on, 2);
  expect(house.level.get('e')).toBeCloseTo(50 + (7.4 * 0.9 * 1 * 100) / 60, 6);
  live(house, EV, on, 14);
  expect(house.level.get('e')).toBe(80);
  live(house, EV, on, 15);
  expect(house.level.get('e')).toBe(72); // the morning trip
  expect(isCarAway(house, MIDNIGHT + 14 * SLOT)).toBe(true);
  live(house, EV, on, 34);
  expect(house.level.get('e')).toBe(72); // no charge while away
  expect(isCarAway(house, MIDNIGHT + 34 * SLOT)).toBe(false);
  live(house, EV, on, 35);
  expect(house.level.get('e')).toBeCloseTo(64 + (7.4 * 0.9 * 0.5 * 100) / 60, 6); // the evening trip, then charging
});
