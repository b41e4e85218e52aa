import { describe, expect, it } from 'vitest';
import type { AccountDayInput, DayPlan, MachineDayInput, SlotReadings } from './day-input.js';
import { dayMetrics } from './day-metrics.js';
import { pricePeriods } from './price-slots.js';

const HOURS = Array<number>(48).fill(0.5);
/** 10 c/kWh, 30 c/kWh in 16:00-21:00 (slots 32-41); off-peak = the 10 c slots, peak quarter = 32-41 then 0-1. */
const PRICES = Array.from({ length: 48 }, (_, s) => (s >= 32 && s < 42 ? 30 : 10));
const FACTS = { ratedKw: null, minTempF: null, maxTempF: null, targetPct: null, minPct: null, deadlineMinute: null };

const day = (machines: MachineDayInput[]): AccountDayInput => ({ pricesCentsPerKwh: PRICES, pricePeriods: pricePeriods(PRICES), slotHours: HOURS, machines });
const readings = (over: Partial<SlotReadings>): SlotReadings => ({
  powerW: Array<number | null>(48).fill(null),
  indoorF: Array<number | null>(48).fill(null),
  actionCount: Array<number>(48).fill(0),
  runningCount: Array<number>(48).fill(0),
  ...over,
});
const hvacPlan = (over: Partial<DayPlan> = {}): DayPlan => ({
  baselineCents: 400,
  optimizedCents: 300,
  fromSlot: 0,
  highF: Array<number>(48).fill(74),
  lowF: Array<number>(48).fill(70),
  on: null,
  facts: FACTS,
  ...over,
});
const at = (h: number) => new Date(Date.UTC(2026, 5, 1, h));

describe('dayMetrics', () => {
  it('stores no day without any plan or reading', () => {
    expect(dayMetrics(day([{ applianceId: 'h', type: 'hvac', readings: null, adherence: null, plan: null }]))).toBeNull();
  });

  it('works out every figure of a metered HVAC and a planned EV', () => {
    // HVAC: 2 kW in slots 20-31 (10:00-16:00), 0 W otherwise, all 48 slots metered; indoor 72 F
    // except 76 F in slots 32-35; 8 readings judged, 6 conforming; one override at 18:00.
    const powerW = Array.from({ length: 48 }, (_, s) => (s >= 20 && s < 32 ? 2000 : 0));
    const indoorF = Array.from({ length: 48 }, (_, s) => (s >= 32 && s < 36 ? 76 : 72));
    const override = { start: at(18), end: at(18), startHour: 18, readings: 2 };
    const hvac: MachineDayInput = {
      applianceId: 'h',
      type: 'hvac',
      readings: readings({ powerW, indoorF }),
      adherence: { considered: 8, conforming: 6, canShowOverrides: true, overrides: [override], defects: [] },
      plan: hvacPlan(),
    };
    // EV: planned on in slots 2-5 at 7.2 kW, band 80/20 % until 07:00.
    const on = Array.from({ length: 48 }, (_, s) => s >= 2 && s < 6);
    const ev: MachineDayInput = {
      applianceId: 'e',
      type: 'ev_charger',
      readings: null,
      adherence: null,
      plan: hvacPlan({
        baselineCents: 100,
        optimizedCents: 60,
        highF: null,
        lowF: null,
        on,
        facts: { ...FACTS, ratedKw: 7.2, targetPct: 80, minPct: 20, deadlineMinute: 420 },
      }),
    };
    const result = dayMetrics(day([hvac, ev]))!;

    // Modeled: (400 - 300) + (100 - 60) = 140 c; 140 / 500 = 28 %.
    // Realized (metered HVAC only): 400 - 12 slots * 1 kWh * 10 c = 280 c.
    // Peak quarter 32-41, 0, 1: both machines idle there (EV runs 2-5) -> 12 slots = 6 h; top 6 -> 3 h.
    // Energy: HVAC 12 kWh, EV 4 * 3.6 = 14.4 kWh, all in 10 c slots -> 100 % off-peak.
    // Degree-hours: HVAC 4 F * 24 h = 96; percent-hours: 60 % * 7 h = 420. In band: 44 of 48 slots.
    expect(result.account).toEqual({
      modeledUsd: 1.4,
      realizedUsd: 2.8,
      savingsPct: 28,
      peakHoursIdle: 6,
      topPeakHoursIdle: 3,
      offPeakKwhSharePct: 100,
      degreeHours: 96,
      percentHours: 420,
      inBandHomePct: 91.7,
      conformancePct: 75,
      overrideEvents: 1,
      overrideByHour: Array.from({ length: 24 }, (_, h) => (h === 18 ? 1 : 0)),
      conformanceDefects: 0,
    });
    expect(result.machines).toEqual([
      {
        applianceId: 'h',
        type: 'hvac',
        activitySource: 'metered',
        powerCoveragePct: 100,
        kwh: 12,
        offPeakKwh: 12,
        modeledUsd: 1,
        realizedUsd: 2.8,
        degreeHours: 96,
        percentHours: null,
        inBandPct: 91.7,
        conformancePct: 75,
        overrideEvents: 1,
        conformanceDefects: 0,
      },
      {
        applianceId: 'e',
        type: 'ev_charger',
        activitySource: 'planned',
        powerCoveragePct: 0,
        kwh: 14.4,
        offPeakKwh: 14.4,
        modeledUsd: 0.4,
        realizedUsd: null,
        degreeHours: null,
        percentHours: 420,
        inBandPct: null,
        conformancePct: null,
        overrideEvents: null,
        conformanceDefects: null,
      },
    ]);
  });

  it('counts a machine running at the peak and measures realized cost from the plan slot on', () => {
    const powerW = Array.from({ length: 48 }, (_, s) => (s === 33 || s === 40 ? 1000 : 0));
    const hvac: MachineDayInput = {
      applianceId: 'h',
      type: 'hvac',
      readings: readings({ powerW }),
      adherence: null,
      plan: hvacPlan({ fromSlot: 34, baselineCents: 100 }),
    };
    const { account } = dayMetrics(day([hvac]))!;
    // Slots 33 and 40 are in the peak quarter and among the top 6 only for 33: 10 of 12 idle, 5 of 6.
    expect([account.peakHoursIdle, account.topPeakHoursIdle]).toEqual([5, 2.5]);
    // Measured from slot 34: slot 40 only, 0.5 kWh * 30 c = 15 c; 100 - 15 = 85 c.
    expect(account.realizedUsd).toBe(0.85);
    expect(account.offPeakKwhSharePct).toBe(0);
    // Without adherence data: no overrides known, no histogram.
    expect([account.overrideEvents, account.overrideByHour, account.conformancePct]).toEqual([null, null, null]);
  });

  it('leaves modeled savings and the percent null when no plan has a baseline cost (a defaults row)', () => {
    const hvac: MachineDayInput = { applianceId: 'h', type: 'hvac', readings: null, adherence: null, plan: hvacPlan({ baselineCents: 0, optimizedCents: 0 }) };
    const { account } = dayMetrics(day([hvac]))!;
    expect([account.modeledUsd, account.savingsPct, account.realizedUsd, account.degreeHours]).toEqual([null, null, null, 96]);
    expect([account.peakHoursIdle, account.offPeakKwhSharePct]).toEqual([null, null]);
  });
});
