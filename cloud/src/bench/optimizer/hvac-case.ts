// The HVAC planner in the optimizer bench: its objective (energy plus soft-band penalties) against an
// independent HiGHS formulation of the same linear programme.
import type { HvacSchedule } from '../../domain/planners/hvac-input.js';
import { planHvac } from '../../domain/planners/hvac.js';
import { plannerOutcome, type BenchCase } from './case.js';
import { solveHvacExact } from './hvac-exact.js';
import { generateHvacInstances, type HvacInstance } from './hvac-instances.js';

export const hvacCase: BenchCase<HvacInstance, HvacSchedule> = {
  type: 'hvac',
  generate: generateHvacInstances,
  solvePlanner({ day, input }) {
    const r = planHvac(day, input);
    return plannerOutcome(r, r.objectiveCents);
  },
  solveExact: ({ day, input }, highs) => solveHvacExact(highs, day, input),
};
