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
  /**
   * `date#index@offset`: one slot of one day, and which pass of it. On a fall-back night slots 2
   * and 3 (New York) come twice, once per UTC offset; they are two boundaries, so an override or
   * an application of the first pass says nothing about the second.
   */
  key: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
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

/** Local wall-clock parts of an instant, and the UTC offset in effect (minutes east). */
export function localParts(ms: number, zone: string): { date: string; hour: number; minute: number; offsetMinutes: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const wallAsUtcMs = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), hour, minute);
  const offsetMinutes = Math.round((wallAsUtcMs - Math.floor(ms / 60_000) * 60_000) / 60_000);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour, minute, offsetMinutes };
}

/** The slot (on the local-midnight grid) an instant falls in. */
export function localSlotAt(ms: number, zone: string): LocalSlot {
  const { date, hour, minute, offsetMinutes } = localParts(ms, zone);
  const index = hour * 2 + (minute >= 30 ? 1 : 0);
  return { date, index, hour, key: `${date}#${index}@${offsetMinutes}` };
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

/**
 * The start instants (epoch ms) of the 48 slots of local `date`, on the cloud's grid: slot i starts
 * at the first instant whose local wall time on `date` reads i * 30 minutes or later. A slot the
 * clock skips starts where the jump ends; a repeated stretch belongs to the slot before the clock
 * goes back. Every offset is a multiple of 15 minutes, so the UTC quarter hours are enough.
 */
export function slotStartsMs(date: string, zone: string): number[] {
  const starts: number[] = [];
  const noonUtc = Date.parse(`${date}T12:00:00Z`);
  // Every zone's local midnight lies within 14 hours of UTC midnight: start 26 hours before noon.
  for (let t = noonUtc - 26 * 3_600_000; starts.length < 48 && t < noonUtc + 38 * 3_600_000; t += QUARTER_MS) {
    const p = localParts(t, zone);
    if (p.date !== date) continue;
    const minuteOfDay = p.hour * 60 + p.minute;
    while (starts.length < 48 && starts.length * 30 <= minuteOfDay) starts.push(t);
  }
  return starts;
}
