import { describe, expect, it } from 'vitest';
import { CHARGE_REPLAN_MARGIN_PCT, carChargeIsNews, chargeDeparts } from './charge-departure.js';

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

describe('carChargeIsNews (a car without a plug sensor)', () => {
  it.each([
    ['driven: below the highest of the half hour before', 62, 74, 80, false],
    ['parked after a drive: the half hour flat, the charge moved since the plan', 50, 50, 80, true],
    ['the planned charging did not happen: the charge the plan started from', 50, 50, 50, false],
    ['within a point of the plan start (rounding, standby drain)', 50.6, 50.6, 50, false],
    ['charging late: above the plan start', 60, 60, 50, true],
    ['a plan not started from a reading', 50, 50, null, true],
    ['no reading in the half hour before', 50, null, 80, true],
  ])('%s', (_, pct, highest, planStart, isNews) => {
    expect(carChargeIsNews(pct, highest, planStart)).toBe(isNews);
  });
});
