import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../forecast/hourly-series.js';
import { slotDurationsHours, slotStartsUtc } from '../time/slot-grid.js';
import { clearSkyGhiWm2, planeOfArrayWm2 } from './irradiance.js';
import { DEFAULT_TILT_DEGREES, forecastArray, PERFORMANCE_RATIO, solarArrayFromConfig, TYPICAL_SKY_FRACTION, type SolarArrayInput } from './array-forecast.js';
import { sunPosition } from './sun-position.js';
import type { SolarYieldFit } from './yield-fit.js';

const TZ = 'America/Denver';
const DATE = '2026-06-21';
const starts = slotStartsUtc(DATE, TZ);
const hours = slotDurationsHours(DATE, TZ);
const suns = starts.map((s, i) => sunPosition(new Date(s.getTime() + (hours[i]! * HOUR_MS) / 2), 39.7, -105));
const ARRAY: SolarArrayInput = { applianceId: 'a1', nameplateKw: 6, tiltDegrees: 25, azimuthDegrees: 180, learned: null, recentYield: null };
const GHI = suns.map((sun) => Math.round(clearSkyGhiWm2(sun) * 0.8));
const poa = (array: SolarArrayInput, i: number) => planeOfArrayWm2(GHI[i]!, null, suns[i]!, array);
const fit: SolarYieldFit = {
  yieldKwPerWm2: 0.005,
  shadingByHour: Array.from({ length: 24 }, (_, h) => (h >= 16 ? 0.5 : 1)),
  rSquared: 0.9,
  nPairs: 120,
  nDays: 12,
  holdoutRmseKw: 0.3,
  calculatedAt: new Date('2026-06-20T04:00:00Z'),
};

describe('solarArrayFromConfig', () => {
  it('applies the documented defaults: south, a 20 degree roof, no nameplate', () => {
    expect(solarArrayFromConfig('a1', {}, null, null)).toEqual({
      applianceId: 'a1',
      nameplateKw: 0,
      tiltDegrees: DEFAULT_TILT_DEGREES,
      azimuthDegrees: 180,
      learned: null,
      recentYield: null,
    });
    expect(solarArrayFromConfig('a2', { system_size_kw: 7.2, tilt_degrees: 30, azimuth_degrees: 200, production_sensor_entity_id: null }, fit, null)).toEqual({
      applianceId: 'a2',
      nameplateKw: 7.2,
      tiltDegrees: 30,
      azimuthDegrees: 200,
      learned: fit,
      recentYield: null,
    });
  });
});

describe('forecastArray', () => {
  it('without an irradiance forecast uses the nameplate tier: a typical sky on the clear-sky model', () => {
    const f = forecastArray(ARRAY, suns, null);
    expect(f).toMatchObject({ tier: 'nameplate', yieldKwPerWm2: null, peakPoaWm2: null, shadingApplied: false });
    const noon = 25; // 12:30 MDT, near solar noon
    const typical = planeOfArrayWm2(clearSkyGhiWm2(suns[noon]!) * TYPICAL_SKY_FRACTION, null, suns[noon]!, ARRAY);
    expect(f.generationKw[noon]).toBeCloseTo((6 * PERFORMANCE_RATIO * typical) / 1000, 9);
    expect(f.generationKw[4]).toBe(0); // night
  });

  it('with irradiance uses nameplate x performance ratio per W/m2 on the plane', () => {
    const f = forecastArray(ARRAY, suns, { ghiWm2: GHI, dhiWm2: null });
    const yieldKw = (6 * PERFORMANCE_RATIO) / 1000;
    expect(f.tier).toBe('irradiance');
    expect(f.yieldKwPerWm2).toBeCloseTo(yieldKw, 12);
    f.generationKw.forEach((kw, i) => expect(kw).toBeCloseTo(yieldKw * poa(ARRAY, i), 9));
    expect(f.peakPoaWm2).toBeCloseTo(Math.max(...GHI.map((_, i) => poa(ARRAY, i))), 9);
  });

  it('with a learned fit uses its yield and shading by local clock hour', () => {
    const learned = { ...ARRAY, learned: fit };
    const f = forecastArray(learned, suns, { ghiWm2: GHI, dhiWm2: null });
    expect(f).toMatchObject({ tier: 'learned', yieldKwPerWm2: 0.005, shadingApplied: true });
    expect(f.generationKw[24]).toBeCloseTo(0.005 * poa(learned, 24), 9); // 12:00
    expect(f.generationKw[33]).toBeCloseTo(0.005 * poa(learned, 33) * 0.5, 9); // 16:30
    const unshaded = forecastArray({ ...ARRAY, learned: { ...fit, shadingByHour: null } }, suns, { ghiWm2: GHI, dhiWm2: null });
    expect(unshaded.shadingApplied).toBe(false);
  });

  it('clips output at the nameplate, and forecasts nothing without a nameplate unless learned', () => {
    const bright = { ghiWm2: GHI.map((g) => (g > 0 ? 1300 : 0)), dhiWm2: GHI.map(() => 0) };
    const clipped = forecastArray({ ...ARRAY, nameplateKw: 1, learned: { ...fit, yieldKwPerWm2: 0.01, shadingByHour: null } }, suns, bright);
    expect(Math.max(...clipped.generationKw)).toBe(1);
    expect(forecastArray({ ...ARRAY, nameplateKw: 0 }, suns, bright).generationKw.every((kw) => kw === 0)).toBe(true);
    expect(Math.max(...forecastArray({ ...ARRAY, nameplateKw: 0, learned: fit }, suns, bright).generationKw)).toBeGreaterThan(3);
  });

  it('uses a given diffuse series', () => {
    const withDiffuse = forecastArray(ARRAY, suns, { ghiWm2: GHI, dhiWm2: GHI.map((g) => g * 0.5) });
    expect(withDiffuse.generationKw[25]).toBeCloseTo((6 * PERFORMANCE_RATIO * planeOfArrayWm2(GHI[25]!, GHI[25]! * 0.5, suns[25]!, ARRAY)) / 1000, 9);
  });
});
