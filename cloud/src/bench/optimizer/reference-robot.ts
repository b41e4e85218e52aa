// The robot's docking day as a MILP for HiGHS, written from the rules (robot.md) apart from the
// planner: per docked slot it charges or not (full rate until the target), and during its tasks
// window it is away, using target - min evenly over the window.
import type { Highs } from 'highs';
import type { DayContext, RobotInput } from '../../domain/planners/types.js';
import { binary, bound, newLp, row, solveLp, terms } from './reference-lp.js';
import { chargeLevels, refSlots, refWindow, unsolved, type ReferenceResult } from './reference-rules.js';

/**
 * minimise Σ price · e[k] over docked slots (the dock draws what the battery gains)
 *   docked: s[k] = s[k-1] + e[k], e ≤ g·on, e ≥ g·on − g·stop, s ≥ T·stop, s ≤ T where on
 *   away:   s[k] = max(0, s[k-1] − use[k])   (binary empty[k] for the clamp at empty)
 *   s[k] ≥ floor[k]: the minimum; the target at the end of the last docked slot before each
 *   window and of the horizon; each lowered to what charging whenever docked reaches.
 * The horizon runs to midnight, or on into tomorrow's slots before the next window when the day
 * ends docked (tomorrow priced like today).
 */
export function solveRobotReference(highs: Highs, day: DayContext, input: RobotInput, fixed: readonly boolean[] = []): ReferenceResult {
  const away = input.tasksWindow ? refWindow(input.tasksWindow.startMinute, input.tasksWindow.endMinute) : Array<boolean>(48).fill(false);
  const firstAway = away.indexOf(true);
  const slots = refSlots(day, firstAway >= 0 && !away[47] ? 48 + firstAway : 48);
  const levels = chargeLevels(input);
  if ('optimal' in levels) return levels;
  const { capacityKwh: cap, startKwh: s0, targetKwh: T, minKwh: M } = levels;
  const awayHours = away.filter(Boolean).length * 0.5;
  const isAway = slots.map((s) => away[s.index % 48]!);
  const departs = slots.map((_, k) => !isAway[k] && (k === slots.length - 1 || isAway[k + 1]!));
  const use = slots.map((s) => (awayHours > 0 ? ((T - M) * s.hours) / awayHours : 0));
  const gain = slots.map((s) => Math.max(0, input.maxChargeRateKw) * s.hours);
  const tol = 1e-9 * cap;
  let reach = s0;
  let minMissed = false;
  let targetMissed = false;
  const floors = slots.map((_, k) => {
    reach = isAway[k] ? Math.max(0, reach - use[k]!) : reach >= T ? reach : Math.min(T, reach + gain[k]!);
    if (reach < M - tol) minMissed = true;
    if (departs[k] && reach < T - tol && !targetMissed) targetMissed = true;
    return Math.min(departs[k] ? T : M, reach);
  });
  const lp = newLp();
  const top = Math.max(T, s0);
  slots.forEach((s, k) => {
    const v = (name: string) => `${name}${k}`;
    const prev: [number, string][] = k > 0 ? [[-1, `s${k - 1}`]] : [];
    const start = k > 0 ? 0 : s0;
    bound(lp, v('s'), Math.max(0, floors[k]! - tol), top);
    if (isAway[k]) {
      // s = max(0, prev − use): s ≥ prev − use; s ≤ prev − use + top·empty; s ≤ top·(1 − empty)
      binary(lp, v('empty'));
      row(lp, v('use'), [[1, v('s')], ...prev], '>=', start - use[k]!);
      row(lp, v('useUp'), [[1, v('s')], ...prev, [-top, v('empty')]], '<=', start - use[k]!);
      row(
        lp,
        v('atEmpty'),
        [
          [1, v('s')],
          [top, v('empty')],
        ],
        '<=',
        top,
      );
      return;
    }
    const g = gain[k]!;
    row(lp, v('bal'), [[1, v('s')], ...prev, [-1, v('e')]], '=', start);
    if (g <= 0) {
      bound(lp, v('e'), 0, 0);
      return;
    }
    lp.objective.push(terms([[s.price, v('e')]]));
    binary(lp, v('on'), fixed[k]);
    binary(lp, v('stop'));
    row(
      lp,
      v('full'),
      [
        [1, v('e')],
        [-g, v('on')],
      ],
      '<=',
      0,
    );
    row(
      lp,
      v('stops'),
      [
        [1, v('e')],
        [-g, v('on')],
        [g, v('stop')],
      ],
      '>=',
      0,
    );
    row(
      lp,
      v('atTarget'),
      [
        [1, v('s')],
        [-T, v('stop')],
      ],
      '>=',
      0,
    );
    if (top > T)
      row(
        lp,
        v('ceil'),
        [
          [1, v('s')],
          [top - T, v('on')],
        ],
        '<=',
        top,
      );
  });
  const sol = solveLp(highs, lp);
  if (!sol.optimal) return unsolved(sol.status);
  return {
    optimal: true,
    status: sol.status,
    costCents: sol.objective,
    missed: [...(minMissed ? ['min_charge_pct'] : []), ...(targetMissed ? ['target_charge_pct'] : [])],
  };
}
