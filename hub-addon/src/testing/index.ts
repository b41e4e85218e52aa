// `@offpeak/hub-addon/testing`: the add-on, its Home Assistant simulator and the pieces of its
// timing and plan reading that the e2e suites and the system benchmark drive homes with.
export { startAddon, type RunningAddon } from '../addon.js';
export { startHaSim, type HaSimHandle } from '../ha-sim/index.js';
export { createLogger, silentLogger } from '../log.js';
export { startCutOff, type CutOff } from '../bench/cloud-process.js';
export { createCloudApi, type CloudApi } from '../cloud.js';
export { DEFAULT_TIMING } from '../context.js';
export type { FetchLike } from '../http-fetch.js';
export { localSlotAt, nextBoundaryMs } from '../local-time.js';
export { drawPushDelayMs, nextMarkMs } from '../readings-push.js';
export { batterySlotMode, type BatterySlotMode } from '../battery-slots.js';
export { hvacSlot, onOffSlot } from '../plan-actions.js';
export { CloudSession } from '../session.js';
export { awaitsDayPlan, drawViewLeadMs, nextViewRefreshMs } from '../view-refresh.js';
export { drawWeatherPushOffsetMs, isPushDue } from '../weather.js';
