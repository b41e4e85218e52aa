// Public API of the satellite emulator: start one with startSimulator(options) -> { stop, state,
// clock, room, override, waitFor, done }; the pure pieces are exported for tests and tools.
export { startSimulator, type RunningSimulator, type SimulatorOptions } from './simulator.js';
export type { SimulatorPhase, SimulatorSnapshot } from './snapshot.js';
export { CloudError, RealClock, SimulatedClock, sleep, type Clock, type SimulatedClockOptions, type TimerHandle } from '@offpeak/client-kit';
export {
  apply,
  clockTrusted,
  initialState,
  OFFSET_TRUST_MS,
  planFor,
  type AcSettings,
  type Applied,
  type DeviceEvent,
  type DeviceState,
  type Effect,
  type Holds,
  type StandingSettings,
} from './device.js';
export { localSlotAt, nextBoundaryMs, offsetAt, type LocalSlot, type OffsetInfo } from './local-time.js';
export { planFromSchedule, type DayPlan } from './plan.js';
export { createCloudClient, type CloudClient, type CloudClientOptions } from './cloud-client.js';
export { DeviceStorage, STATE_FILE, type PersistedDevice } from './storage.js';
export { Room, type RoomOptions, type RoomReading } from './room.js';
export { AcUnit, type HvacAction } from './ac-unit.js';
export { decodeIr, DEFAULT_IR_PROTOCOL, encodeIr, IR_PROTOCOLS, type IrFrame } from './ir.js';
export { dailySinusoid, hourlySeries, type OutdoorConditions, type Weather } from './weather.js';
export { HVAC_TYPES } from './wire.js';
export type * from './wire.js';
