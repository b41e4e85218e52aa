// The water heater day as an LP for HiGHS, written from the tank physics (water-heater.md) apart
// from the planner: per slot the element adds any heat up to its full-slot amount, never taking
// the tank above its maximum.
import type { Highs } from 'highs';
import type { DayContext, WaterHeaterInput } from '../../domain/planners/types.js';
import { binary, bound, newLp, row, solveLp, terms } from './reference-lp.js';
import { refSlots, unsolved, type ReferenceResult } from './reference-rules.js';

/** kWh per gallon per °F (8.34 BTU / 3412.14 BTU per kWh). */
const KWH_PER_GALLON_F = 8.34 / 3412.14;

/**
 * minimise Σ price · gallons · 0.002444 · q[k]                          (q = °F the element adds)
 *   t[k] = keep[k]·t[k-1] + drift[k] + q[k]    (standby loss toward ambient, then the draw mixed with inlet water)
 *   0 ≤ q[k] ≤ H[k],  t[k] ≤ max where heating    (H = the element's full-slot heat)
 *   t[k] ≥ floor[k]    (the minimum, lowered to what heating fully in every slot reaches)
 * "Where heating" needs a binary only in slots the tank may enter above its maximum (it starts
 * hotter); elsewhere t ≤ max holds anyway. A replay allows heat only where the schedule shows it.
 */
export function solveWaterHeaterReference(highs: Highs, day: DayContext, input: WaterHeaterInput, fixed?: readonly boolean[]): ReferenceResult {
  const gallons = input.tankSizeGallons;
  if (!(gallons > 0)) return { optimal: true, status: 'Optimal', costCents: 0, missed: [] };
  const slots = refSlots(day, 48);
  const max = input.maxTempF;
  let hottest = input.tankTempF;
  let missed = false;
  const step = slots.map((s) => {
    const loss = Math.min(1, Math.max(0, input.insulationFactor) * s.hours);
    const draw = Math.min(1, Math.max(0, input.drawGallons[s.index] ?? 0) / gallons);
    const keep = (1 - loss) * (1 - draw);
    const drift = (1 - draw) * loss * input.ambientTempF + draw * input.inletTempF;
    const heat = ((Math.max(0, input.elementWatts) / 1000) * s.hours) / (gallons * KWH_PER_GALLON_F);
    const hottestBefore = keep * hottest + drift;
    hottest = Math.max(hottestBefore, Math.min(max, hottestBefore + heat));
    if (hottest < input.minTempF - 1e-9) missed = true;
    return { keep, drift, heat, hottestBefore, hottest, floor: Math.min(input.minTempF, hottest) };
  });
  const lp = newLp();
  step.forEach(({ keep, drift, heat, hottestBefore, hottest: top, floor }, k) => {
    const v = (name: string) => `${name}${k}`;
    const prev: [number, string][] = k > 0 ? [[-keep, `t${k - 1}`]] : [];
    row(lp, v('tank'), [[1, v('t')], ...prev, [-1, v('q')]], '=', drift + (k > 0 ? 0 : keep * input.tankTempF));
    bound(lp, v('t'), floor - 1e-9, Infinity);
    const allowed = fixed === undefined || k >= fixed.length || fixed[k]!;
    bound(lp, v('q'), 0, allowed ? heat : 0);
    lp.objective.push(terms([[slots[k]!.price * gallons * KWH_PER_GALLON_F, v('q')]]));
    if (hottestBefore <= max) {
      row(lp, v('max'), [[1, v('t')]], '<=', Math.max(max, top));
    } else if (heat > 0) {
      binary(lp, v('on'));
      row(
        lp,
        v('heat'),
        [
          [1, v('q')],
          [-heat, v('on')],
        ],
        '<=',
        0,
      );
      row(
        lp,
        v('max'),
        [
          [1, v('t')],
          [top - max, v('on')],
        ],
        '<=',
        top,
      );
    }
  });
  const sol = solveLp(highs, lp);
  if (!sol.optimal) return unsolved(sol.status);
  return { optimal: true, status: sol.status, costCents: sol.objective, missed: missed ? ['min_temp_f'] : [] };
}
