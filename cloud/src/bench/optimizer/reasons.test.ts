// Every planner's reasons held against its plan on the optimizer bench's own instances: a reason
// for every slot, acting exactly where the plan acts, with figures that agree with the plan and
// the day's prices, and a summary that names the deciding prices (and a car's deadline).
import { describe, expect, it } from 'vitest';
import { planHvac } from '../../domain/planners/hvac.js';
import { ACTING_DUTY } from '../../domain/planners/hvac-reasons.js';
import { REASON_CODES, isActing, slotClock, type PlanExplanation, type SlotReason } from '../../domain/planners/reason-codes.js';
import type { DayContext } from '../../domain/planners/types.js';
import { cases } from './cases.js';

/** Instances per case: enough to meet every kind of day, small enough for a unit test. */
const INSTANCES = 120;
/**
 * A case plans and checks 120 days: about 0.6 s on an idle machine, up to 4 s on a loaded one, near
 * vitest's 5 s default. The planners' speed is bench:optimizer's p99 CPU ms row (against its 20 ms
 * target), not this test's: the limit only bounds a hang.
 */
const CASE_TIMEOUT_MS = 30_000;
const SEED = 7;
/** Prices and figures are rounded to a hundredth of a cent. */
const CENTS = 0.011;

type Instance = { label: string; day: DayContext; input: Record<string, unknown> };
type Schedule = PlanExplanation & { intervals?: unknown[]; discharge_intervals?: boolean[] };

/** The slot of an "HH:MM" label at or after `from` (labels name today's clock; tomorrow's wrap). */
const slotOf = (label: string): number => {
  const [h, m] = label.slice(0, 5).split(':').map(Number);
  return h! * 2 + (m! >= 30 ? 1 : 0);
};

/** Per slot of today, whether the plan acts there, from the schedule (and for HVAC the planned power). */
function actsBy(type: string, instance: Instance, schedule: Schedule): (i: number) => boolean | null {
  if (type === 'hvac') {
    const r = planHvac(instance.day, instance.input as never);
    const rated = instance.input.ratedPowerKw as { cool: number; heat: number };
    // A duty of 1 % or more acts; a planned power of nothing does not; in between is the solver's rounding.
    return (i) => (r.plannedPowerKw[i]! >= ACTING_DUTY * Math.max(rated.cool, rated.heat) ? true : r.plannedPowerKw[i]! <= 0 ? false : null);
  }
  return (i) => schedule.intervals?.[i] === true || schedule.discharge_intervals?.[i] === true;
}

function checkReasons(type: string, instance: Instance, schedule: Schedule): void {
  const { day } = instance;
  const reasons = schedule.reasons_48;
  const at = `${type} ${instance.label}`;
  expect(reasons, at).toHaveLength(48);
  const price = (i: number) => Math.round(day.pricesCentsPerKwh[i]! * 100) / 100;
  const acts = actsBy(type, instance, schedule);
  reasons.forEach((r: SlotReason, i) => {
    const where = `${at} slot ${i} ${JSON.stringify(r)}`;
    expect(Object.keys(REASON_CODES), where).toContain(r.code);
    if (i < day.fromSlot) {
      expect(r.code, where).toBe('past');
      return;
    }
    // The slot's price is the day's.
    expect(r.price_cents, where).toBeCloseTo(price(i), 2);
    // Every slot the plan acts in has an acting reason, and only those.
    const acting = acts(i);
    if (acting !== null) expect(isActing(r.code), where).toBe(acting);
    const p = r.price_cents!;
    const laterUnused = (to: number) => reasons.slice(i + 1, to + 1).flatMap((q, j) => (q.code === 'waits_for_cheaper' ? [{ q, j: i + 1 + j }] : []));
    switch (r.code) {
      case 'cheapest_left': {
        // Never dearer than a slot left unused before the time it charges for, and worth at least its price.
        const by = r.by && !r.by.includes('tomorrow') && r.by !== 'midnight' ? slotOf(r.by) - 1 : 47;
        for (const { q, j } of laterUnused(by)) expect(p, `${where} vs unused slot ${j} at ${q.price_cents}`).toBeLessThanOrEqual(q.price_cents! + CENTS);
        if (r.compared_cents !== undefined) expect(r.compared_cents, where).toBeGreaterThanOrEqual(p - CENTS);
        expect(r.by, where).toBeTruthy();
        break;
      }
      case 'stored_for':
      case 'pre_cool':
      case 'pre_heat':
        // It names an hour whose price is higher.
        expect(r.compared_at, where).toBeTruthy();
        expect(price(slotOf(r.compared_at!)), where).toBeGreaterThan(p);
        expect(r.compared_cents!, where).toBeGreaterThan(p);
        break;
      case 'waits_for_cheaper':
        if (r.compared_cents !== undefined) expect(r.compared_cents, where).toBeLessThanOrEqual(p + CENTS);
        if (r.compared_at && !r.compared_at.includes('tomorrow')) {
          expect(slotOf(r.compared_at), where).toBeGreaterThan(i);
          expect(price(slotOf(r.compared_at)), where).toBeLessThanOrEqual(p + CENTS);
        }
        break;
      case 'held_for_later':
        if (r.compared_cents !== undefined) expect(r.compared_cents, where).toBeGreaterThanOrEqual(p - CENTS);
        if (r.compared_at && !r.compared_at.includes('tomorrow')) expect(slotOf(r.compared_at), where).toBeGreaterThan(i);
        break;
      case 'covers_house':
        if (r.compared_cents !== undefined) expect(r.compared_cents, where).toBeLessThanOrEqual(p + CENTS);
        break;
      case 'exports':
        expect(r.export_cents, where).toBeTypeOf('number');
        if (r.compared_cents !== undefined) expect(r.export_cents!, where).toBeGreaterThanOrEqual(r.compared_cents - CENTS);
        break;
    }
  });
  // The summary names the prices of the slots it acts in.
  const acted = reasons.filter((r) => isActing(r.code));
  expect(schedule.summary, at).toMatch(/\.$/);
  if (acted.length > 0) {
    const cheapest = Math.min(...acted.map((r) => r.price_cents!));
    expect(schedule.summary, at).toContain(`${Math.round(cheapest * 10) / 10}`);
  }
}

describe('plan reasons on the optimizer bench instances', () => {
  for (const c of cases) {
    it(`${c.name ?? c.type}: a reason per slot that agrees with the plan and the prices`, { timeout: CASE_TIMEOUT_MS }, () => {
      let acted = 0;
      for (const instance of c.generate(INSTANCES, SEED) as Instance[]) {
        const schedule = c.solvePlanner(instance).schedule as Schedule;
        checkReasons(c.type, instance, schedule);
        acted += schedule.reasons_48.filter((r) => isActing(r.code)).length;
        if (c.type === 'ev_charger' && schedule.reasons_48.some((r) => isActing(r.code))) {
          // A car's summary names its deadline.
          expect(schedule.summary, instance.label).toMatch(/deadline/);
        }
      }
      // The instances exercise the reasons: plenty of slots act.
      expect(acted).toBeGreaterThan(INSTANCES);
    });
  }

  it('slot labels are the slot grid clock', () => {
    expect([slotClock(0), slotClock(15), slotClock(47), slotClock(63)]).toEqual(['00:00', '07:30', '23:30', '07:30']);
  });
});
