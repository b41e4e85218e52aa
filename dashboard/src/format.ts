// Formatting for people: slot labels, instants in the account's time zone, money and percents.
// Times are always shown in the account's zone (the profile's `timezone`), not the browser's.

/** `HH:MM` start of half-hour slot `i` (0 = midnight local). */
export const slotLabel = (i: number) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;

/** `HH:00` of hour `h`. */
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** An ISO instant as date and time in `zone`, e.g. "Nov 25, 14:05". */
export function formatInstant(iso: string | null | undefined, zone: string): string {
  if (!iso) return 'never';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
}

/** A local date `YYYY-MM-DD` as "Wed, Nov 25". */
export function formatDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(d);
}

/** Today's local date `YYYY-MM-DD` in `zone`. */
export function localToday(zone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The current half-hour slot in `zone`. */
export function currentSlot(zone: string, now = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(now);
  const h = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const m = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return h * 2 + (m >= 30 ? 1 : 0);
}

export const fmt = (v: number | null | undefined, digits = 1, unit = '') => (v == null || !Number.isFinite(v) ? '—' : `${v.toFixed(digits)}${unit}`);
/** Dollars, a negative amount (a credit, a negative saving) as -$0.90. */
export const usd = (v: number | null | undefined) => (v == null ? '—' : `${v < -0.005 ? '-' : ''}$${Math.abs(v).toFixed(2)}`);
export const pct = (v: number | null | undefined) => fmt(v, 1, ' %');
export const cents = (v: number | null | undefined) => fmt(v, 1, '¢/kWh');

/** Adds `days` to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
