// The claim's 422 checks (an inverted setpoint range or an unknown hvac_type), run after
// the field checks (400) have passed.
import { HVAC_TYPES } from '../appliance-types/index.js';
import { DEFAULT_SETPOINT_MAX_F, DEFAULT_SETPOINT_MIN_F } from './setpoint-range.js';

export const HVAC_TYPE_DETAIL = `hvac_type must be one of ${HVAC_TYPES.join(', ')}`;

/**
 * The 422 detail for a claim, or null. The range is checked as it will be in effect: a lone
 * bound is compared with the other's default, so a claim can never leave an inverted range.
 */
export function claimIssue(claim: { hvac_type: string; setpoint_min_f?: number; setpoint_max_f?: number }): string | null {
  if (!(HVAC_TYPES as readonly string[]).includes(claim.hvac_type)) return HVAC_TYPE_DETAIL;
  const min = claim.setpoint_min_f ?? DEFAULT_SETPOINT_MIN_F;
  const max = claim.setpoint_max_f ?? DEFAULT_SETPOINT_MAX_F;
  if (min <= max) return null;
  const describe = (value: number, sent: boolean) => (sent ? `${value}` : `${value}, the default`);
  return `setpoint_min_f (${describe(min, claim.setpoint_min_f !== undefined)}) must not be above setpoint_max_f (${describe(max, claim.setpoint_max_f !== undefined)})`;
}
