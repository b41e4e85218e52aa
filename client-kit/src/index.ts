// Public API of the client kit: what the clients of the cloud (hub-addon, firmware-sim) share and
// nothing else. No dependency, so the add-on's image carries it as built (docs/hub-addon.md).
export { RealClock, SimulatedClock, sleep, type Clock, type SimulatedClockOptions, type TimerHandle } from './clock.js';
export { CloudError } from './cloud-error.js';
export { jsonRequest, readCloudAnswer, unreachable, type CloudAnswer, type JsonRequest } from './cloud-call.js';
