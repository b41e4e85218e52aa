import { describe, expect, it } from 'vitest';
import { slotStartsUtc } from '@offpeak/cloud/contract';
import { localSlotAt, nextBoundaryMs, slotStartMs, slotStartsMs } from './local-time.js';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

describe('localSlotAt', () => {
  it.each([
    ['2026-07-01T16:29:59Z', NY, '2026-07-01', 24],
    ['2026-07-01T16:30:00Z', NY, '2026-07-01', 25],
    ['2026-07-01T03:59:00Z', NY, '2026-06-30', 47],
    ['2026-07-01T00:15:00Z', 'Asia/Kathmandu', '2026-07-01', 12],
  ])('%s in %s is %s slot %i', (iso, zone, date, index) => {
    expect(localSlotAt(at(iso), zone)).toMatchObject({ date, index });
  });

  it('skips the slots of the missing hour on the spring-forward day', () => {
    // 2026-03-08 02:00 EST becomes 03:00 EDT at 07:00Z.
    expect(localSlotAt(at('2026-03-08T06:59:00Z'), NY).index).toBe(3);
    expect(localSlotAt(at('2026-03-08T07:00:00Z'), NY).index).toBe(6);
  });

  it('repeats the slots of the doubled hour on the fall-back day', () => {
    // 2026-11-01 02:00 EDT becomes 01:00 EST at 06:00Z.
    expect(localSlotAt(at('2026-11-01T05:30:00Z'), NY).index).toBe(3);
    expect(localSlotAt(at('2026-11-01T06:00:00Z'), NY).index).toBe(2);
    expect(localSlotAt(at('2026-11-01T06:30:00Z'), NY).index).toBe(3);
    expect(localSlotAt(at('2026-11-01T07:00:00Z'), NY).index).toBe(4);
  });

  it('keys the two passes of a repeated slot apart (their offsets differ), and nothing else', () => {
    expect(localSlotAt(at('2026-11-01T05:10:00Z'), NY).key).toBe('2026-11-01#2@-240');
    expect(localSlotAt(at('2026-11-01T06:10:00Z'), NY).key).toBe('2026-11-01#2@-300');
    expect(localSlotAt(at('2026-11-01T06:29:59Z'), NY).key).toBe(localSlotAt(at('2026-11-01T06:00:00Z'), NY).key);
    expect(localSlotAt(at('2026-07-01T00:15:00Z'), 'Asia/Kathmandu').key).toBe('2026-07-01#12@345');
  });
});

describe('nextBoundaryMs', () => {
  it('is the next local half hour', () => {
    expect(new Date(nextBoundaryMs(at('2026-07-01T16:29:00Z'), NY)).toISOString()).toBe('2026-07-01T16:30:00.000Z');
    expect(new Date(nextBoundaryMs(at('2026-07-01T16:30:00Z'), NY)).toISOString()).toBe('2026-07-01T17:00:00.000Z');
  });

  it('follows a zone with a 45-minute offset', () => {
    // Kathmandu is UTC+5:45: local half hours fall on :15 and :45 UTC.
    expect(new Date(nextBoundaryMs(at('2026-07-01T00:00:00Z'), 'Asia/Kathmandu')).toISOString()).toBe('2026-07-01T00:15:00.000Z');
  });

  it('gives 50 boundaries on the fall-back day and 46 on the spring-forward day', () => {
    const count = (fromIso: string, toIso: string) => {
      let n = 0;
      for (let t = nextBoundaryMs(at(fromIso) - 1, NY); t < at(toIso); t = nextBoundaryMs(t, NY)) n++;
      return n;
    };
    expect(count('2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z')).toBe(50);
    expect(count('2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z')).toBe(46);
  });
});

describe('slotStartMs', () => {
  it.each([
    ['2026-07-01T16:29:59Z', NY, '2026-07-01T16:00:00Z'],
    ['2026-07-01T16:30:00Z', NY, '2026-07-01T16:30:00Z'],
    ['2026-07-01T00:20:00Z', 'Asia/Kathmandu', '2026-07-01T00:15:00Z'],
  ])('%s in %s began at %s', (iso, zone, start) => {
    expect(slotStartMs(at(iso), zone)).toBe(at(start));
  });
});

describe('slotStartsMs', () => {
  it.each([
    ['2026-03-08', NY],
    ['2026-11-01', NY],
    ['2026-07-01', NY],
    ['2026-10-04', 'Australia/Lord_Howe'],
    ['2026-03-29', 'Europe/Berlin'],
    ['2026-07-01', 'Asia/Kathmandu'],
    ['2026-07-01', 'Pacific/Kiritimati'],
    ['2026-07-01', 'Pacific/Pago_Pago'],
  ])('gives the cloud grid of %s in %s', (date, zone) => {
    expect(slotStartsMs(date, zone)).toEqual(slotStartsUtc(date as Parameters<typeof slotStartsUtc>[0], zone).map((d) => d.getTime()));
  });
});
