import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../forecast/hourly-series.js';
import { localParts } from '../time/slot-grid.js';
import { clearSkyGhiWm2, planeOfArrayWm2 } from './irradiance.js';
import { sunPosition } from './sun-position.js';
import { fitArrayYield, type ProductionReading } from './yield-fit.js';

const TZ = 'America/Chicago';
const LOCATION = { lat: 41.9, lon: -87.6 };
const GEOMETRY = { tiltDegrees: 25, azimuthDegrees: 190 };
const START_MS = Date.parse('2026-06-01T05:00:00Z'); // local midnight
const TRUE_YIELD = 0.006; // kW per W/m2: a 7.5 kW array at PR 0.8

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

/**
 * `days` of hourly irradiance (a partly cloudy sky) and 4 production readings per hour from an
 * array of TRUE_YIELD with +-5 % noise, multiplied by `shade(local hour)`.
 */
function synthetic(days: number, opts: { shade?: (hour: number) => number; readingsPerHour?: number; watts?: (kw: number, r: () => number) => number } = {}) {
  const rand = random(7);
  const ghi: number[] = [];
  const readings: ProductionReading[] = [];
  for (let k = 0; k < days * 24; k++) {
    const mid = new Date(START_MS + k * HOUR_MS + HOUR_MS / 2);
    const sun = sunPosition(mid, LOCATION.lat, LOCATION.lon);
    const value = Math.round(clearSkyGhiWm2(sun) * (0.3 + 0.7 * rand()));
    ghi.push(value);
    const kw = TRUE_YIELD * planeOfArrayWm2(value, null, sun, GEOMETRY) * (opts.shade?.(localParts(mid, TZ).hour) ?? 1);
    const n = opts.readingsPerHour ?? 4;
    for (let j = 0; j < n; j++) {
      const noisy = opts.watts ? opts.watts(kw, rand) : kw * 1000 * (0.95 + 0.1 * rand());
      readings.push({ ts: new Date(START_MS + k * HOUR_MS + ((j + 0.5) * HOUR_MS) / n), watts: noisy });
    }
  }
  const history = { ghiWm2: { firstAt: new Date(START_MS + HOUR_MS / 2), values: ghi }, dhiWm2: null };
  return { readings, history, end: new Date(START_MS + days * 24 * HOUR_MS) };
}

const fit = (data: ReturnType<typeof synthetic>, now = data.end) =>
  fitArrayYield({ readings: data.readings, history: data.history, location: LOCATION, geometry: GEOMETRY, timeZone: TZ, now });

describe('fitArrayYield', () => {
  it('learns the yield of a clean array and scores it on held-out days', () => {
    const data = synthetic(14);
    const outcome = fit(data);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.fit.yieldKwPerWm2).toBeCloseTo(TRUE_YIELD, 4);
    expect(outcome.fit.shadingByHour).toBeNull();
    expect(outcome.fit.rSquared).toBeGreaterThan(0.95);
    expect(outcome.fit.holdoutRmseKw).toBeLessThan(0.2);
    expect(outcome.fit.nDays).toBe(14);
    expect(outcome.fit.nPairs).toBeGreaterThan(14 * 10);
    expect(outcome.fit.calculatedAt).toEqual(data.end);
  });

  it('learns a per-hour shading profile when it predicts held-out days better', () => {
    const outcome = fit(synthetic(14, { shade: (hour) => (hour === 16 || hour === 17 ? 0.3 : 1) }));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const shading = outcome.fit.shadingByHour!;
    expect(shading).toHaveLength(24);
    expect(shading[16]).toBeGreaterThan(0.25);
    expect(shading[16]).toBeLessThan(0.35);
    expect(shading[12]).toBeCloseTo(1, 1);
    expect(shading[2]).toBe(1); // night: no pairs, no factor
  });

  it('counts only hours that ended by now', () => {
    const data = synthetic(14);
    const outcome = fit(data, new Date(START_MS + 10 * 24 * HOUR_MS));
    expect(outcome.ok && outcome.fit.nDays).toBe(10);
  });

  it('needs 7 days', () => {
    expect(fit(synthetic(5))).toMatchObject({ ok: false, reason: '5 days of daylight pairs, 7 needed', nDays: 5 });
  });

  it('needs 50 daylight pairs', () => {
    const data = synthetic(8);
    data.readings = data.readings.filter((r) => localParts(r.ts, TZ).hour === 12);
    expect(fit(data)).toEqual({ ok: false, reason: '8 daylight pairs, 50 needed', nPairs: 8, nDays: 8 });
  });

  it('ignores hours with a single reading (a snapshot, not a mean)', () => {
    expect(fit(synthetic(10, { readingsPerHour: 1 }))).toEqual({ ok: false, reason: '0 days of daylight pairs, 7 needed', nPairs: 0, nDays: 0 });
  });

  it('refuses readings unrelated to the sunlight', () => {
    const outcome = fit(synthetic(14, { watts: (_kw, r) => 5000 * r() }));
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(/^held-out R2 -?\d+\.\d\d below 0\.6$/);
  });

  it('is deterministic', () => {
    expect(fit(synthetic(9))).toEqual(fit(synthetic(9)));
  });
});
