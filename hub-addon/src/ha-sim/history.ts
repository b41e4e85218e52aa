// The recorder and the history integration's `history/history_during_period` command, as Core's
// recorder/history.py (get_significant_states, compressed format) and history/websocket_api.py
// answer it: every written state is recorded per entity and kept for 10 days (the recorder's
// default purge_keep_days); a test may seed older history for an entity.
import type { EventBus } from './bus.js';
import { validEntityId, type Attributes, type HaState } from './states.js';
import { epochSecondsFromMicros, microsFromMs, type Micros } from './time.js';

/** Domains whose attribute-only changes are significant (recorder/history SIGNIFICANT_DOMAINS). */
const SIGNIFICANT_DOMAINS = new Set(['climate', 'device_tracker', 'humidifier', 'thermostat', 'water_heater']);
/** Domains that always keep their attributes and full rows (NEED_ATTRIBUTE_DOMAINS). */
const NEED_ATTRIBUTE_DOMAINS = new Set(['climate', 'humidifier', 'input_datetime', 'thermostat', 'water_heater']);
export const KEEP_DAYS = 10;
const DAY_US = 86_400_000_000;

interface Row {
  state: string;
  attributes: Readonly<Attributes>;
  lastChanged: Micros;
  lastUpdated: Micros;
}

export interface HistoryQuery {
  entityIds: string[];
  start: Micros;
  end: Micros | null;
  includeStartTimeState: boolean;
  significantChangesOnly: boolean;
  minimalResponse: boolean;
  noAttributes: boolean;
}

/** A seeded history point: the state `state` written at `at` (ms since the epoch). */
export interface HistoryPoint {
  at: number;
  state: string;
  attributes?: Attributes;
}

const domainOf = (entityId: string) => entityId.slice(0, entityId.indexOf('.'));

export class StateHistory {
  private readonly rows = new Map<string, Row[]>();

  constructor(
    bus: EventBus,
    private readonly now: () => Micros,
  ) {
    bus.listen('state_changed', (event) => {
      const next = event.data.new_state as HaState | null;
      if (next) this.record(next);
    });
  }

  /** Records a state as the recorder writes it (also used for states loaded without an event). */
  record(s: HaState): void {
    const list = this.rows.get(s.entity_id) ?? [];
    list.push({ state: s.state, attributes: s.attributes, lastChanged: s.lastChanged, lastUpdated: s.lastUpdated });
    this.rows.set(s.entity_id, list);
    this.purge(list);
  }

  /** Adds history points for an entity (merged in time order with what is recorded). */
  seed(entityId: string, points: HistoryPoint[]): void {
    const id = entityId.toLowerCase();
    const list = this.rows.get(id) ?? [];
    for (const p of points) {
      const at = microsFromMs(p.at);
      list.push({ state: p.state, attributes: Object.freeze({ ...(p.attributes ?? {}) }), lastChanged: at, lastUpdated: at });
    }
    list.sort((a, b) => a.lastUpdated - b.lastUpdated);
    // last_changed moves only when the state string changes.
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const r = list[i]!;
      if (r.state === prev.state && r.lastChanged !== prev.lastChanged) list[i] = { ...r, lastChanged: prev.lastChanged };
    }
    this.rows.set(id, list);
  }

  private purge(list: Row[]): void {
    const cutoff = this.now() - KEEP_DAYS * DAY_US;
    // Keep the newest row before the cutoff: it is the state at the start of the kept window.
    let drop = 0;
    while (drop + 1 < list.length && list[drop + 1]!.lastUpdated <= cutoff) drop++;
    if (drop > 0) list.splice(0, drop);
  }

  /** get_significant_states(..., compressed_state_format=True): entity id -> compressed rows. */
  query(q: HistoryQuery): Record<string, Record<string, unknown>[]> {
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const entityId of q.entityIds) {
      const id = entityId.toLowerCase();
      const rows = this.rows.get(id) ?? [];
      const domain = domainOf(id);
      const keepAttributes = !q.noAttributes || NEED_ATTRIBUTE_DOMAINS.has(domain);
      const full = (r: Row, lu: Micros, lc: Micros): Record<string, unknown> => {
        const c: Record<string, unknown> = { s: r.state };
        if (keepAttributes) c.a = r.attributes;
        c.lu = epochSecondsFromMicros(lu);
        if (lc !== lu) c.lc = epochSecondsFromMicros(lc);
        return c;
      };
      const list: Record<string, unknown>[] = [];
      const startRow = q.includeStartTimeState ? [...rows].reverse().find((r) => r.lastUpdated <= q.start) : undefined;
      // The state at the start time is reported as of the start time.
      if (startRow) list.push(full(startRow, q.start, q.start));
      const inPeriod = rows.filter(
        (r) =>
          r.lastUpdated > q.start &&
          (q.end === null || r.lastUpdated < q.end) &&
          (!q.significantChangesOnly || SIGNIFICANT_DOMAINS.has(domain) || r.lastChanged === r.lastUpdated),
      );
      if (!q.minimalResponse || NEED_ATTRIBUTE_DOMAINS.has(domain)) {
        for (const r of inPeriod) list.push(full(r, r.lastUpdated, r.lastChanged));
      } else {
        // Minimal: the first state in full, then only changes of the state string, as {s, lu}.
        let prev = startRow?.state;
        for (const r of inPeriod) {
          if (list.length === 0) list.push(full(r, r.lastUpdated, r.lastChanged));
          else if (r.state !== prev) list.push({ s: r.state, lu: epochSecondsFromMicros(r.lastChanged) });
          prev = r.state;
        }
      }
      if (list.length) out[entityId] = list;
    }
    return out;
  }

  /** Whether `history_during_period` accepts the id (a known entity or a valid entity id). */
  static acceptsEntityId(known: boolean, entityId: string): boolean {
    return known || validEntityId(entityId);
  }
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6})\d*)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * dt_util.parse_datetime followed by as_utc: ISO 8601 (date, or date and time with an optional
 * zone); a time without a zone is in Home Assistant's time zone. Microseconds since the epoch, or
 * null when the text is not a date-time.
 */
export function parseDatetime(text: string, timeZone: string): Micros | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const wall = Date.UTC(...fields);
  const check = new Date(wall);
  if (check.getUTCMonth() !== fields[1] || check.getUTCDate() !== fields[2] || fields[3] > 23 || fields[4] > 59 || fields[5] > 59) return null;
  const micros = Number(frac.padEnd(6, '0'));
  let offsetMs: number;
  if (zone === undefined) offsetMs = zoneOffsetMs(wall, timeZone);
  else if (zone === 'Z') offsetMs = 0;
  else {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMs = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)) * 60_000;
  }
  return (wall - offsetMs) * 1000 + micros;
}

/** The zone's UTC offset for a local wall time (ms). */
function zoneOffsetMs(wallMs: number, timeZone: string): number {
  const at = (utc: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(new Date(utc))
        .map((x) => [x.type, x.value]),
    );
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - utc;
  };
  const guess = at(wallMs);
  return at(wallMs - guess);
}
