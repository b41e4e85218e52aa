// The learned tier: how much an array really makes per W/m2 on its plane, fitted from its
// production readings against the irradiance that fell on it, with an optional per-hour shading
// profile. A fit is accepted only when it predicts held-out days well (docs/forecast-and-solar.md).
import { HOUR_MS, type HourlySeries } from '../forecast/hourly-series.js';
import { localDateOf, localParts } from '../time/slot-grid.js';
import { planeOfArrayWm2, type ArrayGeometry } from './irradiance.js';
import { sunPosition } from './sun-position.js';

/** A learned yield, as stored and as shown in `constraints_used.model_fit`. */
export interface SolarYieldFit {
  /** kW of output per W/m2 on the array plane. */
  yieldKwPerWm2: number;
  /** 24 multipliers by local clock hour (shade, clipping, soiling at that hour), or null when no profile helped. */
  shadingByHour: number[] | null;
  /** R2 on the held-out days. */
  rSquared: number;
  nPairs: number;
  nDays: number;
  holdoutRmseKw: number;
  calculatedAt: Date;
}

/** A production reading: appliance_readings.value of a solar appliance, W. */
export interface ProductionReading {
  ts: Date;
  watts: number;
}

/** Past irradiance: hourly means sampled mid-hour, as the fallback feed gives them. */
export interface IrradianceHistory {
  ghiWm2: HourlySeries;
  dhiWm2: HourlySeries | null;
}

export type FitOutcome = { ok: true; fit: SolarYieldFit } | { ok: false; reason: string; nPairs: number; nDays: number };

/** Acceptance: at least this many local days with daylight pairs... */
export const MIN_FIT_DAYS = 7;
/** ...at least this many daylight hour pairs... */
export const MIN_FIT_PAIRS = 50;
/** ...and at least this R2 on the held-out days. */
export const MIN_HOLDOUT_R2 = 0.6;

// An hour pairs only when it holds this many readings (one reading is a snapshot, not a mean).
const MIN_READINGS_PER_HOUR = 2;
// Daylight: the sun at least 10 degrees up and some light on the plane.
const MIN_COS_ZENITH = Math.sin((10 * Math.PI) / 180);
const MIN_POA_WM2 = 20;
// The latest quarter of the days (at least one) is held out.
const HOLDOUT_SHARE = 0.25;
// An hour gets its own factor only with this many pairs; factors are kept within [0, 1.5].
const MIN_PAIRS_PER_HOUR = 3;
const MAX_SHADING_FACTOR = 1.5;
// The profile is applied only when it cuts the held-out error by at least 5 %.
const SHADING_MIN_GAIN = 0.95;

interface Pair {
  poaWm2: number;
  kw: number;
  hour: number;
  date: string;
}

/** Daylight (irradiance, mean output) pairs per hour before `now`. */
function buildPairs(
  readings: readonly ProductionReading[],
  history: IrradianceHistory,
  location: { lat: number; lon: number },
  geometry: ArrayGeometry,
  timeZone: string,
  now: Date,
): Pair[] {
  const { ghiWm2, dhiWm2 } = history;
  const hourStartMs = ghiWm2.firstAt.getTime() - HOUR_MS / 2; // samples sit mid-hour
  const sums = new Array<number>(ghiWm2.values.length).fill(0);
  const counts = new Array<number>(ghiWm2.values.length).fill(0);
  for (const r of readings) {
    const k = Math.floor((r.ts.getTime() - hourStartMs) / HOUR_MS);
    if (k < 0 || k >= sums.length || !Number.isFinite(r.watts)) continue;
    sums[k]! += r.watts;
    counts[k]! += 1;
  }
  const dhiOffset = dhiWm2 ? Math.round((dhiWm2.firstAt.getTime() - ghiWm2.firstAt.getTime()) / HOUR_MS) : 0;
  const pairs: Pair[] = [];
  for (let k = 0; k < sums.length; k++) {
    const ghi = ghiWm2.values[k];
    const mid = new Date(hourStartMs + k * HOUR_MS + HOUR_MS / 2);
    if (counts[k]! < MIN_READINGS_PER_HOUR || ghi === null || ghi === undefined || mid.getTime() + HOUR_MS / 2 > now.getTime()) continue;
    const sun = sunPosition(mid, location.lat, location.lon);
    if (sun.cosZenith < MIN_COS_ZENITH) continue;
    const poaWm2 = planeOfArrayWm2(ghi, dhiWm2?.values[k - dhiOffset] ?? null, sun, geometry);
    if (poaWm2 < MIN_POA_WM2) continue;
    pairs.push({ poaWm2, kw: sums[k]! / counts[k]! / 1000, hour: localParts(mid, timeZone).hour, date: localDateOf(mid, timeZone) });
  }
  return pairs;
}

/** Least squares through the origin: kw = yield * poa (* shading[hour]). */
function fitModel(pairs: readonly Pair[], withShading: boolean): { yieldKwPerWm2: number; shadingByHour: number[] | null } {
  let sxy = 0;
  let sxx = 0;
  for (const p of pairs) {
    sxy += p.kw * p.poaWm2;
    sxx += p.poaWm2 * p.poaWm2;
  }
  const yieldKwPerWm2 = sxx > 0 ? sxy / sxx : 0;
  if (!withShading || yieldKwPerWm2 <= 0) return { yieldKwPerWm2, shadingByHour: null };
  const shadingByHour = Array.from({ length: 24 }, (_, hour) => {
    const own = pairs.filter((p) => p.hour === hour);
    if (own.length < MIN_PAIRS_PER_HOUR) return 1;
    const hxy = own.reduce((s, p) => s + p.kw * p.poaWm2, 0);
    const hxx = own.reduce((s, p) => s + p.poaWm2 * p.poaWm2, 0);
    return Math.min(Math.max(hxy / (yieldKwPerWm2 * hxx), 0), MAX_SHADING_FACTOR);
  });
  return { yieldKwPerWm2, shadingByHour };
}

/** RMSE (kW) and R2 of a model on pairs. */
function score(model: { yieldKwPerWm2: number; shadingByHour: number[] | null }, pairs: readonly Pair[]) {
  const mean = pairs.reduce((s, p) => s + p.kw, 0) / pairs.length;
  let ssRes = 0;
  let ssTot = 0;
  for (const p of pairs) {
    const predicted = model.yieldKwPerWm2 * p.poaWm2 * (model.shadingByHour?.[p.hour] ?? 1);
    ssRes += (p.kw - predicted) ** 2;
    ssTot += (p.kw - mean) ** 2;
  }
  return { rmseKw: Math.sqrt(ssRes / pairs.length), rSquared: ssTot > 0 ? 1 - ssRes / ssTot : 0 };
}

/**
 * Fits an array's yield from its production readings and the irradiance history of its location.
 * Days are local dates in `timeZone`; only hours that ended by `now` count.
 */
export function fitArrayYield(args: {
  readings: readonly ProductionReading[];
  history: IrradianceHistory;
  location: { lat: number; lon: number };
  geometry: ArrayGeometry;
  timeZone: string;
  now: Date;
}): FitOutcome {
  const pairs = buildPairs(args.readings, args.history, args.location, args.geometry, args.timeZone, args.now);
  const days = [...new Set(pairs.map((p) => p.date))].sort();
  const counts = { nPairs: pairs.length, nDays: days.length };
  if (days.length < MIN_FIT_DAYS) return { ok: false, reason: `${days.length} days of daylight pairs, ${MIN_FIT_DAYS} needed`, ...counts };
  if (pairs.length < MIN_FIT_PAIRS) return { ok: false, reason: `${pairs.length} daylight pairs, ${MIN_FIT_PAIRS} needed`, ...counts };
  const holdoutDays = new Set(days.slice(days.length - Math.max(1, Math.ceil(days.length * HOLDOUT_SHARE))));
  const train = pairs.filter((p) => !holdoutDays.has(p.date));
  const holdout = pairs.filter((p) => holdoutDays.has(p.date));
  const plain = score(fitModel(train, false), holdout);
  const shaded = score(fitModel(train, true), holdout);
  const useShading = shaded.rmseKw < plain.rmseKw * SHADING_MIN_GAIN;
  const held = useShading ? shaded : plain;
  if (held.rSquared < MIN_HOLDOUT_R2) {
    return { ok: false, reason: `held-out R2 ${held.rSquared.toFixed(2)} below ${MIN_HOLDOUT_R2}`, ...counts };
  }
  // The accepted model is refitted on every pair; the scores are the honest held-out ones.
  const model = fitModel(pairs, useShading);
  return {
    ok: true,
    fit: { ...model, rSquared: held.rSquared, nPairs: pairs.length, nDays: days.length, holdoutRmseKw: held.rmseKw, calculatedAt: args.now },
  };
}
