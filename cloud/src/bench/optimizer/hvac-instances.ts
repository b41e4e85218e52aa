// HVAC instances for the optimizer bench: the shared generated days (every catalog tariff, day-ahead
// curves, DST days, hot and mild weather, intraday re-plans) with a comfort band (tight savings
// level 1 or loose level 3), a mode, a thermal model and a unit drawn for each.
import type { HvacPlanInput } from '../../domain/planners/hvac-input.js';
import type { DayContext } from '../../domain/planners/types.js';
import { comfortBand } from '../../domain/preferences/comfort-band.js';
import { DEFAULT_PREFERENCES, type OptimizationMode } from '../../domain/preferences/defaults.js';
import type { ThermalParams } from '../../domain/thermal/thermal-model.js';
import { drawDay, type Weather } from './instances.js';
import { between, chance, pick, seededRandom } from './random.js';

export interface HvacInstance {
  label: string;
  day: DayContext;
  input: HvacPlanInput;
}

/**
 * A plausible home: time constant 3-30 h, internal and solar gains that would hold it 0-10 F above
 * the outdoors, and a unit sized for a 25 F (cooling) or 40 F (heating) indoor-outdoor difference
 * times 0.8-2: undersized units cannot hold the band on every day, as in real homes.
 */
function drawModel(rng: () => number): ThermalParams {
  const lossPerHour = between(rng, 0.033, 0.33);
  const gainFPerHour = lossPerHour * between(rng, 0, 10);
  return {
    lossPerHour,
    coolingFPerHour: -between(rng, 0.8, 2) * (lossPerHour * 25 + gainFPerHour),
    heatingFPerHour: between(rng, 0.8, 2) * lossPerHour * 40,
    gainFPerHour,
  };
}

/** Cooling on hot days and heating on mild (50-64 F) ones, with some auto and some odd choices. */
function drawMode(rng: () => number, weather: Weather): OptimizationMode {
  const r = rng();
  if (r < 0.15) return 'auto';
  if (r < 0.22) return weather === 'hot' ? 'heat' : 'cool';
  return weather === 'hot' ? 'cool' : 'heat';
}

function drawInput(rng: () => number, weather: Weather): HvacPlanInput {
  const mode = drawMode(rng, weather);
  const base = Math.round(between(rng, mode === 'heat' ? 66 : 70, mode === 'heat' ? 72 : 78) * 2) / 2;
  const band = comfortBand({
    ...DEFAULT_PREFERENCES,
    base_temperature: base,
    savings_level: chance(rng, 0.5) ? 1 : 3,
    time_away: pick(rng, ['07:00', '08:00', '08:30', '09:00']),
    time_home: pick(rng, ['16:00', '17:00', '17:30', '18:00']),
  });
  const bounds = rng();
  return {
    band,
    mode,
    model: drawModel(rng),
    indoorTempF: Math.round((base + between(rng, -4, 4)) * 10) / 10,
    ratedPowerKw: { cool: between(rng, 0.8, 5), heat: between(rng, 0.8, 6) },
    setpointBoundsF: bounds < 0.15 ? { minF: 61, maxF: 86 } : bounds < 0.25 ? { minF: base - 1, maxF: base + 5 } : null,
    optimizeFan: chance(rng, 0.3),
    optimizeMode: chance(rng, 0.3),
  };
}

/** n instances; the same (n, seed) always gives the same ones. */
export function generateHvacInstances(n: number, seed: number): HvacInstance[] {
  const rng = seededRandom(seed * 7919 + 5);
  return Array.from({ length: n }, (_, i) => {
    const { label, day, weather } = drawDay(rng, i);
    const input = drawInput(rng, weather);
    const level = input.band.high.some((h, s) => h - input.band.low[s]! > 4) ? 'loose' : 'tight';
    return { label: `${label} ${weather} ${input.mode} ${level}`, day, input };
  });
}
