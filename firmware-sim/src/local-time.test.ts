import { describe, expect, it } from 'vitest';
import { localSlotAt, nextBoundaryMs, offsetAt, sameSlot } from './local-time.js';

const ms = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

describe('local time from offsets', () => {
  const ny = { utc_offset_minutes_now: -300, next_transition: { at_utc: '2026-03-08T07:00:00Z', utc_offset_minutes_after: -240 } };

  it('switches the offset at the transition instant, not before', () => {
    expect(offsetAt(ny, ms('2026-03-08T06:59:59.999Z'))).toBe(-300);
    expect(offsetAt(ny, ms('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(offsetAt({ utc_offset_minutes_now: 60, next_transition: null }, 0)).toBe(60);
  });

  it('keys a slot by its local date on either side of UTC midnight', () => {
    expect(localSlotAt(ny, ms('2026-03-08T04:59:00Z'))).toEqual({ date: '2026-03-07', index: 47, offsetMinutes: -300 });
    expect(localSlotAt(ny, ms('2026-03-08T05:00:00Z'))).toEqual({ date: '2026-03-08', index: 0, offsetMinutes: -300 });
    const tokyo = { utc_offset_minutes_now: 540, next_transition: null };
    expect(localSlotAt(tokyo, ms('2026-07-01T15:00:00Z'))).toEqual({ date: '2026-07-02', index: 0, offsetMinutes: 540 });
    expect(localSlotAt(tokyo, ms('2026-07-01T14:59:59Z')).index).toBe(47);
  });

  it('puts boundaries on local half hours, also for offsets that are not whole hours', () => {
    const kathmandu = { utc_offset_minutes_now: 345, next_transition: null };
    expect(iso(nextBoundaryMs(kathmandu, ms('2026-07-01T00:00:00Z')))).toBe('2026-07-01T00:15:00.000Z');
    expect(iso(nextBoundaryMs(kathmandu, ms('2026-07-01T00:15:00Z')))).toBe('2026-07-01T00:45:00.000Z');
  });

  it('stops at a transition that falls between two half hours of the old offset', () => {
    const odd = { utc_offset_minutes_now: 330, next_transition: { at_utc: '2026-07-01T12:10:00Z', utc_offset_minutes_after: 345 } };
    expect(iso(nextBoundaryMs(odd, ms('2026-07-01T12:05:00Z')))).toBe('2026-07-01T12:10:00.000Z');
    expect(iso(nextBoundaryMs(odd, ms('2026-07-01T12:10:00Z')))).toBe('2026-07-01T12:15:00.000Z');
  });

  it('compares slots by date, index and offset', () => {
    const a = localSlotAt(ny, ms('2026-03-08T05:10:00Z'));
    expect(sameSlot(a, localSlotAt(ny, ms('2026-03-08T05:29:59Z')))).toBe(true);
    expect(sameSlot(a, localSlotAt(ny, ms('2026-03-08T05:30:00Z')))).toBe(false);
    expect(sameSlot(null, a)).toBe(false);
  });
});
