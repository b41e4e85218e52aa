import { describe, expect, it } from 'vitest';
import { dayPlan, planFacts } from './day-plan.js';
import { plannedSetpoints } from './day-view.js';

describe('planFacts', () => {
  it('reads what the row was planned with first', () => {
    expect(planFacts('ev_charger', { max_charge_rate_kw: 11, target_charge_pct: 90, min_charge_pct: 30, deadline_time: '06:30' }, {}, {})).toMatchObject({
      ratedKw: 11,
      targetPct: 90,
      minPct: 30,
      deadlineMinute: 390,
    });
    // A row planned without a deadline keeps none, whatever the constraints say today.
    expect(planFacts('home_battery', { deadline_time: null }, {}, { deadline_time: '07:00' }).deadlineMinute).toBeNull();
  });

  it('falls back to the current config and constraints with the planning defaults', () => {
    expect(planFacts('ev_charger', {}, { max_charge_rate_kw: 9 }, { deadline_time: '07:00' })).toMatchObject({
      ratedKw: 9,
      targetPct: 80,
      minPct: 0,
      deadlineMinute: 420,
    });
    expect(planFacts('water_heater', {}, {}, {})).toMatchObject({ ratedKw: 4.5, minTempF: 120, maxTempF: 140 });
    expect(planFacts('robot', {}, {}, {}).ratedKw).toBe(0.05);
    expect(planFacts('hvac', {}, {}, {}).ratedKw).toBeNull();
  });
});

describe('dayPlan and plannedSetpoints', () => {
  const band = { high_temps: Array<number>(48).fill(76), low_temps: Array<number>(48).fill(70) };

  it('keeps HVAC bands and boolean intervals only', () => {
    const base = { baselineCents: 1, optimizedCents: 1, fromSlot: 0, constraintsUsed: {}, config: {}, constraints: {} };
    const hvac = dayPlan({ ...base, type: 'hvac', highTemps: band.high_temps, lowTemps: band.low_temps, intervals: Array.from({ length: 48 }, (_, i) => i) });
    expect([hvac.highF?.[0], hvac.lowF?.[0], hvac.on]).toEqual([76, 70, null]);
    const on = Array.from({ length: 48 }, (_, i) => i < 3);
    expect(dayPlan({ ...base, type: 'water_heater', highTemps: null, lowTemps: null, intervals: on }).on).toEqual(on);
  });

  it('plans the band middle where a row has no setpoints (defaults rows)', () => {
    expect(plannedSetpoints({ ...band, setpoint_temps: null })?.[0]).toBe(73);
    expect(plannedSetpoints({ ...band, setpoint_temps: Array<number>(48).fill(74.5) })?.[0]).toBe(74.5);
    expect(plannedSetpoints({ setpoint_temps: [1, 2] })).toBeNull();
  });
});
