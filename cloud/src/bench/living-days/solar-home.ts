// A recorded home with solar lived (house 1 or 6 of Konstanz: a battery and an array behind the
// meter, exports paid), compared with bench:recorded-home's plans of it over the same days.
import type { SolarHome } from '../recorded-home/opsd-homes.js';
import { KONSTANZ, OPSD_TIME_ZONE } from '../recorded-home/opsd-homes.js';
import { servicePlanning } from '../recorded-home/solar-section.js';
import { BATTERY, perfectForesight, REPLAY_START_PCT, replaySolar, solarActuals } from '../recorded-home/solar-replay.js';
import { SOLAR_TARIFFS, type SolarTariff } from '../recorded-home/solar-tariffs.js';
import { liveDays } from './living-run.js';
import { CAPTURE_TOLERANCE, pct, type LivedComparison, type LivedSpan } from './lived-comparison.js';

/** The solar bench's tariffs that repeat by the day, so an account's custom rates hold them. */
export const SOLAR_HOME_TARIFFS: Record<string, SolarTariff> = { 'feed-in': SOLAR_TARIFFS[0]!, 'net-billing': SOLAR_TARIFFS[1]! };

/** A day's 48 slot prices as 24 hourly ones (these tariffs change on the hour). */
const hourly = (slots: readonly number[]) => Array.from({ length: 24 }, (_, h) => slots[2 * h]!);

export async function liveSolarHome(home: SolarHome, tariff: SolarTariff, span: LivedSpan): Promise<LivedComparison> {
  const { first, count } = span;
  if (!(first >= 31 && count >= 1 && first + count < home.days.length))
    throw new Error(`--from must be 31-${home.days.length - count - 1} (a month of history first, and the day after the last)`);
  const actual = solarActuals(home);
  const dayPrices = tariff.pricesOf(first);
  span.log(`Living ${count} days of ${home.name} from ${home.days[first]!.date} under ${tariff.name}, clock ${span.rate}x`);
  const report = await liveDays({
    timeZone: OPSD_TIME_ZONE,
    days: home.days.slice(0, first + count),
    loads: actual.loads,
    means: home.loadMeans,
    solar: { means: home.pvMeans, kw: actual.pv },
    prices: { importCents: hourly(dayPrices.importCents), exportCents: hourly(dayPrices.exportCents) },
    // At Konstanz, with the bench's weather feed unreachable (no recorded forecasts): the service
    // learns the array's yield from its readings, as for a home whose feed is down.
    zip: '',
    coordinates: KONSTANZ,
    startPct: REPLAY_START_PCT,
    ...span,
  });

  const until = first + count;
  const runs = { perfect: [] as number[], bench: [] as number[], fromLived: [] as number[] };
  const perfect = replaySolar(home, actual, perfectForesight(actual), tariff, first, { until, dayEndKwh: runs.perfect });
  const bench = replaySolar(home, actual, servicePlanning(home), tariff, first, { until, dayEndKwh: runs.bench });
  // The same plans, each day from the charge the lived battery began it with.
  const livedStart = (i: number) => report.lived.dayStartKwh[i - first]!;
  const benchFromLived = replaySolar(home, actual, servicePlanning(home), tariff, first, { until, dayStartKwh: livedStart, dayEndKwh: runs.fromLived });
  const lived = report.lived.baseline.map((b, k) => b - report.lived.cost[k]!);
  /**
   * Each day's saving with its change of charge at the day's cheapest export price over the charge
   * efficiency (what storing a kWh of surplus gives up): a run from the lived day starts leaves its
   * end-of-day charge behind, so without it the bench would lose what it kept for the next day.
   */
  const carried = (ends: readonly number[]) => ends.map((_, k) => (k === 0 ? (REPLAY_START_PCT / 100) * BATTERY.capacityKwh : ends[k - 1]!));
  const withCharge = (savings: readonly number[], starts: readonly number[], ends: readonly number[]) =>
    savings.map((v, k) => v + (Math.min(...tariff.pricesOf(first + k).exportCents) / BATTERY.etaIn) * (ends[k]! - starts[k]!));
  const endPct = (kwh: number) => `${((100 * kwh) / BATTERY.capacityKwh).toFixed(1)} %`;
  lived.forEach((c, k) =>
    span.log(
      `${home.days[first + k]!.date}: saved ${c.toFixed(1)} c lived, ending at ${endPct(report.lived.dayEndKwh[k]!)}; ${benchFromLived[k]!.toFixed(1)} c by the bench's plans from the same start, ending at ${endPct(runs.fromLived[k]!)}`,
    ),
  );
  const saving = {
    lived: withCharge(lived, report.lived.dayStartKwh, report.lived.dayEndKwh),
    perfect: withCharge(perfect, carried(runs.perfect), runs.perfect),
    bench: withCharge(bench, carried(runs.bench), runs.bench),
    fromLived: withCharge(benchFromLived, report.lived.dayStartKwh, runs.fromLived),
  };
  // Shares of perfect foresight's saving over the measured days.
  const measured = (k: number) => actual.measured[first + k]!;
  const sum = (savings: readonly number[]) => savings.reduce((s, v, k) => (measured(k) ? s + v : s), 0);
  const share = (savings: readonly number[]) => sum(savings) / sum(saving.perfect);
  const problems = [...report.problems];
  if (Math.abs(share(saving.lived) - share(saving.fromLived)) > CAPTURE_TOLERANCE)
    problems.push(`capture ${pct(share(saving.lived))} is more than one point from the bench's ${pct(share(saving.fromLived))} from the same day starts`);
  return {
    report,
    problems,
    table: [
      { run: 'lived against the service', capture: pct(share(saving.lived)), 'saving, c a day': (sum(saving.lived) / count).toFixed(1) },
      { run: 'bench:recorded-home plan', capture: pct(share(saving.bench)), 'saving, c a day': (sum(saving.bench) / count).toFixed(1) },
      { run: 'the same, from the lived day starts', capture: pct(share(saving.fromLived)), 'saving, c a day': (sum(saving.fromLived) / count).toFixed(1) },
    ],
  };
}
