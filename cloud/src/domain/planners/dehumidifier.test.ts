import { describe, expect, it } from 'vitest';
import { slotDurationsHours, slotStartsUtc } from '../time/slot-grid.js';
import { dehumidifierPlanner, planDehumidifier } from './dehumidifier.js';
import type { DayContext } from './types.js';

const day: DayContext = {
  date: '2026-07-15',
  timeZone: 'America/New_York',
  slotStarts: slotStartsUtc('2026-07-15', 'America/New_York'),
  slotHours: slotDurationsHours('2026-07-15', 'America/New_York'),
  pricesCentsPerKwh: Array(48).fill(15),
  exportPricesCentsPerKwh: null,
  outdoorTempF: Array(48).fill(85),
  fromSlot: 0,
};

describe('planDehumidifier', () => {
  it('observes only: a schedule of reasons alone that costs and misses nothing', () => {
    expect(planDehumidifier(day, {})).toEqual({
      schedule: {
        reasons_48: Array.from({ length: 48 }, () => ({ code: 'not_planned', price_cents: null })),
        summary: expect.stringContaining('Observed only'),
      },
      baselineCostCents: 0,
      optimizedCostCents: 0,
      missed: [],
    });
    expect(dehumidifierPlanner(day, {})).toEqual(planDehumidifier(day, {}));
  });
});
