import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../forecast/hourly-series.js';
import { clearSkyGhiWm2 } from '../solar/irradiance.js';
import { PERFORMANCE_RATIO, type SolarArrayInput } from '../solar/array-forecast.js';
import { sunPosition } from '../solar/sun-position.js';
import { slotDurationsHours, slotStartsUtc } from '../time/slot-grid.js';
import { ALLOCATION_ORDER, planSolar, solarPlanner, type SolarInput } from './solar.js';
import type { DayContext } from './types.js';

const LOCATION = { lat: 33.4, lon: -112.1 }; // Phoenix: no DST
function dayOf(date: string, timeZone: string, exportPrices: number[] | null = null): DayContext {
  const slotStarts = slotStartsUtc(date, timeZone);
  return {
    date,
    timeZone,
    slotStarts,
    slotHours: slotDurationsHours(date, timeZone),
    pricesCentsPerKwh: Array(48).fill(20),
    exportPricesCentsPerKwh: exportPrices,
    outdoorTempF: Array(48).fill(90),
    fromSlot: 0,
  };
}
const DAY = dayOf('2026-06-21', 'America/Phoenix');
const ghiFor = (day: DayContext, location = LOCATION) =>
  day.slotStarts.map((s, i) => clearSkyGhiWm2(sunPosition(new Date(s.getTime() + (day.slotHours[i]! * HOUR_MS) / 2), location.lat, location.lon)));
const IRRADIANCE = { ghiWm2: ghiFor(DAY), dhiWm2: null };
const array = (id: string, over: Partial<SolarArrayInput> = {}): SolarArrayInput => ({
  applianceId: id,
  nameplateKw: 5,
  tiltDegrees: 20,
  azimuthDegrees: 180,
  learned: null,
  recentYield: null,
  ...over,
});
const FIT = {
  yieldKwPerWm2: 0.0045,
  shadingByHour: null,
  rSquared: 0.912345,
  nPairs: 140,
  nDays: 12,
  holdoutRmseKw: 0.21234,
  calculatedAt: new Date('2026-06-20T04:00:00Z'),
};
const input = (over: Partial<SolarInput> = {}): SolarInput => ({ arrays: [array('a1')], location: LOCATION, irradiance: IRRADIANCE, ...over });
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('planSolar', () => {
  it('returns the schedule body of the contract: generation, nothing self-consumed on the first pass, all of it surplus', () => {
    const { schedule, baselineCostCents, optimizedCostCents, missed } = planSolar(DAY, input());
    expect(Object.keys(schedule).sort()).toEqual(
      [
        'allocation_order',
        'export_value_cents',
        'generation_kw_48',
        'generation_kwh',
        'reasons_48',
        'self_consumed_kw_48',
        'self_consumed_kwh',
        'source',
        'summary',
        'surplus_basis',
        'surplus_kw_48',
        'surplus_kwh',
        'unit',
      ].sort(),
    );
    expect(schedule).toMatchObject({
      unit: 'kW',
      source: 'irradiance',
      surplus_basis: 'before_household_base_load',
      allocation_order: [...ALLOCATION_ORDER],
      export_value_cents: null,
    });
    expect(schedule.generation_kw_48).toHaveLength(48);
    expect(schedule.self_consumed_kw_48).toEqual(Array(48).fill(0));
    expect(schedule.surplus_kw_48).toEqual(schedule.generation_kw_48);
    expect(schedule.generation_kw_48[0]).toBe(0);
    expect(Math.max(...schedule.generation_kw_48)).toBeGreaterThan(3);
    expect(Math.max(...schedule.generation_kw_48)).toBeLessThanOrEqual(5 * PERFORMANCE_RATIO * 1.1);
    expect(schedule.generation_kwh).toBeCloseTo(sum(schedule.generation_kw_48) / 2, 2);
    expect(schedule.surplus_kwh).toBe(schedule.generation_kwh);
    expect([baselineCostCents, optimizedCostCents, missed]).toEqual([0, 0, []]);
  });

  it('allocates surplus to planned loads in order: battery, EV, water heater, HVAC, then export', () => {
    const first = planSolar(DAY, input()).schedule;
    const noon = first.generation_kw_48.indexOf(Math.max(...first.generation_kw_48));
    const gen = first.generation_kw_48[noon]!;
    const load = (kw: number) => Array(48).fill(kw);
    const { schedule } = planSolar(DAY, input({ plannedLoadsKw: { home_battery: load(1), ev_charger: load(gen), hvac: load(-2) } }));
    expect(schedule.self_consumed_kw_48[noon]).toBeCloseTo(gen, 3); // battery 1 kW, the EV the rest, HVAC nothing left
    expect(schedule.surplus_kw_48[noon]).toBe(0);
    const small = planSolar(DAY, input({ plannedLoadsKw: { water_heater: load(1), hvac: load(0.5) } })).schedule;
    expect(small.self_consumed_kw_48[noon]).toBe(1.5);
    expect(small.surplus_kw_48[noon]).toBeCloseTo(gen - 1.5, 3);
    expect(small.self_consumed_kw_48[0]).toBe(0); // nothing to give at night
    expect(small.self_consumed_kwh + small.surplus_kwh).toBeCloseTo(small.generation_kwh, 2);
  });

  it('values surplus at the export prices when an export curve is set', () => {
    const day = dayOf('2026-06-21', 'America/Phoenix', Array(48).fill(4));
    const { schedule, constraintsUsed } = planSolar(day, input());
    expect(schedule.export_value_cents).toBeCloseTo(schedule.surplus_kwh * 4, 1);
    expect(constraintsUsed.a1!.export_rates_set).toBe(true);
  });

  it('reports the weakest tier across arrays and each array in constraints_used', () => {
    const arrays = [array('learned', { learned: FIT }), array('plain', { nameplateKw: 3.5, tiltDegrees: 30, azimuthDegrees: 240 })];
    const { schedule, constraintsUsed } = planSolar(DAY, input({ arrays }));
    expect(schedule.source).toBe('irradiance');
    expect(constraintsUsed).toEqual({
      learned: {
        nameplate_kw: 5,
        tilt_degrees: 20,
        azimuth_degrees: 180,
        yield_kw_per_wm2: 0.0045,
        yield_source: 'learned',
        shading_applied: false,
        model_fit: { r_squared: 0.912, n_pairs: 140, n_days: 12, holdout_rmse_kw: 0.212, calculated_at: '2026-06-20T04:00:00.000Z' },
        irradiance_peak_wm2: expect.any(Number),
        export_rates_set: false,
      },
      plain: {
        nameplate_kw: 3.5,
        tilt_degrees: 30,
        azimuth_degrees: 240,
        yield_kw_per_wm2: 0.0028,
        yield_source: 'irradiance',
        shading_applied: false,
        model_fit: null,
        irradiance_peak_wm2: expect.any(Number),
        export_rates_set: false,
      },
    });
    expect(constraintsUsed.learned!.irradiance_peak_wm2).toBeGreaterThan(800);
    expect(planSolar(DAY, input({ arrays: [array('l', { learned: FIT })] })).schedule.source).toBe('learned');
  });

  it('falls to the nameplate tier without irradiance, where a learned fit is not used', () => {
    const { schedule, constraintsUsed } = planSolar(DAY, input({ arrays: [array('a1', { learned: FIT })], irradiance: null }));
    expect(schedule.source).toBe('nameplate');
    expect(constraintsUsed.a1).toMatchObject({ yield_source: 'nameplate', yield_kw_per_wm2: null, model_fit: null, irradiance_peak_wm2: null });
    expect(schedule.generation_kwh).toBeGreaterThan(10);
  });

  it('gives an empty account zeros', () => {
    const { schedule, constraintsUsed } = planSolar(DAY, input({ arrays: [] }));
    expect(schedule).toMatchObject({ generation_kwh: 0, surplus_kwh: 0, source: 'nameplate' });
    expect(constraintsUsed).toEqual({});
  });

  it('integrates energy over real slot lengths on a DST day', () => {
    const day = dayOf('2026-03-08', 'America/Denver');
    const denver = { lat: 39.7, lon: -105 };
    const { schedule } = planSolar(day, input({ location: denver, irradiance: { ghiWm2: ghiFor(day, denver), dhiWm2: null } }));
    expect(schedule.generation_kw_48).toHaveLength(48);
    const kwh = schedule.generation_kw_48.reduce((s, kw, i) => s + kw * day.slotHours[i]!, 0);
    expect(schedule.generation_kwh).toBeCloseTo(kwh, 2);
  });

  it('is the registered planner', () => {
    expect(solarPlanner(DAY, input())).toEqual(planSolar(DAY, input()));
  });
});
