import { describe, expect, it } from 'vitest';
import { intradayDay, nightlyDay } from './planning-day.js';

const RUN = new Date('2026-07-15T04:00:00Z');

describe('nightlyDay', () => {
  it.each([
    // 04:00 UTC is the evening before in the Americas: the next local day is the UTC date.
    ['America/Los_Angeles', '2026-07-15'],
    ['America/Chicago', '2026-07-15'],
    // ...midnight on the dot in New York (EDT), whose July 15 was planned by the previous run...
    ['America/New_York', '2026-07-16'],
    // ...and the same day's morning or afternoon in Europe and Asia: the next local day is tomorrow.
    ['Europe/Berlin', '2026-07-16'],
    ['Asia/Tokyo', '2026-07-16'],
    ['Pacific/Kiritimati', '2026-07-16'],
    ['UTC', '2026-07-16'],
  ])('plans the next local day in %s whole: %s', (zone, date) => {
    expect(nightlyDay(RUN, new Date(RUN.getTime() + 60_000), zone)).toEqual({ date, fromSlot: 0 });
  });

  it('gives every account its plan before its local day begins', () => {
    for (const zone of ['Pacific/Pago_Pago', 'America/Los_Angeles', 'Europe/London', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
      // The planned day is after the account's local date at the run: it has not begun yet.
      expect(intradayDay(RUN, zone).date < nightlyDay(RUN, RUN, zone).date).toBe(true);
    }
  });

  it('re-plans the rest of today when the job runs after the planned day has begun (a resumed run)', () => {
    // The 2026-07-15 run plans 2026-07-15 in Los Angeles, which begins at 07:00 UTC; at 17:10 UTC it is 10:10 PDT.
    expect(nightlyDay(RUN, new Date('2026-07-15T17:10:00Z'), 'America/Los_Angeles')).toEqual({ date: '2026-07-15', fromSlot: 20 });
    // A day later still: today, not the past day.
    expect(nightlyDay(RUN, new Date('2026-07-17T00:00:00Z'), 'UTC')).toEqual({ date: '2026-07-17', fromSlot: 0 });
  });
});

describe('intradayDay', () => {
  it('is local today from the slot now is in', () => {
    expect(intradayDay(new Date('2026-07-15T18:45:00Z'), 'America/New_York')).toEqual({ date: '2026-07-15', fromSlot: 29 });
    expect(intradayDay(new Date('2026-07-15T23:59:59Z'), 'UTC')).toEqual({ date: '2026-07-15', fromSlot: 47 });
  });

  it('counts slots on the grid across a spring-forward day (03:10 EDT is slot 6)', () => {
    expect(intradayDay(new Date('2026-03-08T07:10:00Z'), 'America/New_York')).toEqual({ date: '2026-03-08', fromSlot: 6 });
  });
});
