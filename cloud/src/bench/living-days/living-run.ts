// Lives recorded days against the built cloud (`dist/main.js`, what `npm start` runs) on the test
// clock, from outside: every half hour it pushes the battery's charge, the household load and the
// solar production, reads the plan as a hub would, and runs the battery by it on the load and
// production that came. It never asks for a recompute: every plan it runs is one the service made
// by itself (the nightly run and its re-plans from the measured state). README.md gives the
// timeline and the checks.
import type { Coordinates } from '../../domain/forecast/location.js';
import { executeBatteryDay } from '../../domain/planners/home-battery-execution.js';
import { chargeDeparts } from '../../domain/planning/charge-departure.js';
import { DAY_MS } from '../../domain/time/durations.js';
import { addDays, dayBoundsUtc, slotStartsUtc, SLOTS_PER_DAY } from '../../domain/time/slot-grid.js';
import { NIGHTLY_RUN_AT } from '../../jobs/job-times.js';
import { startBenchDatabase } from '../bench-database.js';
import { call, startCloudProcess, UNTHROTTLED_ENV } from '../cloud-process.js';
import type { ReplayResult } from '../recorded-home/battery-replay.js';
import type { HalfHourMean, RecordedDay } from '../recorded-home/recorded-load.js';
import { departuresWithoutReplan, floorMissed, pastSlotsChanged, type BatteryHistoryRow } from './lived-checks.js';
import { BATTERY_CONFIG, pushCharge, pushLoad, pushSolar, setUpHome, type LivedHome, type LivedPrices } from './lived-home.js';

export interface LivingOptions {
  timeZone: string;
  days: readonly RecordedDay[];
  /** The days' load with gaps filled (what the battery runs on), kW per slot. */
  loads: readonly number[][];
  /** The recorded half-hour means, sorted (what is pushed: a gap stays a gap). */
  means: readonly HalfHourMean[];
  /** Solar behind the meter: its recorded half-hour means (pushed, as the load's) and the days' generation with gaps filled, kW per slot; absent without solar. */
  solar?: { means: readonly HalfHourMean[]; kw: readonly number[][] };
  prices: LivedPrices;
  /** The account's ZIP ('' for none) and coordinates (null for none). */
  zip: string;
  coordinates: Coordinates | null;
  /** The battery's charge at the start of the first lived day, %. */
  startPct: number;
  /** Index of the first lived day; the day before it is the warm-up (the battery held, the nightly run planning the first day). */
  first: number;
  count: number;
  /** Simulated milliseconds per real millisecond. */
  rate: number;
  log: (line: string) => void;
}

export interface LivingReport {
  /** The lived days' costs and charges, shaped as bench:recorded-home's replay (its capture applies). */
  lived: ReplayResult;
  /** Charge readings off the plan's trajectory, and how many were followed by a re-plan. */
  departures: number;
  replannedAfterDeparture: number;
  /** Rows the service wrote for the lived days (its own plans and re-plans). */
  rows: number;
  problems: string[];
}

/** A hub applies a new plan within minutes; the harness reads the plan this long into each slot. */
const APPLY_DELAY_MS = 10 * 60_000;
/** Real time the cloud is given to start, and the home to be set up, before the clock reaches the warm-up (a loaded machine is slow to start it). */
const LEAD_MS = 40_000;
/** Days of recorded load pushed before the warm-up: the measured profile's window and a margin. */
const HISTORY_DAYS = 30;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/**
 * The warm-up starts an hour before the nightly run of the warm-up day (04:00 UTC), which plans the
 * first lived day (the next local day in zones east of UTC, such as the recorded home's).
 */
function warmUpStartMs(warmUp: string, timeZone: string): number {
  const dayStart = dayBoundsUtc(warmUp, timeZone).start.getTime();
  const at = new Date(dayStart);
  at.setUTCHours(NIGHTLY_RUN_AT.hour - 1, NIGHTLY_RUN_AT.minute, 0, 0);
  return at.getTime() < dayStart ? at.getTime() + DAY_MS : at.getTime();
}

export async function liveDays(o: LivingOptions): Promise<LivingReport> {
  const warmUp = o.days[o.first - 1]!.date;
  const last = o.first + o.count - 1;
  const db = await startBenchDatabase('living-days');
  const anchorMs = Date.now() + LEAD_MS;
  const startMs = warmUpStartMs(warmUp, o.timeZone);
  const clockAt = (realMs: number) => startMs + (realMs - anchorMs) * o.rate;
  const clock = () => clockAt(Date.now());
  const untilClock = (ms: number) => sleep((ms - clock()) / o.rate);
  const cloud = await startCloudProcess({
    ...UNTHROTTLED_ENV,
    DATABASE_URL: db.url,
    OFFPEAK_DATA_DIR: db.dir,
    OFFPEAK_CLOCK_START: new Date(startMs).toISOString(),
    OFFPEAK_CLOCK_ANCHOR: new Date(anchorMs).toISOString(),
    OFFPEAK_CLOCK_RATE: String(o.rate),
    JOBS_ENABLED: 'true',
    PLANNING_POLL_MS: '50',
    SCHEDULE_HISTORY_ROWS_PER_DAY: '1000',
  }).catch(async (e: unknown) => {
    await db.stop();
    throw e;
  });
  try {
    const setUpAt = new Date(clock());
    const historyFrom = dayBoundsUtc(addDays(warmUp, -HISTORY_DAYS), o.timeZone).start;
    const before = (means: readonly HalfHourMean[]) => means.filter((m) => m.start >= historyFrom && m.start < setUpAt);
    const history = before(o.means);
    const home = await setUpHome(cloud.url, {
      timeZone: o.timeZone,
      zip: o.zip,
      coordinates: o.coordinates,
      prices: o.prices,
      history,
      solarHistory: o.solar ? before(o.solar.means) : null,
      startPct: o.startPct,
      at: setUpAt,
    });
    if (clock() >= startMs) throw new Error(`starting the cloud and setting up the home took more than the ${LEAD_MS} ms lead; lower the rate`);
    o.log(`home set up at ${setUpAt.toISOString()} (clock), ${history.length} half hours of history`);
    return await live(o, cloud.url, home, { untilClock, clockAt, last, fromMs: setUpAt.getTime() });
  } finally {
    await cloud.stop();
    await db.stop();
  }
}

interface Timeline {
  untilClock: (ms: number) => Promise<void>;
  /** The half hours before this instant were pushed with the history. */
  fromMs: number;
  /** The service's clock at a real instant. */
  clockAt: (realMs: number) => number;
  last: number;
}

async function live(o: LivingOptions, url: string, home: LivedHome, t: Timeline): Promise<LivingReport> {
  const { token, batteryId, solarId } = home;
  const capacityKwh = BATTERY_CONFIG.capacity_kwh;
  const battery = {
    capacityKwh,
    minKwh: 0.1 * capacityKwh,
    chargeKw: Array(SLOTS_PER_DAY).fill(5),
    dischargeKw: 5,
    chargeEfficiency: 0.95,
    dischargeEfficiency: 0.95,
  };
  const meanAt = new Map(o.means.map((m) => [m.start.getTime(), m]));
  const solarAt = new Map((o.solar?.means ?? []).map((m) => [m.start.getTime(), m]));
  /** What the grid flow of a slot costs, cents: imports at the import price, exports at the export price (nothing without one). */
  const gridCents = (kwh: number, s: number) => kwh * (kwh >= 0 ? o.prices.importCents[Math.floor(s / 2)]! : (o.prices.exportCents?.[Math.floor(s / 2)] ?? 0));
  const lived: ReplayResult = { baseline: [], cost: [], dayStartKwh: [], dayEndKwh: [], planMs: [], planCpuMs: [] };
  const problems: string[] = [];
  let departures = 0;
  let replanned = 0;
  let rows = 0;
  let socKwh = (o.startPct / 100) * capacityKwh;
  /** The battery's plan for `date` as a hub reads it, or null when the service has none. */
  const readPlan = async (date: string): Promise<BatteryHistoryRow['schedule'] | null> => {
    const view = await call(url, 'GET', '/api/v1/schedules', undefined, token);
    const entry = view.appliances.find((a: { appliance_id: string }) => a.appliance_id === batteryId);
    return view.date === date && entry?.schedule?.value_trajectory ? entry.schedule : null;
  };
  // From the day the home was set up on (the history ends at the set-up, which comes before the
  // warm-up day's midnight): every half hour after it is pushed, so the readings have no gap.
  const setUpDay = o.days.findIndex((d) => dayBoundsUtc(d.date, o.timeZone).end.getTime() > t.fromMs);
  for (let i = Math.min(setUpDay, o.first - 1); i <= t.last; i++) {
    const day = o.days[i]!;
    const solarKw = o.solar?.kw[i];
    const counted = i >= o.first;
    if (counted) lived.dayStartKwh.push(socKwh);
    const starts = slotStartsUtc(day.date, o.timeZone);
    const dayStartPct = Math.round((socKwh / capacityKwh) * 10_000) / 100;
    const departed: number[] = [];
    let cost = 0;
    let late = false;
    for (let s = 0; s < SLOTS_PER_DAY; s++) {
      const at = starts[s]!;
      if (at.getTime() < t.fromMs) continue;
      await t.untilClock(at.getTime());
      const pct = Math.round((socKwh / capacityKwh) * 10_000) / 100;
      // The service compares the reading with the newest plan it holds, so the harness reads it just before.
      if (counted && s > 0) {
        const held = await readPlan(day.date);
        if (held && chargeDeparts(held.value_trajectory, s, pct)) departed.push(s);
      }
      const mean = meanAt.get(at.getTime());
      const produced = solarAt.get(at.getTime());
      await Promise.all([
        pushCharge(url, token, batteryId, at, pct),
        mean ? pushLoad(url, token, [mean]) : null,
        solarId && produced ? pushSolar(url, token, solarId, [produced]) : null,
      ]);
      if (!counted) continue;
      await t.untilClock(at.getTime() + APPLY_DELAY_MS);
      const plan = await readPlan(day.date);
      const slotEnd = starts[s + 1] ?? dayBoundsUtc(day.date, o.timeZone).end;
      // Late, the slot is still run by the plan read (and counted); the run says it fell behind.
      if (!late && t.clockAt(Date.now()) >= slotEnd.getTime()) {
        late = true;
        problems.push(`${day.date} slot ${s}: the plan was read after the half hour ended: the harness fell behind the clock; lower the rate`);
      }
      if (!plan) {
        problems.push(`${day.date} slot ${s}: no plan for the day`);
        // Without a plan the battery is left alone: the house draws its load net of solar from the grid.
        cost += gridCents((o.loads[i]![s]! - (solarKw?.[s] ?? 0)) * day.hours[s]!, s);
        continue;
      }
      const run = executeBatteryDay(plan, o.loads[i]!, day.hours, { ...battery, startKwh: socKwh }, s, solarKw);
      socKwh = run.endKwh[s]!;
      cost += gridCents(run.gridKwh[s]!, s);
    }
    if (!counted) continue;
    lived.cost.push(cost);
    lived.baseline.push(o.loads[i]!.reduce((c, kw, s) => c + gridCents((kw - (solarKw?.[s] ?? 0)) * day.hours[s]!, s), 0));
    lived.dayEndKwh.push(socKwh);
    const history = await call(url, 'GET', `/api/v1/schedules/history?appliance_id=${batteryId}&start=${day.date}&end=${day.date}`, undefined, token);
    const dayRows: BatteryHistoryRow[] = history.appliances[0]?.history ?? [];
    const missed = departuresWithoutReplan(dayRows, departed);
    departures += departed.length;
    replanned += departed.length - missed.length;
    rows += dayRows.length;
    problems.push(
      ...missed.map((s) => `${day.date}: no re-plan after the charge reading off the trajectory at slot ${s}`),
      ...pastSlotsChanged(dayRows).map((p) => `${day.date}: ${p}`),
      // With solar the floor may be met by tomorrow's sun, past what a row serves (home-battery.md): checked without solar only.
      ...(o.solar ? [] : floorMissed(dayRows, dayStartPct).map((p) => `${day.date}: ${p}`)),
    );
    o.log(
      `${day.date}: ${dayRows.length} rows, ${departed.length} departing charge readings, ends at ${((100 * socKwh) / capacityKwh).toFixed(1)} % (began ${dayStartPct.toFixed(1)} %)`,
    );
  }
  if (departures === 0) problems.push('no charge reading departed from the trajectory: the re-plan it triggers was not seen');
  return { lived, departures, replannedAfterDeparture: replanned, rows, problems };
}
