import { hvacReadingSchema, type HvacReadingInput } from '@offpeak/cloud/contract';
import { describe, expect, it } from 'vitest';
import type { Applied } from './device.js';
import { ReadingBuffer, readingOf } from './readings.js';
import type { RoomReading } from './room.js';

const r = (i: number) => ({ timestamp: `t${i}`, indoor_temp: 70 + i, hvac_state: 'COOL' }) as HvacReadingInput;
const room: RoomReading = {
  at: Date.parse('2026-07-01T16:10:00Z'),
  indoorTempF: 74.3,
  indoorHumidity: 48.2,
  outdoorTempF: 91.4,
  hvacState: 'COOL',
  hvacAction: 'cooling',
  targetTempF: 73,
  fanMode: 'auto',
  powerWatts: 1500,
};
const applied = (source: Applied['source'], power = true): Applied => ({
  power,
  mode: 'COOL',
  fan: 'auto',
  target_temp_f: 73,
  source,
  slot: { date: '2026-07-01', index: 24, offsetMinutes: -240 },
});

describe('readingOf', () => {
  it('carries what the sensor saw and what was commanded, valid for the cloud', () => {
    const plan = {
      date: '2026-07-01',
      setpoints: Array(48).fill(73),
      roomTargets: Array.from({ length: 48 }, (_, i) => 70 + i / 10),
      modes: null,
      fans: null,
      source: 'optimization' as const,
    };
    const reading = readingOf(room, applied('schedule'), plan);
    expect(reading).toEqual({
      timestamp: '2026-07-01T16:10:00.000Z',
      indoor_temp: 74.3,
      hvac_state: 'COOL',
      indoor_humidity: 48.2,
      outdoor_temp: 91.4,
      target_temp: 73,
      fan_mode: 'auto',
      power_watts: 1500,
      hvac_action: 'cooling',
      indoor_source: 'sensor',
      commanded_hvac_mode: 'COOL',
      commanded_fan_mode: 'auto',
      commanded_setpoint: 73,
      override_active: false,
      room_target: 72.4,
    });
    expect(hvacReadingSchema.isValidSync(reading)).toBe(true);
  });

  it('flags anything but the plan as an override and records power off as OFF', () => {
    const reading = readingOf(room, applied('watchdog', false), null);
    expect(reading).toMatchObject({ override_active: true, commanded_hvac_mode: 'OFF' });
    expect(reading).not.toHaveProperty('room_target');
  });
});

describe('ReadingBuffer', () => {
  it('drops the oldest beyond its bound and counts them', () => {
    const buf = new ReadingBuffer(3);
    for (let i = 0; i < 5; i++) buf.add(r(i));
    expect(buf.size).toBe(3);
    expect(buf.dropped).toBe(2);
    expect(buf.peek(10).map((x) => x.indoor_temp)).toEqual([72, 73, 74]);
  });

  it('removes a pushed batch, even when the bound dropped part of it in flight', () => {
    const buf = new ReadingBuffer(4);
    for (let i = 0; i < 4; i++) buf.add(r(i));
    const batch = buf.peek(2);
    buf.add(r(4));
    buf.remove(batch);
    expect(buf.peek(10).map((x) => x.indoor_temp)).toEqual([72, 73, 74]);
    const gone = buf.peek(1);
    for (let i = 5; i < 9; i++) buf.add(r(i));
    buf.remove(gone);
    expect(buf.size).toBe(4);
  });
});
