// The EV charging day as a MILP for HiGHS, written from the rules (ev-charger.md) apart from the
// planner: per slot the charger is on or off; on, the battery gains the full rate times the
// efficiency unless it reaches the target inside the slot, where it stops.
import type { Highs } from 'highs';
import type { DayContext, EvChargerInput } from '../../domain/planners/types.js';
import { binary, bound, newLp, row, solveLp, terms } from './reference-lp.js';
import { chargeLevels, refDeadlineEnd, refSlots, unsolved, type ReferenceResult } from './reference-rules.js';

/**
 * minimise Σ price/η · e[k]
 *   s[k] = s[k-1] + e[k]                      (s[-1] = the charge now, kWh)
 *   e[k] ≤ g[k]·on[k]                         (g = rate · hours · η)
 *   e[k] ≥ g[k]·on[k] − g[k]·stop[k]          (a slot on charges in full ...)
 *   s[k] ≥ T·stop[k],  s[k] ≤ max(T, s[-1])   (... unless it ends at the target, where the charger stops)
 *   s[k] ≥ floor[k]                            (the minimum, and the target at the deadline, each
 *                                                lowered to what charging in every slot reaches)
 * `fixed` pins on[k] for the first slots (a replay of a planner's schedule).
 */
export function solveEvReference(highs: Highs, day: DayContext, input: EvChargerInput, fixed: readonly boolean[] = []): ReferenceResult {
  const slots = refSlots(day, refDeadlineEnd(day.fromSlot, input.deadlineMinute));
  const levels = chargeLevels(input);
  if ('optimal' in levels) return levels;
  const { capacityKwh: cap, startKwh: s0, targetKwh: T, minKwh: M } = levels;
  const eta = Math.min(1, Math.max(0, input.efficiency));
  const gain = slots.map((s) => Math.max(0, input.maxChargeRateKw) * s.hours * eta);
  let reach = s0;
  const tol = 1e-9 * cap;
  let minMissed = false;
  const floors = slots.map((_, k) => {
    reach = reach >= T ? reach : Math.min(T, reach + gain[k]!);
    if (reach < M - tol) minMissed = true;
    return Math.min(k === slots.length - 1 ? T : M, reach);
  });
  const lp = newLp();
  slots.forEach((s, k) => {
    const [e, soc, on, stop] = [`e${k}`, `s${k}`, `on${k}`, `stop${k}`];
    row(
      lp,
      `bal${k}`,
      k > 0
        ? [
            [1, soc],
            [-1, `s${k - 1}`],
            [-1, e],
          ]
        : [
            [1, soc],
            [-1, e],
          ],
      '=',
      k > 0 ? 0 : s0,
    );
    bound(lp, soc, Math.max(0, floors[k]! - tol), Math.max(T, s0));
    const g = gain[k]!;
    if (g > 0) {
      lp.objective.push(terms([[s.price / eta, e]]));
      binary(lp, on, fixed[k]);
      binary(lp, stop);
      row(
        lp,
        `full${k}`,
        [
          [1, e],
          [-g, on],
        ],
        '<=',
        0,
      );
      row(
        lp,
        `stops${k}`,
        [
          [1, e],
          [-g, on],
          [g, stop],
        ],
        '>=',
        0,
      );
      row(
        lp,
        `atTarget${k}`,
        [
          [1, soc],
          [-T, stop],
        ],
        '>=',
        0,
      );
    } else {
      bound(lp, e, 0, 0);
    }
  });
  const sol = solveLp(highs, lp);
  if (!sol.optimal) return unsolved(sol.status);
  const reached = floors.at(-1) ?? s0;
  return {
    optimal: true,
    status: sol.status,
    costCents: sol.objective,
    missed: [...(minMissed ? ['min_charge_pct'] : []), ...(reached < T - tol ? ['target_charge_pct'] : [])],
  };
}
