import { describe, expect, it } from 'vitest';
import type { ThermalReading } from './duty.js';
import { WARMUP_RULE, warmupStatus } from './warmup.js';

const START = Date.UTC(2026, 6, 1);
const MINUTE = 60_000;

/** A reading every `everyMin` minutes for `hours`, running for the first `runMinPerHour` minutes of each hour. */
function stretch(opts: {
  fromMin?: number;
  hours: number;
  everyMin?: number;
  runMinPerHour?: number;
}): Pick<ThermalReading, 'at' | 'hvacState' | 'hvacAction'>[] {
  const { fromMin = 0, hours, everyMin = 5, runMinPerHour = 30 } = opts;
  const out: Pick<ThermalReading, 'at' | 'hvacState' | 'hvacAction'>[] = [];
  for (let m = 0; m <= hours * 60; m += everyMin) {
    out.push({ at: new Date(START + (fromMin + m) * MINUTE), hvacState: 'COOL', hvacAction: m % 60 < runMinPerHour ? 'cooling' : 'idle' });
  }
  return out;
}

describe('warmupStatus', () => {
  it('is ready with 48 continuous hours holding 2 h of running and 2 h of rest', () => {
    const status = warmupStatus(stretch({ hours: 48 }));
    expect(status).toMatchObject({ ready: true, reason: 'ready', progress: 1, coveredHours: 48 });
    expect(status.runningMinutes).toBe(24 * 60);
    expect(status.idleMinutes).toBe(24 * 60);
  });

  it('reports no readings', () => {
    expect(warmupStatus([])).toEqual({ ready: false, reason: 'no_readings', progress: 0, coveredHours: 0, runningMinutes: 0, idleMinutes: 0 });
  });

  it('is too short before 48 hours, with progress the covered fraction', () => {
    const status = warmupStatus(stretch({ hours: 12 }));
    expect(status).toMatchObject({ ready: false, reason: 'too_short', progress: 0.25, coveredHours: 12 });
  });

  it('starts again after a gap of more than 30 minutes', () => {
    const before = stretch({ hours: 40 });
    const after = stretch({ fromMin: 40 * 60 + 31, hours: 20 });
    const status = warmupStatus([...before, ...after]);
    expect(status.reason).toBe('too_short');
    expect(status.coveredHours).toBe(20);
  });

  it('bridges a gap of exactly 30 minutes', () => {
    const before = stretch({ hours: 30 });
    const after = stretch({ fromMin: 30 * 60 + 30, hours: 18 });
    expect(warmupStatus([...before, ...after])).toMatchObject({ ready: true, coveredHours: 48.5 });
  });

  it('waits for running time: a unit that never ran cannot show its effect', () => {
    const status = warmupStatus(stretch({ hours: 72, runMinPerHour: 0 }));
    expect(status).toMatchObject({ ready: false, reason: 'too_little_running', progress: 0, runningMinutes: 0 });
  });

  it('waits for idle time: a unit that never rested cannot show the home drifting', () => {
    const status = warmupStatus(stretch({ hours: 72, runMinPerHour: 60 }));
    expect(status).toMatchObject({ ready: false, reason: 'too_little_idle', progress: 0, idleMinutes: 0 });
  });

  it('reports the least advanced requirement as progress', () => {
    // 60 h covered, but only 5 minutes of running in each of 12 hours: 60 of 120 running minutes.
    const readings = stretch({ hours: 60, runMinPerHour: 0 }).map((r, i) => (i % 12 === 0 && i < 144 ? { ...r, hvacAction: 'cooling' } : r));
    expect(warmupStatus(readings)).toMatchObject({ ready: false, reason: 'too_little_running', progress: 0.5, runningMinutes: 60 });
  });

  it('reads readings in any order', () => {
    const shuffled = stretch({ hours: 48 }).reverse();
    expect(warmupStatus(shuffled).ready).toBe(true);
  });

  it('has the documented thresholds', () => {
    expect(WARMUP_RULE).toEqual({ minCoveredHours: 48, maxGapMinutes: 30, minRunningMinutes: 120, minIdleMinutes: 120 });
  });
});
