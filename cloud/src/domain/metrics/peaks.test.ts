import { describe, expect, it } from 'vitest';
import { offPeakEnergy, offPeakSharePct, peakIdleHours } from './peaks.js';
import { pricePeriods } from './price-slots.js';

const TWO_TIER = pricePeriods(Array.from({ length: 48 }, (_, s) => (s >= 32 && s < 42 ? 30 : 10)));
const FLAT = pricePeriods(Array<number>(48).fill(12));
const runningIn = (slots: number[]) => Array.from({ length: 48 }, (_, s) => slots.includes(s));

describe('peakIdleHours', () => {
  it('counts half an hour per peak slot in which no machine ran', () => {
    // Peak slots 32-41, 0, 1; top 32-37. One machine runs in 33 and 0, another in 40.
    expect(peakIdleHours(TWO_TIER, [runningIn([33, 0]), runningIn([40])])).toEqual({ peakHoursIdle: 4.5, topPeakHoursIdle: 2.5 });
    expect(peakIdleHours(TWO_TIER, [runningIn([])])).toEqual({ peakHoursIdle: 6, topPeakHoursIdle: 3 });
  });

  it('is null on a flat day or without any machine with a source', () => {
    expect(peakIdleHours(FLAT, [runningIn([])])).toBeNull();
    expect(peakIdleHours(TWO_TIER, [])).toBeNull();
  });
});

describe('offPeakSharePct', () => {
  it('shares the machines kWh drawn below the mean price', () => {
    const ev = offPeakEnergy(
      TWO_TIER,
      Array.from({ length: 48 }, (_, s) => (s < 4 ? 3 : 0)),
    );
    const hvac = offPeakEnergy(
      TWO_TIER,
      Array.from({ length: 48 }, (_, s) => (s >= 32 && s < 36 ? 1 : 0)),
    );
    expect([ev, hvac]).toEqual([
      { offPeakKwh: 12, totalKwh: 12 },
      { offPeakKwh: 0, totalKwh: 4 },
    ]);
    expect(offPeakSharePct(TWO_TIER, [ev, hvac])).toBe(75);
  });

  it('is null on a flat day or without energy', () => {
    expect(offPeakSharePct(FLAT, [{ offPeakKwh: 0, totalKwh: 5 }])).toBeNull();
    expect(offPeakSharePct(TWO_TIER, [{ offPeakKwh: 0, totalKwh: 0 }])).toBeNull();
    expect(offPeakSharePct(TWO_TIER, [])).toBeNull();
  });
});
