// A room with one air conditioner: a first-order thermal model (envelope toward the outdoor
// temperature, internal gains, the unit's heat flow) integrated in small steps, and a sensor with
// noise and 0.1 F quantisation, so captured readings look like a real home's.
import { AcUnit, FAN_CAPACITY, type AcUnitOptions, type HvacAction } from './ac-unit.js';
import { DEFAULT_IR_PROTOCOL, type IrFrame } from './ir.js';
import { gaussian, seededRandom, type Random } from './random.js';
import { dailySinusoid, type Weather } from './weather.js';
import type { FanSpeed } from './wire.js';
import { HOUR_MS } from '@offpeak/cloud/contract';

/** Options of the room. */
export interface RoomOptions {
  /** Simulated time the room starts at. */
  startMs: number;
  /** Protocol the unit's receiver decodes. Default DEFAULT_IR_PROTOCOL. */
  irProtocol?: string;
  weather?: Weather;
  initialTempF?: number;
  initialHumidity?: number;
  /** Time constant of the envelope, h. Default 4. */
  envelopeHours?: number;
  /** Temperature change at full duty, F per hour. Defaults 8 and 8. */
  coolingFPerHour?: number;
  heatingFPerHour?: number;
  /** People and appliances, F per hour. Default 0.5. */
  internalGainFPerHour?: number;
  /** Standard deviation of the sensor noise, F. Default 0.1. */
  sensorNoiseF?: number;
  seed?: number;
  unit?: Omit<AcUnitOptions, 'protocol'>;
}

/** What the satellite's sensor and its view of the unit give at one instant. */
export interface RoomReading {
  at: number;
  /** Sensor temperature: true temperature plus noise, quantised to 0.1 F. */
  indoorTempF: number;
  indoorHumidity: number;
  outdoorTempF: number;
  hvacState: 'COOL' | 'HEAT' | 'OFF';
  hvacAction: HvacAction;
  targetTempF: number;
  fanMode: FanSpeed;
  powerWatts: number;
}

const STEP_MS = 30_000;
const round1 = (v: number) => Math.round(v * 10) / 10;

/** The simulated room and its air conditioner. */
export class Room {
  readonly ac: AcUnit;
  private readonly weather: Weather;
  private readonly random: Random;
  private t: number;
  private tempF: number;
  private humidity: number;

  constructor(private readonly options: RoomOptions) {
    this.ac = new AcUnit({ ...options.unit, protocol: options.irProtocol ?? DEFAULT_IR_PROTOCOL });
    this.weather = options.weather ?? dailySinusoid();
    this.random = seededRandom(options.seed ?? 1);
    this.t = options.startMs;
    this.tempF = options.initialTempF ?? 76;
    this.humidity = options.initialHumidity ?? 50;
  }

  /** True (noise-free) indoor temperature, F. */
  get trueTempF(): number {
    return this.tempF;
  }

  /** An IR frame reaching the unit at `atMs`: the room is brought up to then first. */
  receive(frame: IrFrame, atMs: number): boolean {
    this.advanceTo(atMs);
    const accepted = this.ac.receive(frame);
    this.ac.regulate(this.tempF, atMs);
    return accepted;
  }

  /** Integrates the room up to `ms` (earlier instants are ignored). */
  advanceTo(ms: number): void {
    while (this.t < ms) {
      const dt = Math.min(STEP_MS, ms - this.t);
      this.ac.regulate(this.tempF, this.t);
      const out = this.weather(this.t);
      const h = dt / HOUR_MS;
      const fan = FAN_CAPACITY[this.ac.settings.fan];
      const hvac =
        this.ac.action === 'cooling'
          ? -(this.options.coolingFPerHour ?? 8) * fan
          : this.ac.action === 'heating'
            ? (this.options.heatingFPerHour ?? 8) * fan
            : 0;
      this.tempF += h * ((out.tempF - this.tempF) / (this.options.envelopeHours ?? 4) + (this.options.internalGainFPerHour ?? 0.5) + hvac);
      // Cooling condenses water out of the air; otherwise indoor humidity drifts toward outdoor.
      const rhTarget = this.ac.action === 'cooling' ? 40 : out.humidity;
      this.humidity += (rhTarget - this.humidity) * Math.min(1, h / (this.ac.action === 'cooling' ? 1.5 : 4));
      this.t += dt;
    }
  }

  /** A sensor reading at `ms`. */
  read(ms: number): RoomReading {
    this.advanceTo(ms);
    const s = this.ac.settings;
    return {
      at: ms,
      indoorTempF: Math.min(120, Math.max(30, round1(gaussian(this.random, this.tempF, this.options.sensorNoiseF ?? 0.1)))),
      indoorHumidity: round1(Math.min(100, Math.max(0, this.humidity))),
      outdoorTempF: round1(this.weather(ms).tempF),
      hvacState: this.ac.running ? (s.mode as 'COOL' | 'HEAT') : 'OFF',
      hvacAction: this.ac.action,
      targetTempF: s.target_temp_f,
      fanMode: s.fan,
      powerWatts: this.ac.powerWatts(),
    };
  }
}
