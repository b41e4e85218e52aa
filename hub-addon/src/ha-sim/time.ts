// Time as Home Assistant Core writes it: microsecond UTC instants, ISO-8601 with "+00:00"
// (Python's datetime.isoformat, no fraction when the microseconds are zero) and float epoch seconds.

/** Microseconds since the epoch; Core's datetimes have microsecond resolution. */
export type Micros = number;

export function microsFromMs(ms: number): Micros {
  return Math.round(ms * 1000);
}

export function isoFromMicros(us: Micros): string {
  const ms = Math.floor(us / 1000);
  const micro = us % 1_000_000;
  const base = new Date(ms).toISOString().slice(0, 19);
  if (micro === 0) return `${base}+00:00`;
  return `${base}.${String(micro).padStart(6, '0')}+00:00`;
}

export function epochSecondsFromMicros(us: Micros): number {
  return us / 1_000_000;
}

/** A clock that never repeats an instant, as two writes in one millisecond still differ in Core. */
export function strictlyIncreasing(nowMs: () => number): () => Micros {
  let last = 0;
  return () => {
    const us = microsFromMs(nowMs());
    last = us > last ? us : last + 1;
    return last;
  };
}
