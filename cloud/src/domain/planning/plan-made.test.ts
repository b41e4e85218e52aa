import { describe, expect, it } from 'vitest';
import { planningChangesOf } from './plan-made.js';

describe('planningChangesOf', () => {
  it("keeps a job's known reasons in the contract's order, once each", () => {
    expect(planningChangesOf(['measured_charge', 'prices', 'weather', 'prices'])).toEqual(['weather', 'prices', 'measured_charge']);
  });

  it('drops a reason the contract does not list, so a row never carries a value its schema refuses', () => {
    expect(planningChangesOf(['measured_state'])).toEqual([]);
    expect(planningChangesOf(['measured_state', 'constraints'])).toEqual(['constraints']);
  });
});
