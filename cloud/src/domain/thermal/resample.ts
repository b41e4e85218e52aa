// Irregular readings (about every 5 minutes, with gaps) -> regular grid steps the model is fitted on.
import { readingDuty, type RatedPowerW, type ThermalReading } from './duty.js';
import { MINUTE_MS } from '../time/durations.js';

/** One hourly (or finer) outdoor temperature from the weather history. */
export interface WeatherPoint {
  at: Date;
  tempF: number;
}

/** One grid step with everything observed: temperatures at both ends, mean duties, outdoor. */
export interface ThermalSample {
  /** Position on the grid (consecutive samples of a continuous stretch have consecutive indexes). */
  gridIndex: number;
  startMs: number;
  hours: number;
  startF: number;
  endF: number;
  coolDuty: number;
  heatDuty: number;
  outdoorF: number;
  /** How the thermostat's setpoint moved between the two nodes (weighted like the temperatures), F; null without `targetTempF` at both. */
  setpointChangeF: number | null;
  /** The setpoint at the end node (weighted like the temperatures), F; null without `targetTempF` there. */
  endSetpointF: number | null;
  /** Signed duty (heating − cooling) of the step before, null (or absent) when that step's state is not known. */
  previousDuty?: number | null;
}

export interface ResampleOptions {
  gridMinutes: number;
  ratedPowerW: RatedPowerW;
}

/** A reading's HVAC state is trusted for at most this long (three missed 5-minute pushes). */
export const MAX_HOLD_MS = 15 * MINUTE_MS;
/** A step needs its HVAC state known for this fraction of its length. */
const MIN_COVERAGE = 0.8;
/** Weather points further apart than this are not interpolated between. */
const MAX_WEATHER_GAP_MS = 3 * 60 * MINUTE_MS;
/** A node needs readings weighing this much (two readings near it, or more further out). */
const MIN_NODE_WEIGHT = 1;

/** Linear interpolation in a sorted weather history, or null outside it or across a wide gap. */
function weatherAt(points: readonly WeatherPoint[], atMs: number, cursor: { i: number }): number | null {
  while (cursor.i + 1 < points.length && points[cursor.i + 1]!.at.getTime() <= atMs) cursor.i++;
  const p = points[cursor.i];
  const q = points[cursor.i + 1];
  if (!p) return null;
  const pMs = p.at.getTime();
  if (pMs === atMs) return p.tempF;
  if (!q || pMs > atMs) return null;
  const qMs = q.at.getTime();
  if (qMs - pMs > MAX_WEATHER_GAP_MS) return null;
  return p.tempF + ((q.tempF - p.tempF) * (atMs - pMs)) / (qMs - pMs);
}

/**
 * Resamples readings onto a UTC-aligned grid. A node's temperature is the triangle-weighted mean of
 * the readings within one step of it (weight 1 at the node, 0 a step away), which smooths the
 * thermostat's on/off ripple; a step's duty is the time-weighted mean of the readings' duties, each
 * holding until the next reading (at most 15 minutes); its outdoor temperature is the mean reported
 * one, else the weather history at its middle. Steps missing either end temperature, 80 % of their
 * HVAC state, or an outdoor temperature are skipped.
 */
export function resampleReadings(readings: readonly ThermalReading[], weather: readonly WeatherPoint[], opts: ResampleOptions): ThermalSample[] {
  const sorted = [...readings].sort((x, y) => x.at.getTime() - y.at.getTime());
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return [];
  const stepMs = opts.gridMinutes * MINUTE_MS;
  const originMs = Math.floor(first.at.getTime() / stepMs) * stepMs;
  const nodes = Math.floor((last.at.getTime() - originMs) / stepMs) + 2;
  const tempSum = new Float64Array(nodes);
  const tempCount = new Float64Array(nodes);
  const coveredMs = new Float64Array(nodes);
  const coolMs = new Float64Array(nodes);
  const heatMs = new Float64Array(nodes);
  const outSum = new Float64Array(nodes);
  const outCount = new Float64Array(nodes);
  const setpointSum = new Float64Array(nodes);
  const setpointWeight = new Float64Array(nodes);

  for (let j = 0; j < sorted.length; j++) {
    const r = sorted[j]!;
    const t = r.at.getTime() - originMs;
    const pos = t / stepMs;
    const node = Math.floor(pos);
    const w = pos - node;
    tempSum[node]! += (1 - w) * r.indoorTempF;
    tempCount[node]! += 1 - w;
    tempSum[node + 1]! += w * r.indoorTempF;
    tempCount[node + 1]! += w;
    if (r.targetTempF != null) {
      setpointSum[node]! += (1 - w) * r.targetTempF;
      setpointWeight[node]! += 1 - w;
      setpointSum[node + 1]! += w * r.targetTempF;
      setpointWeight[node + 1]! += w;
    }
    if (r.outdoorTempF != null) {
      const step = Math.floor(t / stepMs);
      outSum[step]! += r.outdoorTempF;
      outCount[step]! += 1;
    }
    const next = sorted[j + 1];
    const holdEnd = Math.min(next ? next.at.getTime() - originMs : t, t + MAX_HOLD_MS);
    const duty = readingDuty(r, opts.ratedPowerW);
    // Spread the held interval over the steps it overlaps.
    for (let from = t; from < holdEnd;) {
      const step = Math.floor(from / stepMs);
      const to = Math.min(holdEnd, (step + 1) * stepMs);
      const ms = to - from;
      coveredMs[step]! += ms;
      coolMs[step]! += duty.cool * ms;
      heatMs[step]! += duty.heat * ms;
      from = to;
    }
  }

  const samples: ThermalSample[] = [];
  const cursor = { i: 0 };
  for (let i = 0; i + 1 < nodes; i++) {
    const covered = coveredMs[i]!;
    if (tempCount[i]! < MIN_NODE_WEIGHT || tempCount[i + 1]! < MIN_NODE_WEIGHT || covered < MIN_COVERAGE * stepMs) continue;
    const startMs = originMs + i * stepMs;
    const outdoorF = outCount[i]! > 0 ? outSum[i]! / outCount[i]! : weatherAt(weather, startMs + stepMs / 2, cursor);
    if (outdoorF == null) continue;
    samples.push({
      gridIndex: i,
      startMs,
      hours: opts.gridMinutes / 60,
      startF: tempSum[i]! / tempCount[i]!,
      endF: tempSum[i + 1]! / tempCount[i + 1]!,
      coolDuty: coolMs[i]! / covered,
      heatDuty: heatMs[i]! / covered,
      outdoorF,
      setpointChangeF:
        setpointWeight[i]! >= MIN_NODE_WEIGHT && setpointWeight[i + 1]! >= MIN_NODE_WEIGHT
          ? setpointSum[i + 1]! / setpointWeight[i + 1]! - setpointSum[i]! / setpointWeight[i]!
          : null,
      endSetpointF: setpointWeight[i + 1]! >= MIN_NODE_WEIGHT ? setpointSum[i + 1]! / setpointWeight[i + 1]! : null,
      previousDuty: i > 0 && coveredMs[i - 1]! >= MIN_COVERAGE * stepMs ? (heatMs[i - 1]! - coolMs[i - 1]!) / coveredMs[i - 1]! : null,
    });
  }
  return samples;
}
