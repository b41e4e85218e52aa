// What services and the house see of the running simulator: states, bus, clock, timers.
import type { EventBus } from './bus.js';
import type { Context } from './context.js';
import type { StateMachine } from './states.js';
import type { Micros } from './time.js';

export interface Behaviour {
  /** Seconds a vacuum or lawn mower stays `returning` before it is `docked`. */
  dock_after_seconds: number;
  /** Whether water_heater.set_temperature range-checks like climate (the reference leaves it open). */
  water_heater_range_check: boolean;
}

export type ForecastType = 'daily' | 'hourly' | 'twice_daily';

export interface SimCore {
  readonly states: StateMachine;
  readonly bus: EventBus;
  readonly behaviour: Behaviour;
  /** The admin user every call runs as (32 lowercase hex characters). */
  readonly userId: string;
  nowMs(): number;
  nowUs(): Micros;
  newContext(userId?: string | null): Context;
  /** Run fn once the simulated clock has moved delayMs further. */
  schedule(delayMs: number, fn: () => void): void;
  /** The forecast a weather entity answers with, or undefined when it has none of that type. */
  forecast(entityId: string, type: ForecastType): Record<string, unknown>[] | undefined;
}
