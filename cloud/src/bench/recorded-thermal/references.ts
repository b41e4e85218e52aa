// The two simple references the thermal model is compared with on recorded homes: persistence (the
// temperature stays where it is) and a 1R1C model fitted by ordinary least squares.
import { addRow, emptyNormalEquations, solveLinear } from '../../domain/thermal/bounded-ridge.js';
import type { StepPredictor } from '../../domain/thermal/evaluate.js';
import type { ThermalSample } from '../../domain/thermal/resample.js';

/** Persistence: every step ends where it started. */
export const persistence: StepPredictor = (_s, startF) => startF;

/**
 * The textbook 1R1C model, `C·dT/dt = (Tout − T)/R + Φheat + A·sun`, discretised per step as
 * `ΔT = θ·[Tout − T, heat duty, sun, 1]` and fitted by ordinary least squares on `train`: no prior,
 * no bounds, no thermostat or correction terms. `sunAt` gives a step's irradiance (0 drops the term).
 */
export function fit1R1C(train: readonly ThermalSample[], sunAt: (s: ThermalSample) => number): StepPredictor {
  const x = (s: ThermalSample, startF: number) => [s.outdoorF - startF, s.heatDuty - s.coolDuty, sunAt(s), 1];
  const eq = emptyNormalEquations(4);
  for (const s of train) addRow(eq, x(s, s.startF), s.endF - s.startF);
  // A tiny ridge keeps the system solvable when a regressor is all zero (no sun recorded).
  for (let i = 0; i < 4; i++) eq.xtx[i]![i]! += 1e-9;
  const theta = solveLinear(eq.xtx, eq.xty);
  if (!theta) throw new Error('1R1C reference: singular least-squares system');
  return (s, startF) => startF + x(s, startF).reduce((sum, v, i) => sum + theta[i]! * v, 0);
}
