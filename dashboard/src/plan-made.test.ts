import { describe, expect, it } from 'vitest';
import { planMadeWhy } from './plan-made.js';

describe('planMadeWhy', () => {
  it('says a re-plan from the measured state is the home departing from the plan', () => {
    expect(planMadeWhy({ trigger: 'debounced', changes: ['measured_charge'] })).toBe("Re-planned because a battery's or car's charge was off the plan.");
  });

  it('names every change that a debounced re-plan gathered', () => {
    expect(planMadeWhy({ trigger: 'debounced', changes: ['rates', 'prices', 'measured_solar'] })).toBe(
      'Re-planned because your tariff changed, new market prices were published and solar production was off the forecast.',
    );
  });

  it('says the nightly run and a recompute asked for, and a re-plan whose changes are not recorded', () => {
    expect(planMadeWhy({ trigger: 'nightly', changes: [] })).toBe('The nightly plan for the day.');
    expect(planMadeWhy({ trigger: 'recompute', changes: [] })).toBe('A new plan was asked for.');
    expect(planMadeWhy({ trigger: 'debounced', changes: [] })).toBe('Re-planned after a change.');
  });
});
