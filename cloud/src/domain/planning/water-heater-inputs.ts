// Planner input of a water heater from its config, constraints and newest tank reading
// (docs/schedules-and-recompute.md "Defaults").
import type { WaterHeaterInput } from '../planners/types.js';
import type { ApplianceFacts, BuiltInput } from './charge-inputs.js';
import { typicalDrawGallons } from './household-load.js';
import { numberOr } from './stored-values.js';

export const WATER_HEATER_DEFAULTS = {
  tank_size_gallons: 50,
  element_watts: 4500,
  /** Fraction of the tank-to-room difference lost per hour: about 1 F/h for a 130 F tank in a 65 F room. */
  insulation_factor: 0.015,
  min_temp_f: 120,
  max_temp_f: 140,
};
/** Air around the tank (a basement or utility room), F. */
export const TANK_AMBIENT_F = 65;
/** Cold mains water, F (the US groundwater mean). */
export const INLET_WATER_F = 55;

export function waterHeaterInputs(facts: ApplianceFacts): BuiltInput<WaterHeaterInput> {
  const { config, constraints } = facts;
  const maxTempF = numberOr(constraints, 'max_temp_f', WATER_HEATER_DEFAULTS.max_temp_f);
  // A stored minimum at or above the maximum cannot be held: keep the default gap under the maximum.
  const storedMin = numberOr(constraints, 'min_temp_f', WATER_HEATER_DEFAULTS.min_temp_f);
  const minTempF = storedMin < maxTempF ? storedMin : maxTempF - (WATER_HEATER_DEFAULTS.max_temp_f - WATER_HEATER_DEFAULTS.min_temp_f);
  const fromReading = facts.recentValue !== null && Number.isFinite(facts.recentValue);
  const tankSizeGallons = numberOr(config, 'tank_size_gallons', WATER_HEATER_DEFAULTS.tank_size_gallons);
  const input: WaterHeaterInput = {
    tankSizeGallons,
    elementWatts: numberOr(config, 'element_watts', WATER_HEATER_DEFAULTS.element_watts),
    insulationFactor: numberOr(config, 'insulation_factor', WATER_HEATER_DEFAULTS.insulation_factor),
    // Without a recent reading the tank is assumed midway between its limits.
    tankTempF: fromReading ? facts.recentValue! : (minTempF + maxTempF) / 2,
    minTempF,
    maxTempF,
    ambientTempF: TANK_AMBIENT_F,
    drawGallons: typicalDrawGallons(tankSizeGallons),
    inletTempF: INLET_WATER_F,
  };
  return {
    input,
    used: {
      tank_size_gallons: input.tankSizeGallons,
      element_watts: input.elementWatts,
      insulation_factor: input.insulationFactor,
      min_temp_f: minTempF,
      max_temp_f: maxTempF,
      tank_temp_f: input.tankTempF,
      tank_temp_source: fromReading ? 'reading' : 'default',
      hot_water_draw: 'typical',
    },
  };
}
