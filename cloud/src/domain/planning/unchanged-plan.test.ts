import { describe, expect, it } from 'vitest';
import { isUnchangedPlan, sameJson } from './unchanged-plan.js';

const row = {
  schedule: { intervals: [0, 1], setpoint_temps: [72, 73.5], unit: 'f' },
  source: 'optimization',
  mode: 'cool',
  missed: [],
  estimated_savings_pct: 12.5,
  model_confidence: 0.8,
  baseline_cost_cents: 210,
  optimized_cost_cents: 180,
  savings_pct: 14.3,
  from_slot: 20,
  constraints_used: { pricing_source: 'zone', start_temp_f: 74 },
};

describe('isUnchangedPlan', () => {
  it('is true for the same plan whatever the key order, false for any applied difference or no previous row', () => {
    expect(isUnchangedPlan(row, { ...row, schedule: { unit: 'f', setpoint_temps: [72, 73.5], intervals: [0, 1] } })).toBe(true);
    expect(isUnchangedPlan(row, { ...row, schedule: { ...row.schedule, setpoint_temps: [72, 73] } })).toBe(false);
    expect(isUnchangedPlan(row, { ...row, source: 'defaults' })).toBe(false);
    expect(isUnchangedPlan(row, { ...row, mode: 'heat' })).toBe(false);
    expect(isUnchangedPlan(row, { ...row, missed: [{ limit: 'deadline' }] })).toBe(false);
    expect(isUnchangedPlan(row, { ...row, from_slot: 21 })).toBe(false);
    expect(isUnchangedPlan(row, { ...row, optimized_cost_cents: 170 })).toBe(false);
    expect(isUnchangedPlan(row, { ...row, constraints_used: { pricing_source: 'dynamic', start_temp_f: 74 } })).toBe(false);
    expect(isUnchangedPlan(undefined, row)).toBe(false);
  });

  it('compares JSON values deeply', () => {
    expect(sameJson({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
  });
});
