import { describe, expect, it } from 'vitest';
import type { ApplianceLedger } from './appliance-day.js';
import { dayLedger, forecastError } from './day-ledger.js';

const NO_ERRORS = { household_load_kw: null, solar_kw: null, hvac_temperature_f: null };
const line = (ledger: Partial<ApplianceLedger>) => ({
  appliance_id: 'a',
  appliance_type: 'ev_charger',
  name: 'Car',
  ledger: { actualCents: 100, baselineCents: 200, hindsightCents: 80, basis: 'readings' as const, baseline: 'charging on arrival', note: null, ...ledger },
});

describe('forecastError', () => {
  it('is the mean absolute error and bias over the slots with both sides', () => {
    expect(forecastError([1, 2, 3, null], [2, null, 1, 5])).toEqual({ mae: 1.5, bias: 0.5, slots: 2 });
    expect(forecastError(null, [1])).toBeNull();
    expect(forecastError([1], [null])).toBeNull();
  });
});

describe('dayLedger', () => {
  it('sums the appliances and the household line; a missing hindsight counts at the actual cost', () => {
    const l = dayLedger('2026-07-14', [line({}), line({ actualCents: 50, baselineCents: 60, hindsightCents: null })], 1000, NO_ERRORS);
    expect(l).toMatchObject({ actual_cost: 11.5, baseline_cost: 12.6, hindsight_cost: 11.3, saving: 1.1, missed_saving: 0.2, household_cost: 10, note: null });
  });

  it('never shows a negative saving without its reason', () => {
    const dearer = dayLedger('2026-07-14', [line({ actualCents: 300, baselineCents: 200, hindsightCents: 150 })], null, {
      ...NO_ERRORS,
      household_load_kw: { mae: 0.4, bias: 0.1, slots: 48 },
    });
    expect(dearer.saving).toBe(-1);
    expect(dearer.note).toBe(
      'Cost more than without Offpeak: Car: Cost more than the baseline: the day differed from its forecast (hindsight costs 1.50 $); household load off by 0.4 kW on average.',
    );
    const limited = dayLedger('2026-07-14', [line({ actualCents: 300, baselineCents: 200, hindsightCents: 250 })], null, NO_ERRORS);
    expect(limited.appliances[0]!.note).toMatch(/even perfect hindsight costs more than the baseline/);
  });
});
