import { describe, expect, it } from 'vitest';
import { planProblem } from './plan-check.js';

const ok = { baselineCostCents: 10, optimizedCostCents: 8 };

describe('planProblem', () => {
  it('accepts complete plans, null arrays included (HVAC defaults rows)', () => {
    expect(planProblem({ ...ok, schedule: { intervals: Array(48).fill(true), value_trajectory: Array(48).fill(50.5), unit: 'percent' } })).toBeNull();
    expect(planProblem({ ...ok, schedule: { setpoint_temps: null, allocation_order: ['export'], generation_kwh: 0 } })).toBeNull();
    expect(planProblem({ ...ok, schedule: {} })).toBeNull();
  });

  it('names the first hole', () => {
    expect(planProblem({ ...ok, schedule: { setpoint_temps: [72, Number.NaN] } })).toBe('setpoint_temps[1] is not a value');
    expect(planProblem({ ...ok, schedule: { intervals: [true, undefined] } })).toBe('intervals[1] is not a value');
    expect(planProblem({ ...ok, schedule: { generation_kw_48: [1, 2] } })).toBe('generation_kw_48 has 2 slots, not 48');
    expect(planProblem({ ...ok, schedule: { surplus_kwh: Number.POSITIVE_INFINITY } })).toBe('surplus_kwh is not a finite number');
    expect(planProblem({ baselineCostCents: Number.NaN, optimizedCostCents: 1, schedule: {} })).toBe('the plan cost is not a finite number');
  });
});
