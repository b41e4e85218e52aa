// Planner input of one HVAC from its preferences, fitted model, config and current temperature
// (docs/schedules-and-recompute.md "HVAC").
import { HVAC_TYPES } from '../appliance-types/index.js';
import type { HvacPlanInput } from '../planners/hvac-input.js';
import { estimateRatedPowerKw, type HvacType } from '../planners/hvac-rated-power.js';
import { comfortBand } from '../preferences/comfort-band.js';
import type { Preferences } from '../preferences/defaults.js';
import type { ThermalModel } from '../thermal/fit.js';
import type { BuiltInput } from './charge-inputs.js';
import { setpointBoundsOf } from './setpoint-bounds.js';
import { numberOr } from './stored-values.js';

export interface HvacFacts {
  config: Record<string, unknown>;
  /** planningPreferences of the unit. */
  prefs: Preferences;
  model: Pick<ThermalModel, 'params' | 'ratedPowerW' | 'confidence'>;
  /** Indoor temperature at the start of the planned slots, from recent readings; null when unknown. */
  indoorTempF: number | null;
  /** Mean duty over the 30 minutes before that start (recentDuty), when known: the expected air springs back from it. */
  recentDuty?: { cool: number; heat: number };
  /** The profile's home size, used when the config has none. */
  profileHomeSizeSqft: number;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The HVAC input for a plan from `fromSlot`. Without a current temperature (a whole future day, or
 * no recent reading) the plan starts from the middle of the band at that slot: what the
 * thermostat held. Power at full duty: learned from power readings, else estimated from hvac_type
 * and home size.
 */
export function hvacInputs(facts: HvacFacts, fromSlot: number): BuiltInput<HvacPlanInput> {
  const { config, prefs, model } = facts;
  const band = comfortBand(prefs);
  const middle = (band.high[fromSlot]! + band.low[fromSlot]!) / 2;
  const hvacType = (HVAC_TYPES as readonly unknown[]).includes(config.hvac_type) ? (config.hvac_type as HvacType) : null;
  const estimate = estimateRatedPowerKw(hvacType, numberOr(config, 'home_size_sqft', facts.profileHomeSizeSqft));
  const learnedKw = (w: number | null) => (w !== null && Number.isFinite(w) && w > 0 ? w / 1000 : null);
  const ratedPowerKw = { cool: learnedKw(model.ratedPowerW.cool) ?? estimate.cool, heat: learnedKw(model.ratedPowerW.heat) ?? estimate.heat };
  const input: HvacPlanInput = {
    band,
    mode: prefs.optimization_mode,
    model: model.params,
    indoorTempF: facts.indoorTempF ?? middle,
    ...(facts.indoorTempF !== null && facts.recentDuty && { recentDuty: facts.recentDuty }),
    ratedPowerKw,
    setpointBoundsF: setpointBoundsOf(config),
    optimizeFan: prefs.optimize_hvac_fan,
    optimizeMode: prefs.optimize_hvac_mode,
  };
  return {
    input,
    used: {
      base_temperature: prefs.base_temperature,
      savings_level: prefs.savings_level,
      time_away: prefs.time_away,
      time_home: prefs.time_home,
      hourly_bands: prefs.hourly_high_temps_f !== null && prefs.hourly_low_temps_f !== null,
      optimization_mode: prefs.optimization_mode,
      optimize_hvac_fan: prefs.optimize_hvac_fan,
      optimize_hvac_mode: prefs.optimize_hvac_mode,
      indoor_temp_f: round2(input.indoorTempF),
      indoor_temp_source: facts.indoorTempF === null ? 'band_middle' : 'readings',
      rated_power_kw: { cool: round2(ratedPowerKw.cool), heat: round2(ratedPowerKw.heat) },
      setpoint_bounds_f: input.setpointBoundsF,
      model_confidence: model.confidence,
    },
  };
}
