// The HVAC warm-up rule: a unit stays `calibrating` (defaults schedules) until its readings can
// support a fit. See thermal-model.md "Warm-up".
import { runningDirection, type ThermalReading } from './duty.js';
import { MINUTE_MS } from '../time/durations.js';

/** The rule's thresholds. */
export const WARMUP_RULE = Object.freeze({
  /** The latest continuous stretch of readings must cover this many hours. */
  minCoveredHours: 48,
  /** Readings further apart than this break the stretch. */
  maxGapMinutes: 30,
  /** Inside the stretch, the unit must have conditioned this long (identifies its effect)... */
  minRunningMinutes: 120,
  /** ...and rested this long (identifies how the home drifts on its own). */
  minIdleMinutes: 120,
});

export type WarmupReason = 'ready' | 'no_readings' | 'too_short' | 'too_little_running' | 'too_little_idle';

export interface WarmupStatus {
  ready: boolean;
  /** The first requirement not met, in the order listed in WarmupReason; `ready` when all are. */
  reason: WarmupReason;
  /** Fraction of the least advanced requirement, 0-1 (2 decimals). */
  progress: number;
  coveredHours: number;
  runningMinutes: number;
  idleMinutes: number;
}

/**
 * Warm-up status from an HVAC's readings (any order). Only the latest continuous stretch counts:
 * a gap of more than 30 minutes between readings starts the count again. Within it, each reading's
 * state (hvac_action, else hvac_state) holds until the next reading; the stretch must cover 48 hours
 * with at least 120 minutes running and 120 minutes at rest.
 */
export function warmupStatus(readings: readonly Pick<ThermalReading, 'at' | 'hvacState' | 'hvacAction'>[]): WarmupStatus {
  const sorted = [...readings].sort((x, y) => x.at.getTime() - y.at.getTime());
  const maxGapMs = WARMUP_RULE.maxGapMinutes * MINUTE_MS;
  let start = sorted.length - 1;
  while (start > 0 && sorted[start]!.at.getTime() - sorted[start - 1]!.at.getTime() <= maxGapMs) start--;
  let runningMs = 0;
  let idleMs = 0;
  for (let i = Math.max(0, start); i + 1 < sorted.length; i++) {
    const heldMs = sorted[i + 1]!.at.getTime() - sorted[i]!.at.getTime();
    if (runningDirection(sorted[i]!)) runningMs += heldMs;
    else idleMs += heldMs;
  }
  const coveredHours = sorted.length ? (sorted.at(-1)!.at.getTime() - sorted[Math.max(0, start)]!.at.getTime()) / 3_600_000 : 0;
  const runningMinutes = runningMs / MINUTE_MS;
  const idleMinutes = idleMs / MINUTE_MS;
  const checks: [WarmupReason, number][] = [
    ['too_short', coveredHours / WARMUP_RULE.minCoveredHours],
    ['too_little_running', runningMinutes / WARMUP_RULE.minRunningMinutes],
    ['too_little_idle', idleMinutes / WARMUP_RULE.minIdleMinutes],
  ];
  const progress = Math.floor(Math.min(1, ...checks.map(([, f]) => f)) * 100) / 100;
  const unmet = checks.find(([, f]) => f < 1);
  const reason: WarmupReason = sorted.length === 0 ? 'no_readings' : unmet ? unmet[0] : 'ready';
  return { ready: reason === 'ready', reason, progress, coveredHours, runningMinutes, idleMinutes };
}
