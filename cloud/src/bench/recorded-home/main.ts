// The recorded-home benchmark (`npm run bench:recorded-home`): a year of a real home's half-hourly
// load, held out, and two real homes with solar. Prints the next-day forecast error of the
// measured profile against the forecasts peers default to, and what a battery planned from each
// captures of perfect foresight's saving; exits non-zero unless every target holds. Definitions: README.md.
import { printTable } from '../load.js';
import { forecastErrors, WEEKDAYS } from './forecast-error.js';
import { FORECASTS, forecasters } from './forecasters.js';
import { captured, filledLoads, replay, type TwoLevelTariff } from './battery-replay.js';
import { loadRecordedHome } from './recorded-load.js';
import { recentDaysOf } from './load-days.js';
import { quantile } from '../../domain/statistics.js';
import { loadHouse1, loadHouse6 } from './opsd-homes.js';
import { measureSolarHome, SOLAR_YEAR_TARGET } from './solar-section.js';

/** The measured profile's error over the year must be at least this much below persistence's. */
const YEAR_GAIN = 0.1;
/** Replays start once four weeks are recorded (the profile's window). */
const FIRST_DAY = 28;
const TARIFFS: TwoLevelTariff[] = [
  { name: '40 c, 52 c peak 16:00-21:00 (a short evening peak)', base: 40, peak: 52, peakHours: [16, 21] },
  { name: 'EDF heures creuses 2024: 20.68 c 22:00-06:00, 27.00 c otherwise', base: 27, peak: 20.68, peakHours: [22, 6] },
];

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const failures: string[] = [];
const home = loadRecordedHome();
const forecast = forecasters(home.days, home.means);

const errors = forecastErrors(home.days, forecast);
console.log(`\nRecorded home: ${home.days.length} local days, ${home.means.length} half hours; forecast error (MAE, kW) over ${errors.days} days`);
const errorRow = (label: string, days: number, e: (typeof errors)['year']) => ({
  day: label,
  days,
  ...Object.fromEntries(FORECASTS.map((f) => [f, e[f].toFixed(3)])),
  'measured vs persistence': pct(e.measured / e.persistence - 1),
});
printTable([...errors.byWeekday.map((e, d) => errorRow(WEEKDAYS[d]!, errors.daysByWeekday[d]!, e)), errorRow('year', errors.days, errors.year)]);
if (errors.year.measured > (1 - YEAR_GAIN) * errors.year.persistence) failures.push(`year: measured error not ${pct(YEAR_GAIN)} below persistence`);
errors.byWeekday.forEach((e, d) => {
  if (e.measured > Math.min(e.persistence, e.median14)) failures.push(`${WEEKDAYS[d]}: measured error above persistence or the 14-day median`);
});
const timed = home.days.map((_, i) => i).slice(FIRST_DAY);
const started = process.cpuUsage();
timed.forEach((i) => forecast.measured(i));
const cpu = process.cpuUsage(started);
console.log(`Measured profile (householdLoadFor, a full window): ${((cpu.user + cpu.system) / 1000 / timed.length).toFixed(2)} ms CPU per call`);

const loads = filledLoads(home.days);
const recentDays = recentDaysOf(home.days, forecast.measured);
/** The battery rows: each forecast planned exactly, and ours: the measured profile planned for the spread of the recent days. */
const SPREAD = 'spread (ours)';
const ROWS = [SPREAD, ...FORECASTS];
for (const tariff of TARIFFS) {
  const perfect = replay(home.days, loads, (i) => loads[i]!, tariff, FIRST_DAY);
  const spread = replay(home.days, loads, forecast.measured, tariff, FIRST_DAY, recentDays);
  const ms = (times: number[], q: number) => quantile(times, q).toFixed(1);
  const shares = Object.fromEntries([
    [SPREAD, captured(home.days, FIRST_DAY, spread, perfect, tariff)],
    ...FORECASTS.map((f) => [f, captured(home.days, FIRST_DAY, replay(home.days, loads, forecast[f], tariff, FIRST_DAY), perfect, tariff)]),
  ]);
  const perfectSaving = perfect.baseline.reduce((s, b, k) => s + b - perfect.cost[k]!, 0);
  console.log(
    `\nBattery (13.5 kWh, 5 kW, 0.95/0.95, no target), ${tariff.name}: share of perfect foresight's saving (${(perfectSaving / 100).toFixed(0)} a year); ` +
      `planning for the spread, ms per call: CPU median ${ms(spread.planCpuMs, 0.5)}, p99 ${ms(spread.planCpuMs, 0.99)}; ` +
      `wall median ${ms(spread.planMs, 0.5)}, p99 ${ms(spread.planMs, 0.99)} (machine load included)`,
  );
  printTable([
    ...WEEKDAYS.map((day, d) => ({ day, ...Object.fromEntries(ROWS.map((f) => [f, pct(shares[f]!.byWeekday[d]!)])) })),
    { day: 'year', ...Object.fromEntries(ROWS.map((f) => [f, pct(shares[f]!.year)])) },
  ]);
  const ours = shares[SPREAD]!;
  const reference = shares.persistence!;
  if (ours.year <= reference.year) failures.push(`${tariff.name}: planning for the spread captures no more than persistence over the year`);
  WEEKDAYS.forEach((day, d) => {
    if (ours.byWeekday[d]! <= reference.byWeekday[d]!) failures.push(`${tariff.name}, ${day}: planning for the spread captures no more than persistence`);
  });
}

for (const home of [loadHouse6(), loadHouse1()]) failures.push(...measureSolarHome(home));

console.log(
  `\nTargets: forecast error ${pct(YEAR_GAIN)} below persistence over the year and no worse than persistence or the 14-day median on any weekday; ` +
    `a battery planned for the spread of the recent days captures more than one planned exactly from yesterday's load on every weekday and the year; ` +
    `on the homes with solar, ours captures more than the exact plan for yesterday's load and generation on every weekday and at least ${pct(SOLAR_YEAR_TARGET)} over the year: ${failures.length === 0 ? 'all met' : 'missed'}`,
);
for (const f of failures) console.log(`FAIL ${f}`);
process.exitCode = failures.length === 0 ? 0 : 1;
