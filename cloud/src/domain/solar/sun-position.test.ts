import { describe, expect, it } from 'vitest';
import { SOLAR_CONSTANT_WM2, sunPosition } from './sun-position.js';

const DEG = Math.PI / 180;
const elevationDeg = (cosZenith: number) => 90 - Math.acos(cosZenith) / DEG;

/** Scans a UTC day minute by minute for the sun's highest point and its rise at a place. */
function scanDay(dayIso: string, lat: number, lon: number) {
  const start = new Date(`${dayIso}T00:00:00Z`).getTime();
  let noon = { at: 0, cosZenith: -2, azimuthDeg: 0 };
  let rise: { at: number; azimuthDeg: number } | null = null;
  let previous = sunPosition(new Date(start), lat, lon).cosZenith;
  for (let m = 1; m < 1440; m++) {
    const at = start + m * 60_000;
    const sun = sunPosition(new Date(at), lat, lon);
    if (sun.cosZenith > noon.cosZenith) noon = { at, cosZenith: sun.cosZenith, azimuthDeg: sun.azimuthDeg };
    if (!rise && previous <= 0 && sun.cosZenith > 0) rise = { at, azimuthDeg: sun.azimuthDeg };
    previous = sun.cosZenith;
  }
  return { noon, rise };
}

describe('sunPosition', () => {
  it('puts the June solstice noon sun in Chicago at 90 - (lat - 23.44) degrees, due south, near 17:50Z', () => {
    const { noon } = scanDay('2026-06-21', 41.88, -87.63);
    expect(elevationDeg(noon.cosZenith)).toBeCloseTo(90 - (41.88 - 23.44), 0);
    expect(noon.azimuthDeg).toBeGreaterThan(178);
    expect(noon.azimuthDeg).toBeLessThan(182);
    // Solar noon: 12:00 + 87.63 * 4 min - equation of time (about -1.7 min) = 17:52Z.
    expect(Math.abs(noon.at - Date.parse('2026-06-21T17:52:00Z'))).toBeLessThanOrEqual(3 * 60_000);
  });

  it('raises the June sun in the north-east at 40 N (cos A = sin(decl) / cos(lat))', () => {
    const { rise } = scanDay('2026-06-21', 40, 0);
    const expected = Math.acos(Math.sin(23.44 * DEG) / Math.cos(40 * DEG)) / DEG;
    expect(rise!.azimuthDeg).toBeCloseTo(expected, 0);
  });

  it('is overhead at the equator at the March equinox noon and below the horizon at midnight', () => {
    const { noon } = scanDay('2026-03-20', 0, 0);
    expect(noon.cosZenith).toBeGreaterThan(0.999);
    expect(sunPosition(new Date('2026-03-20T00:00:00Z'), 0, 0).cosZenith).toBeLessThan(-0.99);
  });

  it('has the morning sun in the east and the afternoon sun in the west', () => {
    expect(sunPosition(new Date('2026-09-01T14:00:00Z'), 41.88, -87.63).azimuthDeg).toBeLessThan(180);
    expect(sunPosition(new Date('2026-09-01T22:00:00Z'), 41.88, -87.63).azimuthDeg).toBeGreaterThan(180);
  });

  it('receives about 3.3 % more than the solar constant at January perihelion and less in July', () => {
    expect(sunPosition(new Date('2026-01-03T12:00:00Z'), 0, 0).extraterrestrialWm2 / SOLAR_CONSTANT_WM2).toBeCloseTo(1.034, 2);
    expect(sunPosition(new Date('2026-07-04T12:00:00Z'), 0, 0).extraterrestrialWm2 / SOLAR_CONSTANT_WM2).toBeCloseTo(0.967, 2);
  });
});
