import { describe, expect, it } from 'vitest';
import type { ThermalReading } from './duty.js';
import { resampleReadings } from './resample.js';

const T0 = Date.UTC(2026, 6, 1, 12); // on the 30-minute grid
const at = (min: number) => new Date(T0 + min * 60_000);
const OPTS = { gridMinutes: 30, ratedPowerW: { cool: null, heat: null } };

/** Readings every 5 minutes over [fromMin, toMin], cooling while `isCooling(minute)`. */
function readings(fromMin: number, toMin: number, isCooling: (min: number) => boolean, temp = (min: number) => 72 + min / 60): ThermalReading[] {
  const out: ThermalReading[] = [];
  for (let m = fromMin; m <= toMin; m += 5) {
    out.push({ at: at(m), indoorTempF: temp(m), hvacState: 'COOL', hvacAction: isCooling(m) ? 'cooling' : 'idle', outdoorTempF: 90 });
  }
  return out;
}

describe('resampleReadings', () => {
  it('puts steps on the UTC-aligned grid with mean duties and smoothed node temperatures', () => {
    const samples = resampleReadings(
      readings(0, 120, (m) => m < 30 || (m >= 60 && m < 75)),
      [],
      OPTS,
    );
    expect(samples.map((s) => s.gridIndex)).toEqual([0, 1, 2, 3]);
    expect(samples[0]).toMatchObject({ startMs: T0, hours: 0.5, coolDuty: 1, heatDuty: 0, outdoorF: 90 });
    expect(samples[1]!.coolDuty).toBe(0);
    expect(samples[2]!.coolDuty).toBe(0.5);
    // A linear temperature is unchanged by the symmetric smoothing: 72 F + 1 F per hour.
    expect(samples[1]!.startF).toBeCloseTo(72.5, 10);
    expect(samples[1]!.endF).toBeCloseTo(73, 10);
  });

  it('gives each step the signed duty of the step before when its state is known', () => {
    const samples = resampleReadings([...readings(0, 90, (m) => m < 30), ...readings(180, 270, () => true)], [], OPTS);
    expect(samples[0]!.previousDuty).toBeNull();
    expect(samples[1]!.previousDuty).toBe(-1);
    expect(samples[2]!.previousDuty).toBeCloseTo(0, 10);
    // The first step after a gap: the step before is not known.
    expect(samples.find((s) => s.gridIndex === 6)!.previousDuty).toBeNull();
  });

  it('skips the steps of a gap (a reading holds its state 15 minutes at most)', () => {
    const data = [...readings(0, 60, () => true), ...readings(180, 300, () => false)];
    const indexes = resampleReadings(data, [], OPTS).map((s) => s.gridIndex);
    expect(indexes).not.toContain(2);
    expect(indexes).not.toContain(3);
    expect(indexes).not.toContain(4);
    expect(indexes).toContain(0);
    expect(indexes).toContain(7);
  });

  it('fills a missing outdoor temperature from the weather history, interpolating between points', () => {
    const data = readings(0, 60, () => false).map((r) => ({ ...r, outdoorTempF: null }));
    const weather = [
      { at: at(0), tempF: 80 },
      { at: at(60), tempF: 86 },
    ];
    const samples = resampleReadings(data, weather, OPTS);
    expect(samples[0]!.outdoorF).toBeCloseTo(81.5, 10);
    expect(samples[1]!.outdoorF).toBeCloseTo(84.5, 10);
    // Without a weather history the steps cannot be used.
    expect(resampleReadings(data, [], OPTS)).toEqual([]);
    // Nor across a weather gap of more than 3 hours.
    expect(
      resampleReadings(
        data,
        [
          { at: at(-120), tempF: 80 },
          { at: at(120), tempF: 86 },
        ],
        OPTS,
      ),
    ).toEqual([]);
  });

  it('reads duty from power when the rated power is known', () => {
    const data = readings(0, 60, () => true).map((r) => ({ ...r, powerW: 750 }));
    const samples = resampleReadings(data, [], { gridMinutes: 30, ratedPowerW: { cool: 3000, heat: null } });
    expect(samples[0]!.coolDuty).toBeCloseTo(0.25, 10);
  });

  it('accepts readings in any order and gives nothing for none', () => {
    const data = readings(0, 90, () => true);
    expect(resampleReadings([...data].reverse(), [], OPTS)).toEqual(resampleReadings(data, [], OPTS));
    expect(resampleReadings([], [], OPTS)).toEqual([]);
  });
});
