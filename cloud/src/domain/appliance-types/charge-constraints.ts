// Constraint fields shared by the battery-like types (ev_charger, home_battery, robot).
import * as yup from 'yup';
import { hhMmField, numberField } from './fields.js';
import type { ValueRange } from './spec.js';

/** A state of charge in percent, 0-100; null clears it. */
export const percentField = () => numberField(0, 100, { nullable: true });

/** The two fields the floor rule compares. */
type ChargeTargets = { min_charge_pct?: number | null; target_charge_pct?: number | null };

/** Object-level rule: a floor above the target cannot be met, so min_charge_pct <= target_charge_pct. */
export function minAtMostTarget(this: yup.TestContext, v: ChargeTargets) {
  const { min_charge_pct: min, target_charge_pct: target } = v;
  // Field errors are collected too (abortEarly off), so either may still hold a wrong type here.
  if (typeof min !== 'number' || typeof target !== 'number' || min <= target) return true;
  return this.createError({ path: 'min_charge_pct', message: 'min_charge_pct: must be at most target_charge_pct' });
}

/**
 * The constraints of a charge-to-a-deadline type (ev_charger, home_battery): a target, a floor and
 * the deadline, then the type's own `extra` fields, with the floor checked against the target.
 */
export const chargeConstraintSchema = <F extends yup.ObjectShape>(extra: F) =>
  yup
    .object({ target_charge_pct: percentField(), min_charge_pct: percentField(), deadline_time: hhMmField(), ...extra })
    .test('min-at-most-target', function (v) {
      return minAtMostTarget.call(this, v as ChargeTargets);
    });

/** Object-level rule of the home battery: the target and the minimum must fit under max_charge_pct. */
export function targetAtMostMax(
  this: yup.TestContext,
  v: { min_charge_pct?: number | null; target_charge_pct?: number | null; max_charge_pct?: number | null },
) {
  const { max_charge_pct: max, target_charge_pct: target, min_charge_pct: min } = v;
  if (max == null) return true;
  if (target != null && target > max) return this.createError({ path: 'target_charge_pct', message: 'target_charge_pct: must be at most max_charge_pct' });
  if (min != null && min > max) return this.createError({ path: 'min_charge_pct', message: 'min_charge_pct: must be at most max_charge_pct' });
  return true;
}

/** Robots report their battery like an EV: a charge in percent. */
export const PERCENT_READING: ValueRange = { min: 0, max: 100, unit: 'percent', detail: 'EV/battery value must be 0-100 (percent)' };

/** What the charge constraint fields mean, the same for every type that takes them (the OpenAPI description). */
export const CHARGE_FIELDS_API = {
  min_charge_pct: 'never go below',
  deadline_time: 'the target must be met by then; a deadline earlier than now means the same time on the next day',
  current_charge_pct: 'fallback state of charge, used only when no recent state-of-charge reading exists',
};
