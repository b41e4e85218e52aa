// Water heater instances for the optimizer bench: 30-80 gallon tanks, 3-5.5 kW elements, leaky and
// well-insulated tanks, morning and evening draw peaks, hot and mild weather (garage and inlet
// temperatures), tanks starting below their minimum, and tight and loose temperature bands.
import type { WaterHeaterInput } from '../../domain/planners/types.js';
import { planWaterHeater, type WaterHeaterSchedule } from '../../domain/planners/water-heater.js';
import { plannerOutcome, replayedCost, type BenchCase } from './case.js';
import { drawInstances, type DrawnInstance, type Weather } from './instances.js';
import { between, chance, pick } from './random.js';
import { solveWaterHeaterReference } from './reference-water-heater.js';

export type WaterHeaterInstance = DrawnInstance<WaterHeaterInput>;

/** Relative hot-water use per slot: a morning peak around 07:00, a smaller evening one around 19:00. */
const DRAW_SHAPE = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 4, 4, 3, 2, 2, 1, 1, 1, 0, 0, 0,
];
const SHAPE_TOTAL = DRAW_SHAPE.reduce((s, v) => s + v, 0);

function drawInput(rng: () => number, weather: Weather): WaterHeaterInput {
  const tankSizeGallons = pick(rng, [30, 40, 50, 65, 80]);
  const daily = tankSizeGallons * between(rng, 0.6, 1.8);
  const minTempF = between(rng, 100, 125);
  const maxTempF = minTempF + pick(rng, [8, 15, 25, between(rng, 10, 45)]);
  return {
    tankSizeGallons,
    elementWatts: chance(rng, 0.03) ? 0 : pick(rng, [3000, 3800, 4500, 5500]),
    insulationFactor: between(rng, 0.01, 0.05),
    tankTempF: chance(rng, 0.15) ? between(rng, 85, minTempF) : between(rng, minTempF, maxTempF),
    minTempF,
    maxTempF,
    ambientTempF: weather === 'hot' ? between(rng, 75, 92) : between(rng, 55, 70),
    drawGallons: DRAW_SHAPE.map((v) => ((v * daily) / SHAPE_TOTAL) * between(rng, 0.6, 1.4)),
    inletTempF: weather === 'hot' ? between(rng, 65, 78) : between(rng, 45, 60),
  };
}

export const waterHeaterCase: BenchCase<WaterHeaterInstance, WaterHeaterSchedule> = {
  type: 'water_heater',
  generate: (n, seed) => drawInstances(n, seed, 4, drawInput),
  solvePlanner: ({ day, input }) => plannerOutcome(planWaterHeater(day, input)),
  solveExact: ({ day, input }, highs) => solveWaterHeaterReference(highs, day, input),
  replay: ({ day, input }, highs, schedule) => replayedCost(solveWaterHeaterReference(highs, day, input, schedule.intervals.slice(day.fromSlot))),
};
