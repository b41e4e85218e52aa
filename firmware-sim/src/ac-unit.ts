// The air conditioner on the other end of the infrared link: it only learns its settings from
// frames it decodes, and runs its compressor with its own thermostat (hysteresis and a minimum
// off time, as real units protect their compressors).
import type { AcSettings } from './device.js';
import { decodeIr, type IrFrame } from './ir.js';

/** What the compressor is doing, in the entity vocabulary of hvac_action. */
export type HvacAction = 'cooling' | 'heating' | 'idle' | 'off';

/** Options of the unit. */
export interface AcUnitOptions {
  protocol: string;
  /** Total dead band around the setpoint, F. Default 1 (± 0.5). */
  hysteresisF?: number;
  /** Shortest compressor rest, s. Default 180. */
  minOffS?: number;
  /** Electric draw at full duty, W. Defaults 1500 cooling, 1800 heating. */
  coolingWatts?: number;
  heatingWatts?: number;
}

/** Relative capacity per fan speed. */
export const FAN_CAPACITY = { low: 0.7, auto: 1, high: 1.15 } as const;
const FAN_ONLY_WATTS = 40;

/** An IR-controlled air conditioner. */
export class AcUnit {
  settings: AcSettings = { power: false, mode: 'COOL', target_temp_f: 72, fan: 'auto' };
  action: HvacAction = 'off';
  /** Frames decoded and applied. */
  framesAccepted = 0;
  /** Frames ignored: another protocol or address, or corrupted. */
  framesRejected = 0;
  private restingSince = -Infinity;

  constructor(private readonly options: AcUnitOptions) {}

  /** Takes a frame as the unit's receiver would: a bad one is ignored. */
  receive(frame: IrFrame): boolean {
    try {
      this.settings = decodeIr(this.options.protocol, frame);
      this.framesAccepted++;
      return true;
    } catch {
      this.framesRejected++;
      return false;
    }
  }

  /** Whether the unit is running at all. */
  get running(): boolean {
    return this.settings.power && this.settings.mode !== 'OFF';
  }

  /** The thermostat's decision for the room temperature it senses at `nowMs`. */
  regulate(roomTempF: number, nowMs: number): void {
    const half = (this.options.hysteresisF ?? 1) / 2;
    const { mode, target_temp_f: set } = this.settings;
    const wanted = mode === 'COOL' ? 'cooling' : 'heating';
    const rested = nowMs - this.restingSince >= (this.options.minOffS ?? 180) * 1000;
    let next: HvacAction;
    if (!this.running) next = 'off';
    else if (this.action === wanted) next = (mode === 'COOL' ? roomTempF > set - half : roomTempF < set + half) ? wanted : 'idle';
    else next = rested && (mode === 'COOL' ? roomTempF >= set + half : roomTempF <= set - half) ? wanted : 'idle';
    if ((this.action === 'cooling' || this.action === 'heating') && next !== this.action) this.restingSince = nowMs;
    this.action = next;
  }

  /** Electric draw now, W. */
  powerWatts(): number {
    const fan = FAN_CAPACITY[this.settings.fan];
    if (this.action === 'cooling') return (this.options.coolingWatts ?? 1500) * fan;
    if (this.action === 'heating') return (this.options.heatingWatts ?? 1800) * fan;
    // A fixed fan speed keeps the blower running between compressor cycles; auto stops it.
    return this.action === 'idle' && this.settings.fan !== 'auto' ? FAN_ONLY_WATTS : 0;
  }
}
