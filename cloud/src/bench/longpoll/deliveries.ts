// What became of each command the long-poll benchmark posted. A command not at the device within
// 5 s is one of two things, counted apart: late (it arrived afterwards: latency degraded) or lost
// (it never arrived: a bug). One that never arrived is told apart by its row: still pending (no
// poll took it yet: late, not lost) or marked delivered yet never received (lost).

/** One posted command: when its POST was sent and, if it arrived, when the device had it. */
export interface Posted {
  commandId: number;
  sentMs: number;
  arrivedMs: number[];
}

/** The outcome of a step's commands. */
export interface DeliveryReport {
  /** Wake latency (POST sent -> answer at the device) of every arrived command, sorted, ms. */
  wakeMs: number[];
  onTime: number;
  /** Arrived, but later than `lateAfterMs`. */
  late: number;
  /** Never arrived and still pending in the database: no poll took it (yet). */
  pending: number;
  /** Never arrived although marked delivered: handed to an answer the device never read. */
  lost: number;
  /** Arrived more than once. */
  duplicated: number;
}

/** Classifies the commands; `deliveredIds` are those the database shows as handed over. */
export function classifyDeliveries(posted: readonly Posted[], deliveredIds: ReadonlySet<number>, lateAfterMs: number): DeliveryReport {
  const report: DeliveryReport = { wakeMs: [], onTime: 0, late: 0, pending: 0, lost: 0, duplicated: 0 };
  for (const p of posted) {
    if (p.arrivedMs.length === 0) {
      if (deliveredIds.has(p.commandId)) report.lost += 1;
      else report.pending += 1;
      continue;
    }
    if (p.arrivedMs.length > 1) report.duplicated += 1;
    const wake = p.arrivedMs[0]! - p.sentMs;
    report.wakeMs.push(wake);
    if (wake > lateAfterMs) report.late += 1;
    else report.onTime += 1;
  }
  report.wakeMs.sort((a, b) => a - b);
  return report;
}
