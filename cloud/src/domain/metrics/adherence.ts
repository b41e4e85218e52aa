// Adherence of one HVAC-day: plan delivery (conformance) and people changing the plan (overrides).
// Readings are classified in SQL by the store (store/metrics-day-sql.ts) with these rules, in order:
// 1. override: override_active is true, or target_temp and commanded_setpoint differ by more
//    than DIVERGENCE_F (a person set the thermostat away from what was commanded);
// 2. conformance defect: commanded_setpoint differs from the planned setpoint of the reading's
//    slot by more than DIVERGENCE_F (the plan was not delivered);
// 3. conforming: commanded_setpoint within DIVERGENCE_F of the planned setpoint;
// 4. otherwise unjudged (no commanded setpoint, or no plan).
// An episode is a maximal run of consecutive readings of one class (overrides or defects) in
// the local day; any reading of another class ends it.
import type { Episode } from './day-input.js';

/** The reading classes, as the SQL numbers them. */
export const READING_CLASS = { unjudged: 0, override: 1, defect: 2, conforming: 3 } as const;

/** A run of one class without its local hour yet. */
export interface Run {
  kind: 'override' | 'defect';
  start: Date;
  end: Date;
  readings: number;
}

/** Setpoints further apart than this differ, F (a whole-degree thermostat rounds by up to 0.5 F each way). */
export const DIVERGENCE_F = 1;

/**
 * The runs of a machine-day from the class of each of its readings in time order (one READING_CLASS
 * digit each) and the times of its override and defect readings, in the same order.
 */
export function runsFromClasses(classes: string, runAt: readonly Date[]): Run[] {
  const runs: Run[] = [];
  let k = 0; // index into runAt of the current override or defect reading
  for (let i = 0; i < classes.length; i++) {
    const cls = Number(classes[i]);
    if (cls !== READING_CLASS.override && cls !== READING_CLASS.defect) continue;
    const kind = cls === READING_CLASS.override ? 'override' : 'defect';
    const last = runs.at(-1);
    if (last && classes[i - 1] === classes[i]) {
      last.end = runAt[k]!;
      last.readings++;
    } else runs.push({ kind, start: runAt[k]!, end: runAt[k]!, readings: 1 });
    k++;
  }
  return runs;
}

/** Percent of the judged readings that conformed; null when none was judged. */
export function conformancePct(considered: number, conforming: number): number | null {
  return considered > 0 ? (conforming / considered) * 100 : null;
}

/** Episodes by the local hour they started in (24 counts, index 0 = midnight). */
export function hourHistogram(episodes: readonly Episode[]): number[] {
  const hours = new Array<number>(24).fill(0);
  for (const e of episodes) hours[e.startHour]! += 1;
  return hours;
}
