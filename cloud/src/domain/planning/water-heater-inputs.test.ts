import { describe, expect, it } from 'vitest';
import { TYPICAL_HOUSEHOLD_LOAD_KW, typicalDrawGallons } from './household-load.js';
import { INLET_WATER_F, TANK_AMBIENT_F, WATER_HEATER_DEFAULTS, waterHeaterInputs } from './water-heater-inputs.js';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('waterHeaterInputs', () => {
  it('uses a recent tank reading and the stored limits', () => {
    const built = waterHeaterInputs({
      config: { tank_size_gallons: 80, element_watts: 5500 },
      constraints: { min_temp_f: 115, max_temp_f: 150 },
      recentValue: 128,
    });
    expect(built.input).toMatchObject({
      tankSizeGallons: 80,
      elementWatts: 5500,
      tankTempF: 128,
      minTempF: 115,
      maxTempF: 150,
      ambientTempF: TANK_AMBIENT_F,
      inletTempF: INLET_WATER_F,
    });
    expect(built.used).toMatchObject({ tank_temp_source: 'reading' });
  });

  it('without a reading starts midway between the limits, with the defaults for what is unset', () => {
    const built = waterHeaterInputs({ config: {}, constraints: {}, recentValue: null });
    expect(built.input).toMatchObject({
      tankSizeGallons: 50,
      insulationFactor: WATER_HEATER_DEFAULTS.insulation_factor,
      tankTempF: 130,
      minTempF: 120,
      maxTempF: 140,
    });
  });

  it('keeps a stored minimum at or above the maximum 20 F under it', () => {
    expect(waterHeaterInputs({ config: {}, constraints: { min_temp_f: 150, max_temp_f: 150 }, recentValue: null }).input).toMatchObject({
      minTempF: 130,
      maxTempF: 150,
    });
  });
});

describe('typical profiles', () => {
  it('draws 64 gallons a day from a 50-gallon tank, scaled by tank size, most in the morning and evening', () => {
    expect(sum(typicalDrawGallons(50))).toBeCloseTo(64, 9);
    expect(sum(typicalDrawGallons(80))).toBeCloseTo(102.4, 9);
    const draws = typicalDrawGallons(50);
    expect(draws).toHaveLength(48);
    expect(draws[14]!).toBeGreaterThan(draws[4]!);
  });

  it('has a household load per slot with an evening peak', () => {
    expect(TYPICAL_HOUSEHOLD_LOAD_KW).toHaveLength(48);
    expect(sum(TYPICAL_HOUSEHOLD_LOAD_KW) / 2).toBeCloseTo(26.3, 9);
    expect(Math.max(...TYPICAL_HOUSEHOLD_LOAD_KW)).toBe(TYPICAL_HOUSEHOLD_LOAD_KW[36]);
  });
});
