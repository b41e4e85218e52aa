// What the database holds, counted the way the fault tests report it: readings per appliance in a
// window against the 5-minute grid both homes capture on (lost = grid instants with no reading,
// doubled = rows beyond one per timestamp), and commands delivered to the satellite.
import { createDatabase } from '@offpeak/cloud/testing/store';
import type { Database } from './cloud.js';
import type { HomeB } from './homes.js';

const CADENCE_MS = 5 * 60_000;

export interface ReadingsTally {
  expected: number;
  stored: number;
  lost: number;
  doubled: number;
  /** The grid instants with no reading (first few). */
  gaps: string[];
}

/** Readings of `applianceId` on the 5-minute grid in [fromMs, toMs). */
export async function tallyReadings(db: Database, applianceId: string, fromMs: number, toMs: number): Promise<ReadingsTally> {
  const seq = createDatabase({ url: db.url, poolMax: 1 });
  try {
    const [rows] = (await seq.query(`SELECT ts FROM hvac_readings WHERE appliance_id = $1 AND ts >= $2 AND ts < $3`, {
      bind: [applianceId, new Date(fromMs), new Date(toMs)],
    })) as [{ ts: Date }[], unknown];
    // Each reading counts for the nearest grid instant (a capture timer fires a little late under
    // a fast clock on a loaded machine).
    const perSlot = new Map<number, number>();
    for (const r of rows) {
      const t = Math.round(new Date(r.ts).getTime() / CADENCE_MS) * CADENCE_MS;
      perSlot.set(t, (perSlot.get(t) ?? 0) + 1);
    }
    const gaps: string[] = [];
    let expected = 0;
    for (let t = Math.ceil(fromMs / CADENCE_MS) * CADENCE_MS; t < toMs; t += CADENCE_MS) {
      expected++;
      if (!perSlot.has(t)) gaps.push(new Date(t).toISOString());
    }
    // Doubled: the same reading stored twice (one timestamp); a state report's reading beside a
    // capture is a reading of its own.
    const doubled = rows.length - new Set(rows.map((r) => new Date(r.ts).getTime())).size;
    return { expected, stored: rows.length, lost: gaps.length, doubled, gaps: gaps.slice(0, 5) };
  } finally {
    await seq.close();
  }
}

/** Command ids the satellite received (its `command` log lines), with how often each arrived and how often it was applied. */
export function deliveries(home: HomeB): Map<number, { received: number; applied: number }> {
  const seen = new Map<number, { received: number; applied: number }>();
  for (const e of home.events) {
    if (e.event !== 'command') continue;
    const tally = seen.get(Number(e.id)) ?? { received: 0, applied: 0 };
    tally.received++;
    if (!e.repeat) tally.applied++;
    seen.set(Number(e.id), tally);
  }
  return seen;
}

/**
 * Lost: never received. Doubled: applied more than once. Repeated: handed over again and only
 * acknowledged, as the cloud does when a delivered mark did not commit (the device tells it by id).
 */
export function tallyCommands(home: HomeB, sent: number[]): { sent: number; lost: number; doubled: number; repeated: number } {
  const seen = deliveries(home);
  return {
    sent: sent.length,
    lost: sent.filter((id) => !seen.has(id)).length,
    doubled: sent.filter((id) => (seen.get(id)?.applied ?? 0) > 1).length,
    repeated: sent.filter((id) => (seen.get(id)?.received ?? 0) > 1).length,
  };
}

/** Where each command stands in the database (for a failure message: pending, handed over, acknowledged). */
export async function commandRows(db: Database, ids: number[]): Promise<string> {
  const seq = createDatabase({ url: db.url, poolMax: 1 });
  try {
    const [rows] = (await seq.query(`SELECT id, delivered_at, acked_at FROM device_commands WHERE id = ANY($1::bigint[]) ORDER BY id`, { bind: [ids] })) as [
      { id: number; delivered_at: Date | null; acked_at: Date | null }[],
      unknown,
    ];
    return rows.map((r) => `${r.id}: ${r.acked_at ? 'acknowledged' : r.delivered_at ? 'handed over, not acknowledged' : 'pending'}`).join('; ');
  } finally {
    await seq.close();
  }
}

/** Real seconds from `sinceMs` until `done()` holds (checked every 50 ms), or until `timeoutMs` has passed. */
export async function secondsUntil(done: () => boolean, sinceMs: number, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return (Date.now() - sinceMs) / 1000;
}
