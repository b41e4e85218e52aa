// The `detail` of a `calibrating` result: what the HVAC's warm-up still needs (thermal-model.md "Warm-up").
import { WARMUP_RULE, type WarmupStatus } from '../thermal/warmup.js';

const whole = (v: number) => Math.floor(v);

/** A short, human-readable account of the warm-up's first unmet requirement. */
export function warmupDetail(status: WarmupStatus | null): string {
  const { minCoveredHours, minRunningMinutes, minIdleMinutes } = WARMUP_RULE;
  if (!status || status.reason === 'no_readings') return `warming up: no readings yet; ${minCoveredHours} hours of continuous readings are needed`;
  switch (status.reason) {
    case 'too_short':
      return `warming up: ${whole(status.coveredHours)} of ${minCoveredHours} hours of continuous readings`;
    case 'too_little_running':
      return `warming up: the unit ran ${whole(status.runningMinutes)} of the ${minRunningMinutes} minutes needed`;
    case 'too_little_idle':
      return `warming up: the unit rested ${whole(status.idleMinutes)} of the ${minIdleMinutes} minutes needed`;
    default:
      return 'warming up: the readings do not support a model yet';
  }
}
