// The shape of the latency: every request (but the long-poll) folded onto the simulated minute of
// the half hour it was sent in, so one sees whether the slow ones cluster at the half-hour
// boundaries (each add-on's boundary work), at the 5-minute marks (readings) or spread evenly.
// A home's clock runs behind the fleet's by up to `spreadMs`, so a mark's burst covers the first
// ceil(spread) minutes after it.
import { printTable, rankAbove } from '@offpeak/cloud/bench';

const MINUTE = 60_000;

export interface ShapeRow {
  part: string;
  minutes: string;
  requests: number;
  'req per sim. minute': number;
  'p50 ms': number;
  'p99 ms': number;
}

/** The half hour split in three: the boundary burst, the other 5-minute marks' bursts, the rest. */
export function latencyShape(byMinute: readonly number[][], spreadMs: number): ShapeRow[] {
  const burst = Math.max(1, Math.min(5, Math.ceil(spreadMs / MINUTE)));
  const parts: { part: string; has: (m: number) => boolean }[] = [
    { part: 'half-hour boundary burst', has: (m) => m < burst },
    { part: 'other 5-minute marks', has: (m) => m >= 5 && m % 5 < burst },
    { part: 'the rest', has: (m) => m % 5 >= burst },
  ];
  return parts.flatMap(({ part, has }) => {
    const minutes = byMinute.map((_, m) => m).filter(has);
    if (!minutes.length) return [];
    const all = minutes.flatMap((m) => byMinute[m]!);
    return [
      {
        part,
        minutes: spanText(minutes),
        requests: all.length,
        'req per sim. minute': all.length / minutes.length,
        'p50 ms': rankAbove(all, 0.5),
        'p99 ms': rankAbove(all, 0.99),
      },
    ];
  });
}

/** Prints the split and one line per simulated minute of the half hour. */
export function printLatencyShape(byMinute: readonly number[][], spreadMs: number, rate: number): void {
  console.log(
    `\nlatency by when in the half hour a request was sent (all routes but the long-poll; a mark's burst spans ${Math.ceil(spreadMs / MINUTE)} simulated min, 1 min = ${(MINUTE / rate / 1000).toFixed(2)} s real):`,
  );
  printTable(latencyShape(byMinute, spreadMs) as unknown as Record<string, string | number>[]);
  const line = byMinute.map((ms, m) => {
    return `${String(m).padStart(2)}': ${ms.length} req p99 ${rankAbove(ms, 0.99).toFixed(0)}`;
  });
  for (let i = 0; i < line.length; i += 5) console.log(`  ${line.slice(i, i + 5).join(' | ')}`);
}

/** "0-4, 30-34" style list of minute indexes. */
function spanText(minutes: number[]): string {
  const spans: string[] = [];
  for (let i = 0; i < minutes.length;) {
    let j = i;
    while (j + 1 < minutes.length && minutes[j + 1] === minutes[j]! + 1) j++;
    spans.push(i === j ? `${minutes[i]}` : `${minutes[i]}-${minutes[j]}`);
    i = j + 1;
  }
  return spans.length > 4 ? `${spans.slice(0, 3).join(', ')}... (${minutes.length})` : spans.join(', ');
}
