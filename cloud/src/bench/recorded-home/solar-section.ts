// The recorded homes with solar: what a battery planned from our forecasts of load and
// generation captures of perfect foresight's saving, per weekday and over the year, under each
// solar tariff, against the exact planner fed yesterday's load and generation. Definitions: README.md.
import { mean } from '../../domain/metrics/rounding.js';
import { weekdayOf } from '../../domain/time/calendar.js';
import { printTable } from '../load.js';
import { applianceTypes } from '../../domain/appliance-types/index.js';
import { WEEKDAYS } from './forecast-error.js';
import { forecasters } from './forecasters.js';
import { recentDaysOf } from './load-days.js';
import { OPSD_TIME_ZONE, type SolarHome } from './opsd-homes.js';
import { solarForecasters, sunEnergyError, type SolarForecastName } from './solar-forecast.js';
import { knownToday, loadOfBothDays, perfectForesight, replaySolar, solarActuals, sunOfBothDays, type SolarPlanning } from './solar-replay.js';
import { SOLAR_TARIFFS } from './solar-tariffs.js';
import { planHomeBattery } from '../../domain/planners/home-battery.js';

/** Over the year, ours must keep at least this share of perfect foresight's saving. */
export const SOLAR_YEAR_TARGET = 0.95;
/** Replays start once four weeks are recorded (the load profile's window). */
const FIRST_DAY = 28;

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** How the service plans the home's battery: its planner for the type, as the recompute calls it, on today's and tomorrow's forecasts. */
export function servicePlanning(home: SolarHome): SolarPlanning {
  const load = forecasters(home.days, home.loadMeans, OPSD_TIME_ZONE);
  return {
    load: load.measuredTwoDays,
    loadDays: recentDaysOf(home.days, load.measured),
    pv: solarForecasters(home).service,
    planner: applianceTypes.home_battery.planner,
    isService: true,
  };
}

/** Prints each home's table per tariff; returns the targets it missed. */
export function measureSolarHome(home: SolarHome): string[] {
  const failures: string[] = [];
  const actual = solarActuals(home);
  const load = forecasters(home.days, home.loadMeans, OPSD_TIME_ZONE);
  const pv = solarForecasters(home);
  const ours = servicePlanning(home);
  const days = home.days.slice(FIRST_DAY);
  const counted = days.map((_, k) => actual.measured[FIRST_DAY + k]!);
  console.log(`\n${home.name}: ${home.days.length} local days, ${counted.filter(Boolean).length} measured (at least 44 slots of load and generation recorded)`);
  const sunError = (f: SolarForecastName) => {
    const e = sunEnergyError(home, actual, pv[f], FIRST_DAY);
    return `${e.today.toFixed(2)} / ${e.tomorrow.toFixed(2)}`;
  };
  console.log(
    `Sun forecast, mean absolute error of the day's energy (kWh), today / tomorrow: ours ${sunError('service')}, yesterday's ${sunError('persistence')}`,
  );
  for (const tariff of SOLAR_TARIFFS) {
    const oursCounts = { days: 0, plans: 0 };
    const rows = {
      ours: replaySolar(home, actual, ours, tariff, FIRST_DAY, { counts: oursCounts }),
      // Ours given today's and tomorrow's real sun, the load still forecast: the most a weather
      // forecast could give ours.
      sunKnown: replaySolar(home, actual, { ...ours, pv: sunOfBothDays(actual) }, tariff, FIRST_DAY),
      // Ours given today's and tomorrow's real load, the sun still forecast: the most a load
      // forecast could give ours.
      loadKnown: replaySolar(home, actual, { ...ours, load: loadOfBothDays(actual) }, tariff, FIRST_DAY),
      persistence: replaySolar(home, actual, { load: load.persistence, pv: pv.persistence, planner: planHomeBattery, isService: true }, tariff, FIRST_DAY),
      // What the service's plans reach knowing the day's real load and generation: the exact plan
      // for them under the service's rules (tomorrow's prices once known, the day's floor).
      todayKnown: replaySolar(home, actual, knownToday(actual), tariff, FIRST_DAY),
      // The same knowing tomorrow's real load and generation too: all a forecast can give the service's plans.
      bothKnown: replaySolar(home, actual, { ...perfectForesight(actual), isService: true }, tariff, FIRST_DAY),
    };
    const perfect = replaySolar(home, actual, perfectForesight(actual), tariff, FIRST_DAY);
    const inRow = (k: number, weekday: number | null) => counted[k]! && (weekday === null || weekdayOf(days[k]!.date) === weekday);
    const sum = (savings: number[], weekday: number | null) => savings.reduce((s, v, k) => (inRow(k, weekday) ? s + v : s), 0);
    const share = (savings: number[], weekday: number | null) => sum(savings, weekday) / sum(perfect, weekday);
    // Ours less persistence, in points of perfect foresight's saving, and one standard error of
    // that difference from the days' own spread: a weekday within about two of zero is a draw.
    const oursOverPersistence = (weekday: number | null) => {
      const gaps = rows.ours.flatMap((v, k) => (inRow(k, weekday) ? [v - rows.persistence[k]!] : []));
      const average = mean(gaps)!;
      const sd = Math.sqrt(gaps.reduce((a, b) => a + (b - average) ** 2, 0) / (gaps.length - 1));
      const points = (cents: number) => (100 * cents) / sum(perfect, weekday);
      return `${points(average * gaps.length).toFixed(1)} ± ${points(sd * Math.sqrt(gaps.length)).toFixed(1)}`;
    };
    console.log(
      `Battery (13.5 kWh, 5 kW, 0.95/0.95, no target), ${tariff.name}: share of perfect foresight's saving (${(sum(perfect, null) / 100).toFixed(0)} over the measured days)`,
    );
    console.log(`ours: ${(oursCounts.plans / oursCounts.days).toFixed(1)} plans a day (midnight, tomorrow's prices, the measured state departing)`);
    printTable(
      [...WEEKDAYS.map((day, d) => [day, d] as const), ['year', null] as const].map(([day, d]) => ({
        day,
        ours: pct(share(rows.ours, d)),
        'ours, sun known': pct(share(rows.sunKnown, d)),
        'ours, load known': pct(share(rows.loadKnown, d)),
        'persistence (exact)': pct(share(rows.persistence, d)),
        'today known (exact)': pct(share(rows.todayKnown, d)),
        'both days known (exact)': pct(share(rows.bothKnown, d)),
        'ours - persistence (± s.e.)': oursOverPersistence(d),
      })),
    );
    if (share(rows.ours, null) < SOLAR_YEAR_TARGET) failures.push(`${home.name}, ${tariff.name}: ours below ${pct(SOLAR_YEAR_TARGET)} over the year`);
    WEEKDAYS.forEach((day, d) => {
      if (share(rows.ours, d) <= share(rows.persistence, d)) failures.push(`${home.name}, ${tariff.name}, ${day}: ours captures no more than persistence`);
    });
  }
  return failures;
}
