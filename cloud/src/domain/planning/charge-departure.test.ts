import { describe, expect, it } from 'vitest';
import { CHARGE_REPLAN_MARGIN_PCT, chargeDeparts } from './charge-departure.js';

// Holds 50 % until slot 10, charges to 80 % in slot 10, then holds.
const TRAJECTORY = Array.from({ length: 48 }, (_, s) => (s < 10 ? 50 : 80));

describe('chargeDeparts', () => {
  it.each([
    ['on the trajectory', 5, 50, false],
    ['within the margin below', 5, 50 - CHARGE_REPLAN_MARGIN_PCT, false],
    ['beyond the margin below (drained by an unplanned load)', 5, 39, true],
    ['beyond the margin above', 5, 61, true],
    ['anywhere between the levels of a charging slot', 10, 72, false],
    ['below the start of a charging slot by more than the margin', 10, 35, true],
    ['a slot the plan has no value for', 48, 0, false],
  ])('%s', (_, slot, pct, departs) => {
    expect(chargeDeparts(TRAJECTORY, slot, pct)).toBe(departs);
  });

  it('says nothing about a row without a trajectory', () => {
    expect(chargeDeparts([], 5, 0)).toBe(false);
  });
});
