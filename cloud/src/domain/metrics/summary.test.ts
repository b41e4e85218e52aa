import { describe, expect, it } from 'vitest';
import type { DailyFigures } from './day-metrics.js';
import { dailyEntry, machineCounts, summarize, type StoredDay } from './summary.js';

const EMPTY: DailyFigures = {
  modeledUsd: null,
  realizedUsd: null,
  savingsPct: null,
  peakHoursIdle: null,
  topPeakHoursIdle: null,
  offPeakKwhSharePct: null,
  degreeHours: null,
  percentHours: null,
  inBandHomePct: null,
  conformancePct: null,
  overrideEvents: null,
  overrideByHour: null,
  conformanceDefects: null,
};
const hours = (h: number, n: number) => Array.from({ length: 24 }, (_, i) => (i === h ? n : 0));
const NO_MACHINES = machineCounts([]);

describe('summarize', () => {
  const days: StoredDay[] = [
    {
      ...EMPTY,
      date: '2026-06-01',
      modeledUsd: 1.25,
      realizedUsd: 1,
      savingsPct: 20,
      peakHoursIdle: 6,
      topPeakHoursIdle: 3,
      offPeakKwhSharePct: 80,
      degreeHours: 96,
      inBandHomePct: 90,
      conformancePct: 100,
      overrideEvents: 2,
      overrideByHour: hours(7, 2),
    },
    {
      ...EMPTY,
      date: '2026-06-02',
      modeledUsd: 0.75,
      savingsPct: 10,
      peakHoursIdle: 4.5,
      topPeakHoursIdle: 2,
      offPeakKwhSharePct: 60,
      degreeHours: 100,
      overrideEvents: 1,
      overrideByHour: hours(18, 1),
    },
    { ...EMPTY, date: '2026-06-03', percentHours: 420 },
  ];

  it('sums cumulative figures and means intensities over the days that have them', () => {
    expect(summarize(days, 30, '2026-06-03', NO_MACHINES)).toEqual({
      window: 30,
      latest_date: '2026-06-03',
      days_counted: 3,
      savings: { modeled_usd: 2, realized_usd: 1, savings_pct: 15, degenerate: false, realized_days: 1, modeled_days: 2 },
      peaks: { peak_hours_idle: 10.5, top_peak_hours_idle: 5, off_peak_kwh_share_pct: 70 },
      flexibility: { degree_hours: 98, percent_hours: 420 },
      comfort: { in_band_home_pct: 90 },
      adherence: { conformance_pct: 100, override_events: 3, override_by_hour: hours(7, 2).map((n, h) => n + (h === 18 ? 1 : 0)) },
      machines: NO_MACHINES,
    });
  });

  it('answers nulls and zero counts without history', () => {
    expect(summarize([], 7, null, NO_MACHINES)).toEqual({
      window: 7,
      latest_date: null,
      days_counted: 0,
      savings: { modeled_usd: null, realized_usd: null, savings_pct: null, degenerate: false, realized_days: 0, modeled_days: 0 },
      peaks: { peak_hours_idle: null, top_peak_hours_idle: null, off_peak_kwh_share_pct: null },
      flexibility: { degree_hours: null, percent_hours: null },
      comfort: { in_band_home_pct: null },
      adherence: { conformance_pct: null, override_events: null, override_by_hour: null },
      machines: NO_MACHINES,
    });
  });

  it.each([
    [0, true],
    [-3, true],
    [94.9, false],
    [95, true],
  ])('marks a mean savings percent of %d degenerate: %s', (pct, degenerate) => {
    expect(summarize([{ ...EMPTY, date: '2026-06-01', savingsPct: pct }], 1, '2026-06-01', NO_MACHINES).savings.degenerate).toBe(degenerate);
  });
});

describe('dailyEntry and machineCounts', () => {
  it('answers a stored day with its own degenerate flag', () => {
    expect(dailyEntry({ ...EMPTY, date: '2026-06-01', savingsPct: 96, modeledUsd: 3 })).toEqual({
      date: '2026-06-01',
      savings: { modeled_usd: 3, realized_usd: null, savings_pct: 96, degenerate: true },
      peaks: { peak_hours_idle: null, top_peak_hours_idle: null, off_peak_kwh_share_pct: null },
      flexibility: { degree_hours: null, percent_hours: null },
      comfort: { in_band_home_pct: null },
    });
  });

  it('counts active appliances, by type for the five listed types', () => {
    const a = (appliance_type: string, is_active = true) => ({ appliance_type, is_active });
    expect(machineCounts([a('hvac'), a('hvac', false), a('ev_charger'), a('robot'), a('solar')])).toEqual({
      active: 4,
      by_type: { hvac: 1, ev_charger: 1, home_battery: 0, water_heater: 0, solar: 1 },
    });
  });
});
