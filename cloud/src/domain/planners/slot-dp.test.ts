import { describe, expect, it } from 'vitest';
import type { RangeTransition, Transition } from './slot-actions.js';
import { planSlots, type DpPlan, type DpSlot } from './slot-dp.js';

const TOL = { x: 1e-9, y: 1e-9 };

/** A tiny seeded generator (LCG) so the random cases are fixed. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const idle: Transition = { next: (x) => x, cost: () => 0, breaks: [] };
const charge = (ceiling: number, gain: number, price: number): Transition => {
  const next = (x: number) => (x >= ceiling ? x : Math.min(ceiling, x + gain));
  return { next, cost: (x) => price * (next(x) - x), breaks: [ceiling - gain, ceiling] };
};
const discharge = (floor: number, amount: number, price: number): Transition => {
  const next = (x: number) => (x <= floor ? x : Math.max(floor, x - amount));
  return { next, cost: (x) => -price * (x - next(x)), breaks: [floor, floor + amount] };
};
/** Tank-like: decay toward 50 by `keep`, heating by `heat` capped at 140 when on. */
const tank = (keep: number, heat: number, price: number, on: boolean): Transition => {
  const pre = (x: number) => keep * x + (1 - keep) * 50;
  const next = on ? (x: number) => Math.max(pre(x), Math.min(140, pre(x) + heat)) : pre;
  return { next, cost: (x) => price * (next(x) - pre(x)), breaks: [(140 - heat - (1 - keep) * 50) / keep, (140 - (1 - keep) * 50) / keep] };
};

/** Exhaustive search: the cheapest action sequence meeting the floors the engine reports. */
function bruteForce(start: number, slots: DpSlot[], floors: number[]): number {
  let best = Infinity;
  const walk = (i: number, x: number, cost: number) => {
    if (i === slots.length) {
      best = Math.min(best, cost);
      return;
    }
    for (const a of slots[i]!.actions) {
      if (!('next' in a)) throw new Error('bruteForce walks fixed transitions only (integerOptimum covers ranges)');
      const y = a.next(x);
      if (y >= floors[i]! - 1e-9) walk(i + 1, y, cost + a.cost(x));
    }
  };
  walk(0, start, 0);
  return best;
}

/** Never below the optimum, and above it by no more than the bound the plan reports. */
function expectNear(plan: DpPlan, optimum: number) {
  // A state within the state tolerance below a floor meets it, which may save a few nano-cents.
  expect(plan.costCents).toBeGreaterThanOrEqual(optimum - 1e-6);
  expect(plan.costCents).toBeLessThanOrEqual(optimum + plan.errorBoundCents);
}

function batterySlots(rand: () => number, n: number, deadline: number, negative: boolean): DpSlot[] {
  return Array.from({ length: n }, (_, i) => {
    const price = (negative ? -15 : 5) + 40 * rand();
    return {
      actions: [idle, charge(8, 1 + 2 * rand(), price / 0.9), discharge(2, 0.3 + 1.5 * rand(), price)],
      floor: i === deadline ? 8 : 2,
    };
  });
}

/** Charging by up to `gain` toward `ceiling`, or covering a load by up to `amount` above `floor`. */
const chargeRange = (ceiling: number, gain: number, price: number): RangeTransition => ({
  low: (x) => x,
  high: (x) => (x >= ceiling ? x : Math.min(ceiling, x + gain)),
  base: () => 0,
  slope: price,
  breaks: [ceiling - gain, ceiling],
});
const coverRange = (floor: number, amount: number, price: number): RangeTransition => {
  const low = (x: number) => (x <= floor ? x : Math.max(floor, x - amount));
  return { low, high: (x) => x, base: (x) => price * (low(x) - x), slope: price, breaks: [floor, floor + amount] };
};

/**
 * Exhaustive DP over whole-number states, exact for range actions with whole-number ends (an
 * optimal move then ends on a whole number: the constraints are intervals, so vertices are integral).
 */
function integerOptimum(start: number, slots: DpSlot[], floors: number[], top: number): number {
  let value = new Map<number, number>([[start, 0]]);
  slots.forEach((slot, i) => {
    const next = new Map<number, number>();
    for (const [x, v] of value) {
      for (const a of slot.actions) {
        const [low, high] = 'low' in a ? [a.low(x), a.high(x)] : [a.next(x), a.next(x)];
        for (let y = Math.ceil(low - 1e-9); y <= Math.min(top, high + 1e-9); y++) {
          if (y < floors[i]! - 1e-9) continue;
          const cost = 'low' in a ? a.base(x) + a.slope * (y - a.low(x)) : a.cost(x);
          next.set(y, Math.min(next.get(y) ?? Infinity, v + cost));
        }
      }
    }
    value = next;
  });
  return Math.min(...value.values());
}

describe('planSlots', () => {
  it.each(Array.from({ length: 40 }, (_, k) => k))('matches exhaustive search with charge/cover ranges, horizon %i', (seed) => {
    const rand = lcg(500 + seed);
    const n = 8;
    const deadline = Math.floor(rand() * n);
    const slots: DpSlot[] = Array.from({ length: n }, (_, i) => {
      const price = (seed % 2 ? -20 : 0) + 40 * rand();
      return {
        actions: [idle, coverRange(2, Math.floor(4 * rand()), price), chargeRange(9, 1 + Math.floor(3 * rand()), price / 0.9)],
        floor: i === deadline ? 9 : 2,
      };
    });
    const start = Math.floor(11 * rand());
    const plan = planSlots(start, slots, TOL);
    expectNear(plan, integerOptimum(start, slots, plan.floors, Math.max(9, start)));
  });

  it.each(Array.from({ length: 40 }, (_, k) => k))('matches exhaustive search on random battery horizon %i', (seed) => {
    const rand = lcg(seed + 1);
    const n = 8;
    const slots = batterySlots(rand, n, Math.floor(rand() * n), seed % 2 === 1);
    const start = 1 + 7 * rand();
    const plan = planSlots(start, slots, TOL);
    expectNear(plan, bruteForce(start, slots, plan.floors));
    plan.states.forEach((s, i) => expect(s).toBeGreaterThanOrEqual(plan.floors[i]! - 1e-9));
  });

  it.each(Array.from({ length: 30 }, (_, k) => k))('matches exhaustive search on random tank horizon %i', (seed) => {
    const rand = lcg(100 + seed);
    const n = 10;
    const slots: DpSlot[] = Array.from({ length: n }, () => {
      const keep = 0.7 + 0.3 * rand();
      const heat = 5 + 20 * rand();
      const price = (seed % 3 === 0 ? -10 : 2) + 30 * rand();
      return { actions: [tank(keep, heat, price, false), tank(keep, heat, price, true)], floor: 110 };
    });
    const start = 90 + 50 * rand();
    const plan = planSlots(start, slots, TOL);
    expectNear(plan, bruteForce(start, slots, plan.floors));
  });

  it('lowers an unreachable floor to the highest reachable state and takes the highest-reaching actions', () => {
    const slots: DpSlot[] = [10, 20, 30].map((price, i) => ({ actions: [idle, charge(100, 10, price)], floor: i === 2 ? 90 : -Infinity }));
    const plan = planSlots(40, slots, TOL);
    expect(plan.floors).toEqual([-Infinity, -Infinity, 70]);
    expect(plan.choices).toEqual([1, 1, 1]);
    expect(plan.states).toEqual([50, 60, 70]);
    expect(plan.costCents).toBe(600);
  });

  it('prefers the first action on a tie (no charging that buys nothing)', () => {
    const slots: DpSlot[] = [0, 0, 0].map(() => ({ actions: [idle, charge(100, 10, 0)], floor: -Infinity }));
    expect(planSlots(40, slots, TOL).choices).toEqual([0, 0, 0]);
  });

  it('handles an empty horizon', () => {
    expect(planSlots(5, [], TOL)).toEqual({ choices: [], states: [], costCents: 0, floors: [], errorBoundCents: 0, moves: [], steps: [] });
  });
});
