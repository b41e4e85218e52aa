import { describe, expect, it } from 'vitest';
import { clearSkyGhiWm2, erbsDiffuseFraction, GROUND_ALBEDO, planeOfArrayWm2 } from './irradiance.js';
import type { SunPosition } from './sun-position.js';

const DEG = Math.PI / 180;
const sunAt = (elevationDeg: number, azimuthDeg = 180): SunPosition => ({
  cosZenith: Math.sin(elevationDeg * DEG),
  azimuthDeg,
  extraterrestrialWm2: 1361,
});

describe('clearSkyGhiWm2 (Haurwitz)', () => {
  it('gives 1098 exp(-0.057) with the sun overhead and nothing at night', () => {
    expect(clearSkyGhiWm2(sunAt(90))).toBeCloseTo(1098 * Math.exp(-0.057), 6);
    expect(clearSkyGhiWm2(sunAt(-5))).toBe(0);
    expect(clearSkyGhiWm2(sunAt(30))).toBeLessThan(clearSkyGhiWm2(sunAt(60)));
  });
});

describe('erbsDiffuseFraction', () => {
  it.each([
    [0, 1],
    [0.5, 0.9511 - 0.1604 * 0.5 + 4.388 * 0.25 - 16.638 * 0.125 + 12.336 * 0.0625],
    [0.9, 0.165],
  ])('at kt %d is %d', (kt, kd) => {
    expect(erbsDiffuseFraction(kt)).toBeCloseTo(kd, 9);
  });

  it('is continuous at its breakpoints', () => {
    expect(erbsDiffuseFraction(0.2200001)).toBeCloseTo(erbsDiffuseFraction(0.22), 2);
    expect(erbsDiffuseFraction(0.8000001)).toBeCloseTo(erbsDiffuseFraction(0.8), 2);
  });
});

describe('planeOfArrayWm2', () => {
  it('equals global horizontal on a flat array, whatever the split', () => {
    for (const dhi of [null, 0, 150, 700]) expect(planeOfArrayWm2(700, dhi, sunAt(50), { tiltDegrees: 0, azimuthDegrees: 180 })).toBeCloseTo(700, 6);
  });

  it('uses the given diffuse: beam normal to an array facing the sun, plus sky and ground', () => {
    const sun = sunAt(50);
    const tilt = 40; // facing the sun: incidence 0
    const dni = (700 - 100) / Math.sin(50 * DEG);
    const expected = dni + (100 * (1 + Math.cos(tilt * DEG))) / 2 + (700 * GROUND_ALBEDO * (1 - Math.cos(tilt * DEG))) / 2;
    expect(planeOfArrayWm2(700, 100, sun, { tiltDegrees: tilt, azimuthDegrees: 180 })).toBeCloseTo(expected, 6);
  });

  it('gives a south array more than a north one under a southern sun, and the north one only diffuse and ground', () => {
    const sun = sunAt(30);
    const south = planeOfArrayWm2(500, null, sun, { tiltDegrees: 45, azimuthDegrees: 180 });
    const north = planeOfArrayWm2(500, 100, sun, { tiltDegrees: 70, azimuthDegrees: 0 });
    expect(south).toBeGreaterThan(500);
    expect(north).toBeCloseTo((100 * (1 + Math.cos(70 * DEG))) / 2 + (500 * GROUND_ALBEDO * (1 - Math.cos(70 * DEG))) / 2, 6);
  });

  it('is 0 at night or without light, and counts a grazing sun as diffuse only', () => {
    expect(planeOfArrayWm2(300, null, sunAt(-1), { tiltDegrees: 30, azimuthDegrees: 180 })).toBe(0);
    expect(planeOfArrayWm2(0, null, sunAt(40), { tiltDegrees: 30, azimuthDegrees: 180 })).toBe(0);
    const grazing = planeOfArrayWm2(20, null, sunAt(1), { tiltDegrees: 90, azimuthDegrees: 180 });
    expect(grazing).toBeCloseTo(20 / 2 + (20 * GROUND_ALBEDO) / 2, 6);
  });

  it('caps a reported diffuse above global at the global value', () => {
    const v = planeOfArrayWm2(400, 900, sunAt(10), { tiltDegrees: 80, azimuthDegrees: 180 });
    expect(v).toBeCloseTo((400 * (1 + Math.cos(80 * DEG))) / 2 + (400 * GROUND_ALBEDO * (1 - Math.cos(80 * DEG))) / 2, 6);
  });
});
