// The living-days harness, short: one generated day lived against the built cloud on the test
// clock, never asking for a recompute. The evening brings an unplanned load the home's month never
// had, so the battery drains off its trajectory and the service must re-plan by itself, keeping the
// slots already past and the day's floor. bench:living-days lives recorded days the same way.
import { describe, expect, it } from 'vitest';
import { captured, filledLoads, replay, type TwoLevelTariff } from '../../src/bench/recorded-home/battery-replay.js';
import { forecasters } from '../../src/bench/recorded-home/forecasters.js';
import { recentDaysOf } from '../../src/bench/recorded-home/load-days.js';
import type { HalfHourMean, RecordedDay } from '../../src/bench/recorded-home/recorded-load.js';
// The built harness: it runs the built cloud beside it (dist/main.js, what `npm start` runs).
import { liveDays } from '../../dist/bench/living-days/living-run.js';
import { addDays, slotDurationsHours, slotStartsUtc } from '../../src/domain/time/slot-grid.js';

const TIME_ZONE = 'Europe/Paris';
const TARIFF: TwoLevelTariff = { name: '40 c, 52 c peak 16:00-21:00', base: 40, peak: 52, peakHours: [16, 21] };
/** A month of history, the warm-up day, and the lived day. */
const FIRST = 31;

/** A home's usual day, kW per slot: quiet nights, a morning and an evening peak, a little day-to-day wobble. */
function usualDay(d: number): number[] {
  return Array.from({ length: 48 }, (_, s) => {
    const hour = s / 2;
    const kw = hour < 6.5 ? 0.35 : hour < 9 ? 1.1 : hour < 17 ? 0.6 : hour < 22 ? 1.6 : 0.5;
    return Math.round(kw * (1 + 0.08 * Math.sin(d * 1.7 + s / 5)) * 1000) / 1000;
  });
}

function generatedHome() {
  const dates = Array.from({ length: FIRST + 1 }, (_, d) => addDays('2026-05-01', d));
  const days: RecordedDay[] = dates.map((date, d) => {
    const kw = usualDay(d);
    // The lived day's evening: 4 kW from 18:00 to 21:00, which no plan from the month expects.
    if (d === FIRST) for (let s = 36; s < 42; s++) kw[s] = 4;
    return { date, kw, hours: slotDurationsHours(date, TIME_ZONE) };
  });
  const means: HalfHourMean[] = days.flatMap((day) => slotStartsUtc(day.date, TIME_ZONE).map((start, s) => ({ start, meanWatts: day.kw[s]! * 1000 })));
  return { days, means, loads: filledLoads(days) };
}

describe('living a day against the built cloud', () => {
  it('re-plans by itself after the charge departs, keeps past slots and the floor, and captures what the bench plan does', { timeout: 120_000 }, async () => {
    const { days, means, loads } = generatedHome();
    const report = await liveDays({
      timeZone: TIME_ZONE,
      days,
      loads,
      means,
      tariff: TARIFF,
      first: FIRST,
      count: 1,
      rate: 7200,
      leadMs: 12_000,
      log: () => {},
    });
    expect(report.problems).toEqual([]);
    expect(report.departures).toBeGreaterThan(0);
    expect(report.replannedAfterDeparture).toBe(report.departures);
    const forecast = forecasters(days, means, TIME_ZONE);
    const perfect = replay(days, loads, (i) => loads[i]!, TARIFF, FIRST);
    const bench = replay(days, loads, forecast.measured, TARIFF, FIRST, recentDaysOf(days, forecast.measured));
    const lived = captured(days, FIRST, report.lived, perfect, TARIFF).year;
    expect(Math.abs(lived - captured(days, FIRST, bench, perfect, TARIFF).year)).toBeLessThanOrEqual(0.01);
  });
});
