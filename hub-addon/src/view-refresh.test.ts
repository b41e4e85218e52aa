import { describe, expect, it } from 'vitest';
import { awaitsDayPlan, drawViewLeadMs, nextViewRefreshMs, startsLocalDay, VIEW_LEAD_MIN_MS, VIEW_LEAD_WINDOW_MS } from './view-refresh.js';

const NY = 'America/New_York';
const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);

describe('the lead of an install', () => {
  it('is drawn in [1, 6) minutes and spreads a fleet over the whole window', () => {
    expect(drawViewLeadMs(() => 0)).toBe(VIEW_LEAD_MIN_MS);
    expect(drawViewLeadMs(() => 0.999_999)).toBeLessThan(VIEW_LEAD_MIN_MS + VIEW_LEAD_WINDOW_MS);
    const leads = Array.from({ length: 1000 }, () => drawViewLeadMs());
    const perMinute = [1, 2, 3, 4, 5].map((m) => leads.filter((l) => Math.floor(l / MIN) === m).length);
    for (const n of perMinute) expect(n).toBeGreaterThan(120);
  });
});

describe('when the view is pulled', () => {
  it('the lead before the next boundary', () => {
    expect(nextViewRefreshMs(at('2026-11-18T15:10:00Z'), NY, 4 * MIN)).toBe(at('2026-11-18T15:26:00Z'));
    // Inside the lead already: the boundary after.
    expect(nextViewRefreshMs(at('2026-11-18T15:27:00Z'), NY, 4 * MIN)).toBe(at('2026-11-18T15:56:00Z'));
  });

  it('not before local midnight (that day is not served yet), so the next pull is before 00:30', () => {
    // 23:40 EST: the pull would be at 23:56 for 00:00; the next is 00:26.
    expect(nextViewRefreshMs(at('2026-11-19T04:40:00Z'), NY, 4 * MIN)).toBe(at('2026-11-19T05:26:00Z'));
  });

  it('on a DST night the boundaries are the local ones (02:00 EST after 01:30 EST)', () => {
    // 2026-11-01 01:40 EST (06:40Z): the next boundary is 02:00 EST = 07:00Z.
    expect(nextViewRefreshMs(at('2026-11-01T06:40:00Z'), NY, 2 * MIN)).toBe(at('2026-11-01T06:58:00Z'));
  });
});

describe('the first boundary of a local day', () => {
  const midnight = at('2026-11-19T05:00:00Z'); // 00:00 EST on the 19th
  it('is known as such', () => {
    expect(startsLocalDay(midnight, NY)).toBe(true);
    expect(startsLocalDay(midnight + 30 * MIN, NY)).toBe(false);
  });

  it("waits for the new day's view when the view held is yesterday's", () => {
    expect(awaitsDayPlan('2026-11-18', midnight, NY)).toBe(true);
    expect(awaitsDayPlan('2026-11-19', midnight, NY)).toBe(false);
    expect(awaitsDayPlan(null, midnight, NY)).toBe(false);
    // A view of another date altogether (a clock far from the cloud's) is applied as held.
    expect(awaitsDayPlan('2026-03-08', midnight, NY)).toBe(false);
    expect(awaitsDayPlan('2026-11-18', midnight + 30 * MIN, NY)).toBe(false);
  });
});
