import { hvacReadingSchema } from '@offpeak/cloud/contract';
import { describe, expect, it } from 'vitest';
import { AcUnit } from './ac-unit.js';
import { encodeIr } from './ir.js';
import { readingOf } from './readings.js';
import { Room } from './room.js';
import { dailySinusoid, hourlySeries } from './weather.js';

const T0 = Date.parse('2026-07-01T12:00:00Z');
const HOUR = 3600_000;
const cool = (target: number) => encodeIr('nec-ac', { power: true, mode: 'COOL', fan: 'auto', target_temp_f: target });

describe('room and air conditioner over IR', () => {
  it('the unit only learns its settings from frames of its protocol', () => {
    const room = new Room({ startMs: T0, irProtocol: 'pwm-ac' });
    expect(room.receive(cool(70), T0)).toBe(false);
    expect(room.ac.settings.power).toBe(false);
    expect(room.receive(encodeIr('pwm-ac', { power: true, mode: 'COOL', fan: 'high', target_temp_f: 70 }), T0)).toBe(true);
    expect(room.ac.settings).toEqual({ power: true, mode: 'COOL', fan: 'high', target_temp_f: 70 });
    expect(room.ac.framesRejected).toBe(1);
  });

  it('cools a hot room to the setpoint and then cycles within the hysteresis band', () => {
    const room = new Room({ startMs: T0, weather: dailySinusoid({ meanF: 92, amplitudeF: 0 }), initialTempF: 82 });
    room.receive(cool(72), T0);
    room.advanceTo(T0 + 3 * HOUR);
    let min = Infinity;
    let max = -Infinity;
    const actions = new Set<string>();
    for (let t = T0 + 3 * HOUR; t < T0 + 6 * HOUR; t += 60_000) {
      room.advanceTo(t);
      min = Math.min(min, room.trueTempF);
      max = Math.max(max, room.trueTempF);
      actions.add(room.ac.action);
    }
    expect(min).toBeGreaterThan(71);
    expect(max).toBeLessThan(73.2);
    expect(actions).toEqual(new Set(['cooling', 'idle']));
  });

  it('drifts toward the outdoor temperature with the unit off, and heats in HEAT mode', () => {
    const room = new Room({ startMs: T0, weather: hourlySeries({ startMs: T0, tempsF: [40, 40] }), initialTempF: 70 });
    room.advanceTo(T0 + 4 * HOUR);
    expect(room.trueTempF).toBeLessThan(58);
    room.receive(encodeIr('nec-ac', { power: true, mode: 'HEAT', fan: 'auto', target_temp_f: 68 }), T0 + 4 * HOUR);
    room.advanceTo(T0 + 9 * HOUR);
    expect(room.trueTempF).toBeGreaterThan(66.5);
    expect(room.read(T0 + 9 * HOUR).hvacState).toBe('HEAT');
  });

  it('reads with noise quantised to 0.1 F, and the reading passes the cloud contract', () => {
    const room = new Room({ startMs: T0, seed: 7 });
    room.receive(cool(74), T0);
    const values = new Set<number>();
    for (let i = 1; i <= 20; i++) {
      const r = room.read(T0 + i * 1000);
      expect(Math.round(r.indoorTempF * 10) / 10).toBe(r.indoorTempF);
      values.add(r.indoorTempF);
      expect(r).toMatchObject({ hvacState: 'COOL', targetTempF: 74, fanMode: 'auto' });
    }
    expect(values.size).toBeGreaterThan(1);
    const reading = readingOf(room.read(T0 + 60_000), null, null);
    expect(hvacReadingSchema.isValidSync(reading)).toBe(true);
  });

  it('replays identically from the same seed', () => {
    const a = new Room({ startMs: T0, seed: 3 });
    const b = new Room({ startMs: T0, seed: 3 });
    expect(a.read(T0 + HOUR)).toEqual(b.read(T0 + HOUR));
  });
});

describe('thermostat', () => {
  it('waits out the minimum off time before restarting the compressor', () => {
    const ac = new AcUnit({ protocol: 'nec-ac', minOffS: 180 });
    ac.receive(cool(72));
    ac.regulate(75, 0);
    expect(ac.action).toBe('cooling');
    ac.regulate(71.4, 60_000);
    expect(ac.action).toBe('idle');
    ac.regulate(74, 120_000);
    expect(ac.action).toBe('idle');
    ac.regulate(74, 240_000);
    expect(ac.action).toBe('cooling');
    expect(ac.powerWatts()).toBe(1500);
  });
});

describe('weather', () => {
  it('peaks at the local peak hour', () => {
    const w = dailySinusoid({ meanF: 80, amplitudeF: 10, peakHour: 15, utcOffsetMinutes: -240 });
    expect(w(Date.parse('2026-07-01T19:00:00Z')).tempF).toBeCloseTo(90);
    expect(w(Date.parse('2026-07-01T07:00:00Z')).tempF).toBeCloseTo(70);
  });

  it('interpolates a series and holds its ends', () => {
    const w = hourlySeries({ startMs: T0, tempsF: [60, 70], humidity: [40, 60] });
    expect(w(T0 + HOUR / 2)).toEqual({ tempF: 65, humidity: 50 });
    expect(w(T0 - HOUR).tempF).toBe(60);
    expect(w(T0 + 5 * HOUR).tempF).toBe(70);
    expect(() => hourlySeries({ startMs: 0, tempsF: [] })).toThrow();
  });
});
