// The account's local time: slot index, local date and the next half-hour boundary of an instant
// in an IANA zone. Intl does the zone arithmetic, so DST days are right: a spring-forward day
// skips the slots of the missing hour, a fall-back day repeats them (the cloud's wall-clock slot
// formula `hour * 2 + (minute >= 30)`).

/** The local date and slot of an instant. */
export interface LocalSlot {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** 0..47. */
  index: number;
  /** Local hour 0..23. */
  hour: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(zone, f);
  }
  return f;
}

/** True when `zone` is an IANA zone this runtime knows. */
export function isValidZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** Local wall-clock parts of an instant. */
export function localParts(ms: number, zone: string): { date: string; hour: number; minute: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

/** The slot (on the local-midnight grid) an instant falls in. */
export function localSlotAt(ms: number, zone: string): LocalSlot {
  const { date, hour, minute } = localParts(ms, zone);
  return { date, index: hour * 2 + (minute >= 30 ? 1 : 0), hour };
}

const QUARTER_MS = 15 * 60_000;

/**
 * The first instant after `ms` where a local half hour starts. Every zone's offset is a multiple
 * of 15 minutes, so the boundary is the first UTC quarter hour whose local minute is :00 or :30.
 */
export function nextBoundaryMs(ms: number, zone: string): number {
  for (let t = (Math.floor(ms / QUARTER_MS) + 1) * QUARTER_MS; ; t += QUARTER_MS) {
    const { minute } = localParts(t, zone);
    if (minute === 0 || minute === 30) return t;
  }
}

/** The instant at or before `ms` where the local half hour that holds `ms` started. */
export function slotStartMs(ms: number, zone: string): number {
  for (let t = Math.floor(ms / QUARTER_MS) * QUARTER_MS; ; t -= QUARTER_MS) {
    const { minute } = localParts(t, zone);
    if (minute === 0 || minute === 30) return t;
  }
}
