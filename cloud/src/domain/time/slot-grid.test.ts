import { describe, expect, it } from 'vitest';
import {
  SLOTS_PER_DAY,
  dayBoundsUtc,
  isValidTimeZone,
  localDateOf,
  localParts,
  nextTransition,
  slotDurationsHours,
  slotIndexOf,
  slotIndexOnGrid,
  slotStartsUtc,
  utcOffsetMinutes,
  zonedInstant,
} from './slot-grid.js';

const at = (iso: string): Date => new Date(iso);
const iso = (d: Date): string => d.toISOString();
const NY = 'America/New_York';
const LH = 'Australia/Lord_Howe';

describe('isValidTimeZone', () => {
  it.each([
    ['UTC', true],
    ['America/New_York', true],
    ['Asia/Kolkata', true],
    ['Australia/Lord_Howe', true],
    ['America/Indiana/Indianapolis', true],
    ['', false],
    ['Foo/Bar', false],
    ['+05:00', false],
    ['GMT+5', false],
    ['America/New York', false],
  ])('%j -> %s', (name, expected) => {
    expect(isValidTimeZone(name)).toBe(expected);
  });

  it('makes zone functions throw RangeError for unknown zones', () => {
    expect(() => slotIndexOf(at('2026-01-01T00:00:00Z'), 'Foo/Bar')).toThrow(RangeError);
    expect(() => utcOffsetMinutes(new Date(NaN), NY)).toThrow(RangeError);
  });
});

describe('utcOffsetMinutes', () => {
  it.each([
    ['2026-01-15T12:00:00Z', NY, -300],
    ['2026-07-15T12:00:00Z', NY, -240],
    ['2026-03-08T06:59:59Z', NY, -300],
    ['2026-03-08T07:00:00Z', NY, -240],
    ['2026-11-01T05:59:59Z', NY, -240],
    ['2026-11-01T06:00:00Z', NY, -300],
    ['2026-07-01T00:00:00Z', 'Europe/London', 60],
    ['2026-01-01T00:00:00Z', 'Europe/London', 0],
    ['2026-07-01T00:00:00Z', 'Asia/Kolkata', 330],
    ['2026-07-01T00:00:00Z', 'America/Phoenix', -420],
    ['2026-07-01T00:00:00Z', LH, 630],
    ['2026-01-01T00:00:00Z', LH, 660],
    ['2026-07-01T00:00:00Z', 'UTC', 0],
  ])('%s %s -> %i', (instant, zone, expected) => {
    expect(utcOffsetMinutes(at(instant), zone)).toBe(expected);
  });
});

describe('localParts / localDateOf', () => {
  it('reads the wall clock, weekday 0 = Sunday', () => {
    expect(localParts(at('2026-01-15T04:30:00Z'), 'America/Los_Angeles')).toEqual({
      year: 2026,
      month: 1,
      day: 14,
      hour: 20,
      minute: 30,
      weekday: 3,
    });
    expect(localParts(at('2026-03-08T07:00:00Z'), NY)).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 3,
      minute: 0,
      weekday: 0,
    });
  });

  it.each([
    ['2026-03-01T04:59:59Z', NY, '2026-02-28'], // still Saturday evening in New York
    ['2026-03-01T05:00:00Z', NY, '2026-03-01'],
    ['2026-01-01T09:59:00Z', 'Pacific/Honolulu', '2025-12-31'],
    ['2025-12-31T18:30:00Z', 'Asia/Kolkata', '2026-01-01'],
    ['2025-12-31T18:29:59Z', 'Asia/Kolkata', '2025-12-31'],
    ['2026-01-01T00:00:00Z', 'UTC', '2026-01-01'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(localDateOf(at(instant), zone)).toBe(expected);
  });
});

describe('slotIndexOf', () => {
  it.each([
    ['2026-01-16T04:59:00Z', NY, 47], // 23:59 local
    ['2026-01-16T05:00:00Z', NY, 0], // 00:00
    ['2026-01-16T05:29:59Z', NY, 0],
    ['2026-01-16T05:30:00Z', NY, 1],
    ['2026-01-16T06:45:00Z', 'Asia/Kolkata', 24], // 12:15 local
    ['2026-03-08T07:00:00Z', NY, 6], // 03:00 right after the spring-forward gap
    ['2026-11-01T05:15:00Z', NY, 2], // 01:15 EDT, first pass
    ['2026-11-01T06:15:00Z', NY, 2], // 01:15 EST, the wall clock repeats the slot
  ])('%s in %s -> %i', (instant, zone, expected) => {
    expect(slotIndexOf(at(instant), zone)).toBe(expected);
  });

  it('slotIndexOnGrid follows the grid instead of the wall clock in the repeated hour', () => {
    expect(slotIndexOnGrid(at('2026-11-01T05:15:00Z'), NY)).toBe(2);
    expect(slotIndexOnGrid(at('2026-11-01T06:15:00Z'), NY)).toBe(3);
    expect(slotIndexOnGrid(at('2026-03-08T07:10:00Z'), NY)).toBe(6);
    expect(slotIndexOnGrid(at('2026-01-16T04:59:00Z'), NY)).toBe(47);
  });
});

describe('zonedInstant', () => {
  it.each([
    ['2026-01-15', 0, NY, '2026-01-15T05:00:00.000Z'],
    ['2026-03-08', 119, NY, '2026-03-08T06:59:00.000Z'], // 01:59 EST
    ['2026-03-08', 120, NY, '2026-03-08T07:00:00.000Z'], // 02:00 skipped -> end of gap
    ['2026-03-08', 150, NY, '2026-03-08T07:00:00.000Z'], // 02:30 skipped -> end of gap
    ['2026-03-08', 180, NY, '2026-03-08T07:00:00.000Z'], // 03:00 EDT
    ['2026-11-01', 60, NY, '2026-11-01T05:00:00.000Z'], // 01:00 repeated -> first (EDT)
    ['2026-11-01', 90, NY, '2026-11-01T05:30:00.000Z'],
    ['2026-11-01', 120, NY, '2026-11-01T07:00:00.000Z'], // 02:00 EST
    ['2026-03-29', 90, 'Europe/London', '2026-03-29T01:00:00.000Z'], // 01:30 skipped
    ['2026-10-25', 90, 'Europe/London', '2026-10-25T00:30:00.000Z'], // 01:30 BST first
    ['2026-10-04', 135, LH, '2026-10-03T15:30:00.000Z'], // 02:15 skipped (30-minute gap)
    ['2026-04-05', 105, LH, '2026-04-04T14:45:00.000Z'], // 01:45 +11:00 first
    ['2026-06-01', 0, 'Asia/Kolkata', '2026-05-31T18:30:00.000Z'],
    ['2026-06-01', 1440, 'UTC', '2026-06-02T00:00:00.000Z'],
    ['2026-09-06', 0, 'America/Santiago', '2026-09-06T04:00:00.000Z'], // skipped midnight -> 01:00 -03
  ])('%s minute %i in %s -> %s', (date, minute, zone, expected) => {
    expect(iso(zonedInstant(date, minute, zone))).toBe(expected);
  });

  it('rejects bad input', () => {
    expect(() => zonedInstant('2026-02-30', 0, NY)).toThrow(RangeError);
    expect(() => zonedInstant('2026-02-01', 0.5, NY)).toThrow(RangeError);
  });
});

describe('slot grid across DST', () => {
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

  it.each([
    ['2026-01-15', NY, 24, []],
    ['2026-03-08', NY, 23, [4, 5]],
    ['2026-11-01', NY, 25, []],
    ['2026-03-29', 'Europe/London', 23, [2, 3]],
    ['2026-10-25', 'Europe/London', 25, []],
    ['2026-10-04', LH, 23.5, [4]],
    ['2026-04-05', LH, 24.5, []],
    ['2026-09-06', 'America/Santiago', 23, [0, 1]], // midnight itself is skipped
    ['2026-04-04', 'America/Santiago', 25, []], // 23:00-24:00 repeats, slot 47 lasts 1.5 h
    ['2026-03-08', 'Asia/Kolkata', 24, []],
    ['2026-03-08', 'America/Phoenix', 24, []],
  ])('%s in %s lasts %f h, skipped slots %j', (date, zone, hours, skipped) => {
    const durations = slotDurationsHours(date, zone);
    const starts = slotStartsUtc(date, zone);
    const { start, end } = dayBoundsUtc(date, zone);
    expect(durations).toHaveLength(SLOTS_PER_DAY);
    expect(starts).toHaveLength(SLOTS_PER_DAY);
    expect(sum(durations)).toBeCloseTo(hours, 10);
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(hours);
    expect(iso(starts[0]!)).toBe(iso(start));
    expect(durations.flatMap((d, i) => (d === 0 ? [i] : []))).toEqual(skipped);
    starts.forEach((s, i) => {
      expect(iso(s)).toBe(iso(zonedInstant(date, i * 30, zone)));
      // Every slot that exists is entered at its own wall time.
      if ((durations[i] ?? 0) > 0) expect(slotIndexOf(s, zone)).toBe(i);
    });
  });

  it('New York spring-forward: slots 4-6 share the instant 07:00Z', () => {
    const starts = slotStartsUtc('2026-03-08', NY).map(iso);
    expect(starts.slice(3, 8)).toEqual([
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    expect(slotDurationsHours('2026-03-08', NY).slice(3, 7)).toEqual([0.5, 0, 0, 0.5]);
  });

  it('New York fall-back: slot 3 (01:30) lasts 1.5 h, the rest 0.5 h', () => {
    const durations = slotDurationsHours('2026-11-01', NY);
    expect(durations[3]).toBe(1.5);
    expect(durations.filter((d) => d === 0.5)).toHaveLength(47);
    const starts = slotStartsUtc('2026-11-01', NY).map(iso);
    expect(starts.slice(2, 5)).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-01T07:00:00.000Z']);
  });

  it('Lord Howe fall-back repeats only 01:30-02:00, so slot 3 lasts 1 h', () => {
    expect(slotDurationsHours('2026-04-05', LH)[3]).toBe(1);
  });
});

describe('nextTransition', () => {
  it.each([
    ['2026-01-01T00:00:00Z', NY, '2026-03-08T07:00:00.000Z', -240],
    ['2026-03-08T06:59:59Z', NY, '2026-03-08T07:00:00.000Z', -240],
    ['2026-03-08T07:00:00Z', NY, '2026-11-01T06:00:00.000Z', -300], // strictly after
    ['2026-06-01T00:00:00Z', NY, '2026-11-01T06:00:00.000Z', -300],
    ['2026-01-01T00:00:00Z', 'Europe/London', '2026-03-29T01:00:00.000Z', 60],
    ['2026-04-01T00:00:00Z', 'Europe/London', '2026-10-25T01:00:00.000Z', 0],
    ['2026-01-01T00:00:00Z', LH, '2026-04-04T15:00:00.000Z', 630],
    ['2026-04-05T00:00:00Z', LH, '2026-10-03T15:30:00.000Z', 660],
    ['2026-01-01T00:00:00Z', 'Australia/Sydney', '2026-04-04T16:00:00.000Z', 600],
  ])('after %s in %s -> %s (%i)', (after, zone, expectedAt, offsetAfter) => {
    const t = nextTransition(at(after), zone);
    expect(t && { at: iso(t.atUtc), off: t.utcOffsetMinutesAfter }).toEqual({ at: expectedAt, off: offsetAfter });
  });

  it.each(['UTC', 'Asia/Kolkata', 'America/Phoenix', 'Pacific/Honolulu'])('is null for %s', (zone) => {
    expect(nextTransition(at('2026-01-01T00:00:00Z'), zone)).toBeNull();
  });

  it('respects the horizon', () => {
    expect(nextTransition(at('2026-01-01T00:00:00Z'), NY, 30)).toBeNull();
    expect(nextTransition(at('2026-03-01T00:00:00Z'), NY, 30)?.atUtc.toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });
});

describe('cached offsets agree with Intl', () => {
  // Cross-checks the per-day memo against a fresh formatter at awkward instants, DST days included.
  const zones = [NY, 'Europe/London', LH, 'Asia/Kolkata', 'America/Santiago', 'Asia/Tehran', 'Africa/Casablanca'];
  it.each(zones)('%s', (zone) => {
    const fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    const start = Date.parse('2025-12-31T00:00:00Z');
    for (let ms = start; ms < start + 400 * 86_400_000; ms += 7 * 3_600_000 + 13 * 60_000) {
      const name = fmt.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
      const m = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name);
      const expected = m?.[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
      expect(utcOffsetMinutes(new Date(ms), zone)).toBe(expected);
    }
  });
});
