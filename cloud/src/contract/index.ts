// The API contract shared by the cloud and its clients (dashboard, hub-addon, firmware-sim, e2e).
export * from './appliances.js';
export * from './auth.js';
export * from './devices.js';
export * from './errors.js';
export * from './health.js';
export * from './insights.js';
export * from './metrics.js';
export * from './preferences.js';
export * from './rates.js';
export * from './readings.js';
export * from './schedules.js';
export * from './time.js';
export * from './weather.js';
// The validation gate every route runs a schema through; clients validate forms with it too.
export { passGate, type GateResult } from '../domain/validation/schema-gate.js';
export * from './household-load.js';
export * from './hub-entities.js';
