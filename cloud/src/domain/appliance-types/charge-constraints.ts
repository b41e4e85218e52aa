// Constraint fields shared by the battery-like types (ev_charger, home_battery, robot).
import type * as yup from 'yup';
import { numberField } from './fields.js';

/** A state of charge in percent, 0-100; null clears it. */
export const percentField = () => numberField(0, 100, { nullable: true });

/** Object-level rule: a floor above the target cannot be met, so min_charge_pct <= target_charge_pct. */
export function minAtMostTarget(this: yup.TestContext, v: { min_charge_pct?: number | null; target_charge_pct?: number | null }) {
  const { min_charge_pct: min, target_charge_pct: target } = v;
  // Field errors are collected too (abortEarly off), so either may still hold a wrong type here.
  if (typeof min !== 'number' || typeof target !== 'number' || min <= target) return true;
  return this.createError({ path: 'min_charge_pct', message: 'min_charge_pct: must be at most target_charge_pct' });
}

/** Object-level rule of the home battery: the target and the minimum must fit under max_charge_pct. */
export function targetAtMostMax(this: yup.TestContext, v: { min_charge_pct?: number | null; target_charge_pct?: number | null; max_charge_pct?: number | null }) {
  const { max_charge_pct: max, target_charge_pct: target, min_charge_pct: min } = v;
  if (max == null) return true;
  if (target != null && target > max) return this.createError({ path: 'target_charge_pct', message: 'target_charge_pct: must be at most max_charge_pct' });
  if (min != null && min > max) return this.createError({ path: 'min_charge_pct', message: 'min_charge_pct: must be at most max_charge_pct' });
  return true;
}
