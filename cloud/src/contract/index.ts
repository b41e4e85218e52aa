// The API contract shared by the cloud and its clients (dashboard, hub-addon, firmware-sim, e2e).
export * from './auth.js';
export * from './errors.js';
