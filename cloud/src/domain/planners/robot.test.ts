import { describe, expect, it } from 'vitest';
import { slotDurationsHours } from '../time/slot-grid.js';
import { planRobot, robotPlanner } from './robot.js';
import type { RobotInput } from './types.js';
import { day, flat, priced, range, block, on } from './planner-fixtures.test-support.js';

// 1 kWh, 0.2 kW dock: 10 % a slot. Tasks 10:00-12:00 (slots 20-23), using 100 - 20 = 80 % over them.
const VACUUM: RobotInput = { socPct: 50, capacityKwh: 1, maxChargeRateKw: 0.2, targetPct: 100, minPct: 20, tasksWindow: { startMinute: 600, endMinute: 720 } };
const CHEAP_MORNING = priced(30, block(2, 6, 5));

describe('planRobot', () => {
  it("docks in the cheapest slots before the window, then charges for tomorrow's window", () => {
    const r = planRobot(day(CHEAP_MORNING), VACUUM);
    // Today: 5 slots at 5 c. After the window, 80 % for tomorrow's: tomorrow's 5 slots at 5 c (priced
    // like today's) and 3 at 30 c, the earliest first.
    expect(on(r.schedule.intervals)).toEqual([...range(2, 6), 24, 25, 26]);
    expect(r.schedule.value_trajectory.slice(18, 27)).toEqual([100, 100, 80, 60, 40, 20, 30, 40, 50]);
    expect(r.schedule.value_trajectory[47]).toBe(50);
    expect(r.optimizedCostCents).toBeCloseTo(5 * 0.1 * 5 + 3 * 0.1 * 30 + 5 * 0.1 * 5, 9);
    // Charge whenever docked: slots 0-4 (two at 30 c, three at 5 c) and 24-31 at 30 c.
    expect(r.baselineCostCents).toBeCloseTo(0.1 * (2 * 30 + 3 * 5) + 8 * 0.1 * 30, 9);
    expect(r.schedule.unit).toBe('percent');
    expect(r.missed).toEqual([]);
  });

  it('keeps off the dock through a window that wraps midnight', () => {
    const r = planRobot(day(priced(30, block(10, 19, 8))), { ...VACUUM, socPct: 60, tasksWindow: { startMinute: 22 * 60, endMinute: 2 * 60 } });
    // Away in slots 0-3 and 44-47 (8 slots, 10 % each): 60 -> 20 % by 02:00, then 8 charging slots before 22:00.
    expect(r.schedule.value_trajectory.slice(0, 4)).toEqual([50, 40, 30, 20]);
    expect(on(r.schedule.intervals)).toEqual(range(10, 17));
    expect(r.schedule.value_trajectory.slice(43)).toEqual([100, 90, 80, 70, 60]);
    expect(r.missed).toEqual([]);
  });

  it.each([
    ['with no tasks window the target applies at midnight', null, 50, range(2, 6)],
    ['already at the target it stays off the dock until it is needed', { startMinute: 600, endMinute: 720 }, 100, [24, 25, 26]],
  ] as const)('%s', (_name, tasksWindow, socPct, slots) => {
    const r = planRobot(day(CHEAP_MORNING), { ...VACUUM, socPct, tasksWindow });
    expect(on(r.schedule.intervals)).toEqual(slots);
    expect(r.missed).toEqual([]);
  });

  it('reports the target short when the window starts too soon, and the minimum it then falls below', () => {
    const r = planRobot(day(flat(30)), { ...VACUUM, socPct: 30, tasksWindow: { startMinute: 60, endMinute: 180 } });
    // Slots 0-1 only: 50 % when it leaves at 01:00, then 20 % a slot away: 30 % after the window.
    expect(on(r.schedule.intervals).slice(0, 2)).toEqual([0, 1]);
    expect(r.schedule.value_trajectory.slice(0, 6)).toEqual([40, 50, 30, 10, 0, 0]);
    expect(r.missed).toEqual([
      { limit: 'min_charge_pct', message: 'falls to 0 %, below the 20 % minimum', achieved: 0 },
      { limit: 'target_charge_pct', message: 'reaches 50 % by 01:00, short of the 100 % target', achieved: 50 },
    ]);
  });

  it('holds the slots before the plan start and drains from the current state when planned during the window', () => {
    const r = planRobot(day(CHEAP_MORNING, { fromSlot: 21 }), { ...VACUUM, socPct: 80 });
    expect(r.schedule.value_trajectory.slice(0, 24)).toEqual([...Array(21).fill(80), 60, 40, 20]);
    expect(on(r.schedule.intervals).every((i) => i >= 24)).toBe(true);
  });

  it('charges nothing without a dock rate and reports the target missed', () => {
    const r = planRobot(day(CHEAP_MORNING), { ...VACUUM, socPct: 100, maxChargeRateKw: 0 });
    expect(on(r.schedule.intervals)).toEqual([]);
    expect(r.missed.map((m) => m.limit)).toEqual(['target_charge_pct']);
  });

  it.each([
    ['spring forward', '2026-03-08'],
    ['fall back', '2026-11-01'],
  ])('never charges in a slot a %s day skips and counts the long one in full (%s)', (_name, date) => {
    const slotHours = slotDurationsHours(date, 'America/New_York');
    const r = planRobot(day(priced(30, block(2, 6, 5)), { slotHours }), VACUUM);
    for (const i of on(r.schedule.intervals)) expect(slotHours[i]).toBeGreaterThan(0);
    expect(r.schedule.value_trajectory[19]).toBe(100);
  });

  it('is the registry entry', () => {
    expect(robotPlanner).toBe(planRobot);
  });
});
