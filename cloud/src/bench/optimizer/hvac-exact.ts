// The HVAC plan's linear programme written directly for HiGHS (CPLEX LP text), independently of
// the planner's solver: same problem statement (hvac.md), different formulation (temperatures as
// variables, explicit slacks), so the benchmark catches mistakes on either side.
import type { Highs } from 'highs';
import type { HvacPlanInput } from '../../domain/planners/hvac-input.js';
import { COMFORT_MARGIN_F, PENALTY_CENTS_PER_F_HOUR } from '../../domain/planners/hvac-problem.js';
import type { DayContext } from '../../domain/planners/types.js';
import { stepCoefficients } from '../../domain/thermal/thermal-model.js';

export interface HvacExactResult {
  /** Energy cost plus band penalties, cents (the planner's objective). */
  costCents: number;
  /** `comfort_band` when the optimum leaves the band by more than 0.05 F somewhere. */
  missed: string[];
  coolDuty: number[];
  heatDuty: number[];
}

/** A temperature this far outside the band counts as a miss, F (as in the planner). */
const MISS_TOLERANCE_F = 0.05;

/** Band of one slot shrunk by the margin, inside the setpoint bounds when that leaves a range. */
function range(input: HvacPlanInput, j: number): [number, number] {
  const hi = input.band.high[j]!;
  const lo = input.band.low[j]!;
  const m = Math.max(0, Math.min(COMFORT_MARGIN_F, (hi - lo) / 2));
  let [min, max] = [lo + m, hi - m];
  const b = input.setpointBoundsF;
  if (b && Math.max(min, b.minF) <= Math.min(max, b.maxF)) [min, max] = [Math.max(min, b.minF), Math.min(max, b.maxF)];
  return [min, max];
}

const num = (v: number) => (Object.is(v, -0) ? '0' : v.toPrecision(17));
const term = (coef: number, name: string) => `${coef < 0 ? '-' : '+'} ${num(Math.abs(coef))} ${name}`;

/**
 * minimise Σ price·h·(Pc·uc + Ph·uh) + Σ 1e5·h·(above + below)
 *   t[k+1] = α t[k] + βc uc[k] + βh uh[k] + γ       (t[0] = the measured temperature)
 *   t[k+1] − above[k] ≤ max(k),  t[k+1] + below[k] ≥ min(k)   (ranges of slot k and k+1)
 *   uc + uh ≤ 1, 0 ≤ u ≤ 1, above, below ≥ 0
 */
export function solveHvacExact(highs: Highs, day: DayContext, input: HvacPlanInput): HvacExactResult {
  const canCool = input.mode === 'cool' || input.mode === 'auto';
  const canHeat = input.mode === 'heat' || input.mode === 'auto';
  const objective: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  const cost: { uc: number; uh: number }[] = [];
  for (let j = day.fromSlot; j < 48; j++) {
    const h = day.slotHours[j]!;
    const c = stepCoefficients(input.model, h, day.outdoorTempF[j]!);
    const price = day.pricesCentsPerKwh[j]! * h;
    cost.push({ uc: price * input.ratedPowerKw.cool, uh: price * input.ratedPowerKw.heat });
    objective.push(term(cost.at(-1)!.uc, `uc${j}`), term(cost.at(-1)!.uh, `uh${j}`));
    objective.push(term(PENALTY_CENTS_PER_F_HOUR * h, `above${j}`), term(PENALTY_CENTS_PER_F_HOUR * h, `below${j}`));
    const previous = j === day.fromSlot ? '' : ` ${term(-c.alpha, `t${j}`)}`;
    const rhs = c.gamma + (j === day.fromSlot ? c.alpha * input.indoorTempF : 0);
    rows.push(` dyn${j}: t${j + 1}${previous} ${term(-c.betaCool, `uc${j}`)} ${term(-c.betaHeat, `uh${j}`)} = ${num(rhs)}`);
    const [min1, max1] = range(input, j);
    const [min2, max2] = j < 47 ? range(input, j + 1) : [min1, max1];
    rows.push(` hi${j}: t${j + 1} - above${j} <= ${num(Math.min(max1, max2))}`);
    rows.push(` lo${j}: t${j + 1} + below${j} >= ${num(Math.max(min1, min2))}`);
    rows.push(` one${j}: uc${j} + uh${j} <= 1`);
    bounds.push(` 0 <= uc${j} <= ${canCool ? 1 : 0}`, ` 0 <= uh${j} <= ${canHeat ? 1 : 0}`, ` t${j + 1} free`);
  }
  const lp = `Minimize\n obj: ${objective.join(' ')}\nSubject To\n${rows.join('\n')}\nBounds\n${bounds.join('\n')}\nEnd\n`;
  const result = highs.solve(lp, { output_flag: false, primal_feasibility_tolerance: 1e-9, dual_feasibility_tolerance: 1e-9 });
  if (result.Status !== 'Optimal') return { costCents: Infinity, missed: [], coolDuty: [], heatDuty: [] };
  const primal = (name: string) => (result.Columns[name] as { Primal: number } | undefined)?.Primal ?? 0;
  const coolDuty = cost.map((_, k) => primal(`uc${day.fromSlot + k}`));
  const heatDuty = cost.map((_, k) => primal(`uh${day.fromSlot + k}`));
  let worstF = 0;
  for (let j = day.fromSlot; j < 48; j++) {
    // Both ends of every planned slot, except the measured start of the first one.
    const temps = j === day.fromSlot ? [primal(`t${j + 1}`)] : [primal(`t${j}`), primal(`t${j + 1}`)];
    for (const t of temps) worstF = Math.max(worstF, t - input.band.high[j]!, input.band.low[j]! - t);
  }
  return { costCents: result.ObjectiveValue, missed: worstF > MISS_TOLERANCE_F ? ['comfort_band'] : [], coolDuty, heatDuty };
}
