// The exact engine behind the EV, battery, robot and water-heater planners: a backward dynamic
// program over one continuous state (stored kWh, tank °F) with a few actions per slot (all-or-nothing
// steps, or ranges of how far to go). Value functions are piecewise-linear functions of the state
// (piecewise-linear.ts), computed exactly and then kept within a stated millionth of the costs at
// stake, so the plan is the optimum of the slot model within a reported bound, with no state grid.
// Why this and not a MILP or a greedy: slot-dp.md.
import { lowerEnvelope, type Pwl, type Tolerance } from './piecewise-linear.js';
import { approximate } from './pwl-approximate.js';
import { bestMove, composeAction, highestMove, largestCost, marginalMove, reach, type Action } from './slot-actions.js';

/** One slot of the horizon. */
export interface DpSlot {
  /** The slot's actions; on a tie the earliest wins, so "do nothing" goes first. */
  actions: readonly Action[];
  /** Lowest state wanted at the end of the slot (-Infinity: none). */
  floor: number;
}

/** The optimal plan of a horizon. */
export interface DpPlan {
  /** Index of the action taken in each slot. */
  choices: number[];
  /** State at the end of each slot. */
  states: number[];
  /** Sum of the taken actions' costs, cents. */
  costCents: number;
  /** Per slot, the floor the plan was held to: the wanted one, or the highest reachable state when that was out of reach. */
  floors: number[];
  /** The plan costs at most this much more than the optimum of the slot model. */
  errorBoundCents: number;
  /**
   * Per slot, the best move of every action from the state the plan was in (in `actions` order):
   * where it ends, its cost, and its cost plus the least cost of the rest (Infinity when the rest
   * cannot meet the floors). The plan took the one of least value; the others are what it
   * compared, which is what the reasons (slot-reasons.ts) read.
   */
  moves: Move[][];
  /**
   * Per slot, each range action's first step away from doing nothing (marginalMove) where its best
   * move keeps the state, else null: the step says what the state it would have moved is worth at
   * the margin.
   */
  steps: (Move | null)[][];
}

/** One action's best move from a state: where it ends, its cost, and cost plus the value after. */
export interface Move {
  next: number;
  cost: number;
  value: number;
}

/**
 * Actions whose values differ by less than this many cents count as a tie, so float noise in the
 * value functions never makes the plan act for nothing (at most 1e-6 cents per slot from optimal).
 */
const TIE_CENTS = 1e-6;

/** Each value function is kept within this fraction of the largest cost one action can have. */
const RELATIVE_PRECISION = 1e-6;

/**
 * The cheapest plan from `start` that keeps every slot's end state at or above its floor. A floor
 * out of reach is lowered to the highest state reachable there, so the plan is never infeasible:
 * it gets as close as it can (the highest-reaching plan meets every lowered floor at once, because
 * the actions are nondecreasing in the state) and is the cheapest of those that do.
 *
 * `creditPerUnitLeft` values the state left at the end (cents per unit; 0 by default): the plan
 * minimises its cost minus that credit, and `costCents` is still the actions' cost alone.
 *
 * Each value function is kept within ε = RELATIVE_PRECISION × the largest cost of one action of the
 * exact one, which bounds its size (slot-dp.md: why some would otherwise grow large); that costs at
 * most 2ε per slot, and a tie at most TIE_CENTS: the plan is within `errorBoundCents` of the optimum.
 */
export function planSlots(start: number, slots: readonly DpSlot[], tol: Tolerance, creditPerUnitLeft = 0): DpPlan {
  const n = slots.length;
  // Reachable states per slot boundary (nondecreasing actions map the bounds to the bounds).
  const lo = [start];
  const hi = [start];
  const floors: number[] = [];
  slots.forEach(({ actions, floor }, i) => {
    const top = Math.max(...actions.map((a) => reach(a, hi[i]!)[1]));
    const bottom = Math.min(...actions.map((a) => reach(a, lo[i]!)[0]));
    const held = Math.min(floor, top);
    floors.push(held);
    hi.push(top);
    // A state a float's rounding short of the floor meets it (five 0.1 kWh slots do fill 0.5 kWh).
    lo.push(Math.min(top, Math.max(bottom, held - tol.x)));
  });
  const eps = RELATIVE_PRECISION * Math.max(0, ...slots.flatMap((s, i) => s.actions.map((a) => largestCost(a, lo[i]!, hi[i]!))));
  // values[i]: least cost of slots i.. from the state at the start of slot i (values[0] is never needed).
  const values: Pwl[] = new Array<Pwl>(n + 1);
  values[n] = [{ x0: lo[n]!, x1: hi[n]!, y0: -creditPerUnitLeft * lo[n]!, y1: -creditPerUnitLeft * hi[n]! }];
  for (let i = n - 1; i >= 1; i--) {
    const next = values[i + 1]!;
    const exact = lowerEnvelope(
      slots[i]!.actions.flatMap((a) => composeAction(next, a, lo[i]!, hi[i]!, tol)),
      tol,
    );
    values[i] = approximate(exact, eps, tol);
  }
  const choices: number[] = [];
  const states: number[] = [];
  const taken: Move[][] = [];
  const steps: (Move | null)[][] = [];
  let costCents = 0;
  let x = start;
  slots.forEach(({ actions }, i) => {
    const value = values[i + 1]!;
    const moves = actions.map((a) => bestMove(value, a, x, tol));
    // Only an action whose best move keeps the state needs its step.
    steps.push(actions.map((a, j) => (Math.abs(moves[j]!.next - x) <= tol.x ? marginalMove(value, a, x, tol) : null)));
    let best = -1;
    moves.forEach((m, k) => {
      if (m.value < (best < 0 ? Infinity : moves[best]!.value - TIE_CENTS)) best = k;
    });
    // Only float trouble at the very edge of the feasible set can leave no finite move: then the
    // highest-reaching one keeps the plan as close to its floors as possible.
    if (best < 0) {
      const highest = actions.map((a) => highestMove(a, x));
      best = highest.reduce((b, m, k) => (m.next > highest[b]!.next ? k : b), 0);
      moves[best] = highest[best]!;
    }
    const move = moves[best]!;
    costCents += move.cost;
    x = move.next;
    choices.push(best);
    states.push(x);
    taken.push(moves);
  });
  return { choices, states, costCents, floors, errorBoundCents: 2 * eps * Math.max(0, n - 1) + TIE_CENTS * n, moves: taken, steps };
}
