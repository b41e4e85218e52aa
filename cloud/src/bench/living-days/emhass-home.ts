// The EMHASS home lived (no solar, a two-level tariff without exports), compared with
// bench:recorded-home's plans over the same days.
import { captured, filledLoads, replay, type TwoLevelTariff } from '../recorded-home/battery-replay.js';
import { forecasters } from '../recorded-home/forecasters.js';
import { recentDaysOf } from '../recorded-home/load-days.js';
import { loadRecordedHome, TIME_ZONE } from '../recorded-home/recorded-load.js';
import { hourlyPrices } from './lived-home.js';
import { liveDays } from './living-run.js';
import { CAPTURE_TOLERANCE, pct, type LivedComparison, type LivedSpan } from './lived-comparison.js';

export const EMHASS_TARIFFS: Record<string, TwoLevelTariff> = {
  evening: { name: '40 c, 52 c peak 16:00-21:00', base: 40, peak: 52, peakHours: [16, 21] },
  'heures-creuses': { name: 'EDF heures creuses 2024', base: 27, peak: 20.68, peakHours: [22, 6] },
};
/** The battery starts the first lived day at this charge, as in bench:recorded-home's replay. */
const START_PCT = 50;
/** The ZIP the account signs up with (the home is in Paris; the service knows US ZIPs, so this places it nowhere useful). */
const ZIP = '75001';

export async function liveEmhassHome(tariff: TwoLevelTariff, span: LivedSpan): Promise<LivedComparison> {
  const home = loadRecordedHome();
  const { first, count } = span;
  if (!(first >= 31 && count >= 1 && first + count <= home.days.length))
    throw new Error(`--from must be 31-${home.days.length - count} (a month of history first)`);
  const days = home.days.slice(0, first + count);
  const loads = filledLoads(days);
  const forecast = forecasters(days, home.means);
  span.log(`Living ${count} days of the EMHASS home from ${days[first]!.date} under ${tariff.name}, clock ${span.rate}x`);
  const prices = { importCents: hourlyPrices(tariff), exportCents: null };
  const report = await liveDays({ timeZone: TIME_ZONE, days, loads, means: home.means, prices, zip: ZIP, coordinates: null, startPct: START_PCT, ...span });

  const perfect = replay(days, loads, (i) => loads[i]!, tariff, first);
  const bench = replay(days, loads, forecast.measured, tariff, first, recentDaysOf(days, forecast.measured));
  // The same plans, each day from the charge the lived battery began it with: the service's re-plans
  // keep the day's floor, the bench's one plan a day does not, so over weeks the two batteries start
  // days at different charges and their captures part for that reason alone.
  const benchFromLived = replay(
    days,
    loads,
    forecast.measured,
    tariff,
    first,
    recentDaysOf(days, forecast.measured),
    (i) => report.lived.dayStartKwh[i - first]!,
  );
  const livedShare = captured(days, first, report.lived, perfect, tariff).year;
  const benchShare = captured(days, first, benchFromLived, perfect, tariff).year;
  const endPct = (kwh: readonly number[]) => pct(kwh.reduce((a, b) => a + b, 0) / Math.max(1, kwh.length) / 13.5);
  const problems = [...report.problems];
  if (Math.abs(livedShare - benchShare) > CAPTURE_TOLERANCE)
    problems.push(`capture ${pct(livedShare)} is more than one point from the bench's ${pct(benchShare)} from the same day starts`);
  return {
    report,
    problems,
    table: [
      { run: 'lived against the service', capture: pct(livedShare), 'end-of-day charge': endPct(report.lived.dayEndKwh) },
      { run: 'bench:recorded-home plan', capture: pct(captured(days, first, bench, perfect, tariff).year), 'end-of-day charge': endPct(bench.dayEndKwh) },
      { run: 'the same, from the lived day starts', capture: pct(benchShare), 'end-of-day charge': endPct(benchFromLived.dayEndKwh) },
    ],
  };
}
