// Generated planning days for the optimizer bench: every catalog tariff in both seasons on weekdays
// and weekends, day-ahead-like curves (the dynamic zones' sample shapes with noise, negative prices
// included), the two DST days, hot and mild weather, whole-day plans and intraday re-plans.
import type { DayContext } from '../../domain/planners/types.js';
import { allDynamicZones, allPlans } from '../../domain/tariffs/catalog.js';
import { expandHourly } from '../../domain/tariffs/custom-curve.js';
import { round4 } from '../../domain/tariffs/dynamic-curve.js';
import { zoneCurve } from '../../domain/tariffs/zone-curve.js';
import { slotDurationsHours, slotStartsUtc, type LocalDate } from '../../domain/time/slot-grid.js';
import { between, chance, normal, pick, seededRandom } from './random.js';

export type Weather = 'hot' | 'mild';

/** One generated day: the planner's day context and the weather it was drawn for. */
export interface BenchDay {
  /** What the day is, for the disagreement report, e.g. "pge-e-tou-c 2026-07-14 from 0". */
  label: string;
  day: DayContext;
  weather: Weather;
}

const ZONE = 'America/Los_Angeles';
/** A weekday and a weekend day of each season. */
const DATES: readonly LocalDate[] = ['2026-07-14', '2026-07-18', '2026-01-13', '2026-01-17'];
/** Spring forward (two 0 h slots) and fall back (one 1.5 h slot) in ZONE. */
const DST_DATES: readonly LocalDate[] = ['2026-03-08', '2026-11-01'];

/** A day-ahead-like curve: a zone's sample shape ($/MWh ÷ 10), rescaled, with slot noise and sometimes shifted below zero. */
function dynamicPrices(rng: () => number): { slug: string; prices: number[] } {
  const zone = pick(rng, allDynamicZones());
  const scale = between(rng, 0.7, 1.3);
  const shift = chance(rng, 0.35) ? -between(rng, 2, 8) : between(rng, 0, 4);
  const hourly = zone.sample_day.prices_per_mwh.map((mwh) => (mwh / 10) * scale + shift);
  const spread = 0.1 * (hourly.reduce((s, v) => s + Math.abs(v), 0) / hourly.length);
  return { slug: zone.slug, prices: expandHourly(hourly).map((p) => round4(p + spread * normal(rng))) };
}

/** Outdoor temperatures with a mid-afternoon peak. */
function outdoor(rng: () => number, weather: Weather): number[] {
  const mean = weather === 'hot' ? between(rng, 78, 88) : between(rng, 50, 64);
  const swing = weather === 'hot' ? between(rng, 8, 15) : between(rng, 5, 10);
  return Array.from({ length: 48 }, (_, i) => mean + swing * Math.cos(((i / 2 - 15) / 24) * 2 * Math.PI));
}

/**
 * The `index`-th day: six in ten cycle through every catalog plan on the four season/day-type dates,
 * three in ten use a dynamic-like curve and one in ten falls on a DST day.
 */
export function drawDay(rng: () => number, index: number): BenchDay {
  const kind = index % 10;
  const plans = allPlans();
  const touTurn = Math.floor(index / 10) * 6 + kind;
  const date = kind === 9 ? pick(rng, DST_DATES) : kind < 6 ? DATES[touTurn % DATES.length]! : pick(rng, DATES);
  let slug: string;
  let prices: number[];
  if (kind < 6 || (kind === 9 && chance(rng, 0.5))) {
    const plan = kind < 6 ? plans[Math.floor(touTurn / DATES.length) % plans.length]! : pick(rng, plans);
    slug = plan.slug;
    prices = zoneCurve(plan, date).rates;
  } else {
    ({ slug, prices } = dynamicPrices(rng));
  }
  const summer = date.slice(5, 7) === '07';
  const weather: Weather = chance(rng, summer ? 0.7 : 0.2) ? 'hot' : 'mild';
  const fromSlot = chance(rng, 0.7) ? 0 : Math.floor(between(rng, 1, 45));
  return {
    label: `${slug} ${date} from ${fromSlot}`,
    weather,
    day: {
      date,
      timeZone: ZONE,
      slotStarts: slotStartsUtc(date, ZONE),
      slotHours: slotDurationsHours(date, ZONE),
      pricesCentsPerKwh: prices,
      exportPricesCentsPerKwh: null,
      outdoorTempF: outdoor(rng, weather),
      fromSlot,
    },
  };
}

/** An instance of a type: a day and the type's input. */
export interface DrawnInstance<Input> {
  label: string;
  day: DayContext;
  input: Input;
}

/**
 * `n` instances of a type, each a day and the type's input drawn for its weather, from the type's
 * own random stream (`stream` keeps the types' draws apart for one seed).
 */
export function drawInstances<Input>(
  n: number,
  seed: number,
  stream: number,
  drawInput: (rng: () => number, weather: Weather) => Input,
): DrawnInstance<Input>[] {
  const rng = seededRandom(seed * 7919 + stream);
  return Array.from({ length: n }, (_, i) => {
    const { label, day, weather } = drawDay(rng, i);
    return { label, day, input: drawInput(rng, weather) };
  });
}
