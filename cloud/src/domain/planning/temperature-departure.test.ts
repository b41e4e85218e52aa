import { describe, expect, it } from 'vitest';
import { BAND_95_FROM_80, temperatureDeparts } from './temperature-departure.js';

// Predicted 72 F until slot 10, 70 F from slot 10 on; the 80 % band 1 F below and 2 F above.
const trajectory = Array.from({ length: 48 }, (_, s) => (s < 10 ? 72 : 70));
const ROW = { temp_trajectory: trajectory, trajectory_low_temps: trajectory.map((t) => t - 1), trajectory_high_temps: trajectory.map((t) => t + 2) };

describe('temperatureDeparts', () => {
  it.each([
    ['on the prediction', 5, 72, false],
    ['outside the 80 % band but inside the widened one', 5, 72 - 1.3, false],
    ['below the widened band', 5, 72 - 1.6, true],
    ['above the widened band', 5, 72 + 3.1, true],
    ['between the slot-start and slot-end predictions of a cooling slot', 10, 71.5, false],
    ['below the lower of the two', 10, 70 - 1.6, true],
    ['a slot after the day', 48, 0, false],
  ])('%s', (_, slot, meanF, departs) => {
    expect(temperatureDeparts(ROW, slot, meanF)).toBe(departs);
  });

  it('starts the band of the slot a row was planned from at the temperature the plan started from', () => {
    // Planned at 74 F in slot 10 (no band before it: past), predicted to cool to 70 F by its end.
    const replanned = { ...ROW, from_slot: 10, start_temp_f: 74, trajectory_low_temps: ROW.trajectory_low_temps.map((t, s) => (s < 10 ? null : t)) };
    expect(temperatureDeparts(replanned, 10, 73.5)).toBe(false);
    expect(temperatureDeparts(replanned, 10, 74 + 3.1)).toBe(true);
    expect(temperatureDeparts({ ...ROW, from_slot: 0, start_temp_f: 75 }, 0, 76)).toBe(false);
    expect(temperatureDeparts({ ...ROW, from_slot: 0 }, 0, 76)).toBe(true);
  });

  it('widens each side by the ratio of the normal 95 % and 80 % quantiles', () => {
    expect(BAND_95_FROM_80).toBeCloseTo(1.53, 2);
  });

  it('says nothing about a row without a band (a defaults row, a model without held-out residuals)', () => {
    expect(temperatureDeparts({ temp_trajectory: trajectory }, 5, 50)).toBe(false);
    expect(temperatureDeparts({ temp_trajectory: null, trajectory_low_temps: null, trajectory_high_temps: null }, 5, 50)).toBe(false);
  });
});
