// Where a thermostat actually holds the air against its setpoint. A strong unit with a long
// minimum run overshoots on every cycle, so the air sits below a cooling setpoint (above a heating
// one) by up to a degree or two; the expected air of a conditioning slot includes it.
import { trimmedMean } from '../statistics.js';
import { readingDuty, type RatedPowerW, type ThermalReading } from './duty.js';

/** Readings within this much of one another show whether the thermostat is cycling there. */
const NEIGHBOURHOOD_MS = 20 * 60_000;
/** A direction's offset needs this many regulating readings. */
const MIN_READINGS = 24;
/** A unit running throughout a neighbourhood regulates when its mean duty there stays below this (it modulates). */
const MAX_MODULATING_DUTY = 0.9;
/** Offsets are kept within this, F (beyond it the setpoint is not what the air follows). */
const MAX_OFFSET_F = 3;

export interface HoldOffsetF {
  cool: number | null;
  heat: number | null;
}

/**
 * Mean of the middle half (trimmedMean) of indoor minus setpoint over the readings taken while the
 * thermostat regulates (within 20 minutes either side its unit both runs and rests, or runs
 * throughout below 90 % of its rated power on average: an inverter modulating), per direction;
 * null without a setpoint in the readings or with fewer than 24 such readings. Duty from power
 * needs `rated`; without it a running unit counts as full output.
 */
export function learnHoldOffsetF(readings: readonly ThermalReading[], rated: RatedPowerW = { cool: null, heat: null }): HoldOffsetF {
  const sorted = [...readings].sort((a, b) => a.at.getTime() - b.at.getTime());
  const duty = sorted.map((r) => readingDuty(r, rated));
  const offsets = { cool: [] as number[], heat: [] as number[] };
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < sorted.length; i++) {
    const r = sorted[i]!;
    const ms = r.at.getTime();
    while (sorted[lo]!.at.getTime() < ms - NEIGHBOURHOOD_MS) lo++;
    while (hi + 1 < sorted.length && sorted[hi + 1]!.at.getTime() <= ms + NEIGHBOURHOOD_MS) hi++;
    if (r.targetTempF == null) continue;
    let cool = 0;
    let heat = 0;
    let resting = 0;
    let dutySum = 0;
    for (let j = lo; j <= hi; j++) {
      const d = duty[j]!;
      dutySum += d.cool + d.heat;
      if (d.cool > 0) cool++;
      else if (d.heat > 0) heat++;
      else resting++;
    }
    if (resting === 0 && dutySum / (hi - lo + 1) >= MAX_MODULATING_DUTY) continue;
    if (cool > 0 && heat === 0) offsets.cool.push(r.indoorTempF - r.targetTempF);
    if (heat > 0 && cool === 0) offsets.heat.push(r.indoorTempF - r.targetTempF);
  }
  const typical = (v: number[]) => {
    if (v.length < MIN_READINGS) return null;
    const m = trimmedMean(v);
    return Math.round(Math.min(MAX_OFFSET_F, Math.max(-MAX_OFFSET_F, m)) * 100) / 100;
  };
  return { cool: typical(offsets.cool), heat: typical(offsets.heat) };
}
