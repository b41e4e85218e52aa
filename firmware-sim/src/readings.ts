// Captured readings and the bounded buffer that holds them until a push succeeds.
import type { HvacReadingInput } from '@offpeak/cloud/contract';
import type { Applied } from './device.js';
import type { DayPlan } from './plan.js';
import type { RoomReading } from './room.js';

/** The reading the device pushes for one capture: what the sensor saw and what it had commanded. */
export function readingOf(r: RoomReading, applied: Applied | null, plan: DayPlan | null): HvacReadingInput {
  const reading: HvacReadingInput = {
    timestamp: new Date(r.at).toISOString(),
    indoor_temp: r.indoorTempF,
    hvac_state: r.hvacState,
    indoor_humidity: r.indoorHumidity,
    outdoor_temp: r.outdoorTempF,
    target_temp: r.targetTempF,
    fan_mode: r.fanMode,
    power_watts: r.powerWatts,
    hvac_action: r.hvacAction,
    indoor_source: 'sensor',
  };
  if (applied) {
    reading.commanded_hvac_mode = applied.power ? applied.mode : 'OFF';
    reading.commanded_fan_mode = applied.fan;
    reading.commanded_setpoint = applied.target_temp_f;
    // Anything but the plan (a user's change, the watchdog) counts as a local override.
    reading.override_active = applied.source !== 'schedule';
    const roomTarget = plan?.date === applied.slot.date ? plan.roomTargets?.[applied.slot.index] : undefined;
    if (roomTarget !== undefined) reading.room_target = roomTarget;
  }
  return reading;
}

/** Readings waiting for a push, oldest first; when full the oldest are dropped and counted. */
export class ReadingBuffer {
  private items: HvacReadingInput[] = [];
  /** Readings lost to the bound since start. */
  dropped = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.items.length;
  }

  add(reading: HvacReadingInput): void {
    this.items.push(reading);
    const excess = this.items.length - this.capacity;
    if (excess > 0) {
      this.items.splice(0, excess);
      this.dropped += excess;
    }
  }

  /** The oldest `max` readings, left in place until remove() confirms them pushed. */
  peek(max: number): HvacReadingInput[] {
    return this.items.slice(0, max);
  }

  /** Forgets a batch just pushed. The bound only drops from the head, so everything up to its last reading goes. */
  remove(batch: readonly HvacReadingInput[]): void {
    const last = batch[batch.length - 1];
    if (last !== undefined) this.items.splice(0, this.items.indexOf(last) + 1);
  }
}
