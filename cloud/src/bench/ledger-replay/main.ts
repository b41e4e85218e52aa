// The ledger on recorded days (`npm run bench:ledger-replay`): one day a month of the EMHASS home's
// recorded load (`../shared/data/recorded/emhass-home-2024/`), a battery run by a rule of thumb
// (battery-day.ts) on a three-price tariff, accounted by the ledger's battery line. Prints, per day,
// the battery's actual cost and its hindsight against idle and the HiGHS reference's exact optimum
// of the same day; exits non-zero when hindsight exceeds the actual cost or differs from the
// reference by more than 0.5 % of it.
import highsLoader from 'highs';
import { homeBatteryLedger } from '../../domain/ledger/battery-ledger.js';
import { SLOTS_PER_DAY } from '../../domain/time/slot-grid.js';
import { printTable } from '../load.js';
import { loadRecordedHome, TIME_ZONE, type RecordedDay } from '../recorded-home/recorded-load.js';
import { BATTERY, BATTERY_CONFIG, BATTERY_CONSTRAINTS, referenceBattery, replayDay, ruleOfThumbSocPct } from './battery-day.js';

/** Hindsight may differ from the reference by this share of it. */
const MAX_GAP = 0.005;
/** Cents of rounding hindsight may sit above the actual cost. */
const TOLERANCE_CENTS = 1e-6;
/** 10 c from 01:00 to 05:00, a 50 c evening peak (17:00-21:00), 30 c otherwise: the tariff the rule of thumb is made for. */
const PRICES = Array.from({ length: SLOTS_PER_DAY }, (_, i) => (i >= 2 && i < 10 ? 10 : i >= 34 && i < 42 ? 50 : 30));

// Node loads the package's ES build, whose default export is the loader itself.
const loadHighs = highsLoader as unknown as (typeof highsLoader)['default'];
const highs = await loadHighs();

/** Per month, the first day from the 15th on that was recorded in every half hour. */
function dayPerMonth(days: readonly RecordedDay[]): { date: string; kw: number[]; hours: number[] }[] {
  const picked = new Map<string, { date: string; kw: number[]; hours: number[] }>();
  for (const { date, kw, hours } of days) {
    const month = date.slice(0, 7);
    if (picked.has(month) || Number(date.slice(8)) < 15 || kw.some((v) => v === null)) continue;
    picked.set(month, { date, kw: kw as number[], hours });
  }
  return [...picked.values()];
}

const none = Array<null>(SLOTS_PER_DAY).fill(null);
const failures: string[] = [];
const rows = dayPerMonth(loadRecordedHome().days).map(({ date, kw, hours }) => {
  const day = replayDay(date, TIME_ZONE, PRICES);
  const socPct = ruleOfThumbSocPct(kw, hours);
  // The first reading (slot 0) is where the day is known from: the ledger accounts from slot 1.
  const line = homeBatteryLedger(
    { day, outdoorMeasured: false, householdKw: kw, consumedKw: kw, solarKw: none },
    {
      config: BATTERY_CONFIG,
      constraints: BATTERY_CONSTRAINTS,
      valueAtEnd: [BATTERY.startPct, ...socPct.slice(1)],
      powerKw: none,
      meanValue: none,
      plan: null,
    },
  );
  const reference = referenceBattery(highs, day, kw, 1, BATTERY.startPct, socPct.at(-1)!);
  if (!line || line.hindsightCents === null || !reference.optimal) throw new Error(`${date}: the ledger or the reference has no figure (${reference.status})`);
  const gap = Math.abs(line.hindsightCents - reference.costCents) / Math.abs(reference.costCents);
  if (gap > MAX_GAP)
    failures.push(
      `${date}: hindsight ${line.hindsightCents.toFixed(2)} c is ${(100 * gap).toFixed(2)} % from the reference's ${reference.costCents.toFixed(2)} c`,
    );
  if (line.hindsightCents > line.actualCents + TOLERANCE_CENTS) failures.push(`${date}: hindsight above the actual cost`);
  return {
    day: date,
    'load kWh': kw.reduce((s, v, i) => s + v * hours[i]!, 0).toFixed(1),
    'actual c': line.actualCents.toFixed(2),
    'hindsight c': line.hindsightCents.toFixed(2),
    'reference c': reference.costCents.toFixed(2),
    'gap %': (100 * gap).toFixed(3),
  };
});

console.log(`\nThe ledger's battery line on ${rows.length} recorded days of the EMHASS home (${TIME_ZONE}): costs against the battery idle, cents`);
printTable(rows);
console.log(
  `\nTargets: hindsight <= actual, and within ${(100 * MAX_GAP).toFixed(1)} % of the reference, on every day: ${failures.length === 0 ? 'all met' : 'missed'}`,
);
for (const f of failures) console.log(`FAIL ${f}`);
process.exitCode = failures.length === 0 ? 0 : 1;
