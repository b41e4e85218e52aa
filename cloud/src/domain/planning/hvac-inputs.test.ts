import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../preferences/defaults.js';
import { hvacInputs } from './hvac-inputs.js';

const model = {
  params: { lossPerHour: 0.1, coolingFPerHour: -4, heatingFPerHour: 4, gainFPerHour: 0 },
  ratedPowerW: { cool: null, heat: null },
  confidence: 0.7,
};
const facts = (over: Partial<Parameters<typeof hvacInputs>[0]> = {}) => ({
  config: {},
  prefs: { ...DEFAULT_PREFERENCES },
  model,
  indoorTempF: null,
  profileHomeSizeSqft: 0,
  ...over,
});

describe('hvacInputs', () => {
  it('starts from the current temperature when known, else from the middle of the band at the first slot', () => {
    expect(hvacInputs(facts({ indoorTempF: 75.2 }), 30).input.indoorTempF).toBe(75.2);
    const away = hvacInputs(facts({ prefs: { ...DEFAULT_PREFERENCES, base_temperature: 70, savings_level: 3 } }), 20);
    expect(away.input.indoorTempF).toBe(70);
    expect(away.used).toMatchObject({ indoor_temp_source: 'band_middle', indoor_temp_f: 70 });
  });

  it('uses learned power when the model has it, else the estimate from hvac_type and size (config, then profile)', () => {
    expect(hvacInputs(facts({ model: { ...model, ratedPowerW: { cool: 2500, heat: null } } }), 0).input.ratedPowerKw).toEqual({ cool: 2.5, heat: 0.5 });
    expect(hvacInputs(facts({ config: { hvac_type: 'heat_pump', home_size_sqft: 1200 } }), 0).input.ratedPowerKw).toEqual({ cool: 2, heat: 2.2 });
    expect(hvacInputs(facts({ config: { hvac_type: 'toaster' }, profileHomeSizeSqft: 2400 }), 0).input.ratedPowerKw).toEqual({ cool: 4, heat: 0.5 });
  });

  it('passes the band, mode, flags and a satellite range set in full', () => {
    const built = hvacInputs(
      facts({ config: { setpoint_min_f: 64, setpoint_max_f: 80 }, prefs: { ...DEFAULT_PREFERENCES, optimization_mode: 'auto', optimize_hvac_fan: true } }),
      0,
    );
    expect(built.input).toMatchObject({ mode: 'auto', optimizeFan: true, optimizeMode: false, setpointBoundsF: { minF: 64, maxF: 80 } });
    expect(built.input.band.high).toHaveLength(48);
    expect(hvacInputs(facts({ config: { setpoint_min_f: 64 } }), 0).input.setpointBoundsF).toBeNull();
  });
});
