// `@offpeak/cloud/bench`: what the cloud's benchmarks share with the system benchmark in e2e.
export { call, startCloudProcess, type CloudProcess } from './cloud-process.js';
export { printTable } from './load.js';
export { cpuPressurePct, cpuTicks } from './proc-stats.js';
export { chance, normal, seededRandom } from './optimizer/random.js';
export { rankAbove } from '../domain/statistics.js';
export { TYPICAL_HOUSEHOLD_LOAD_KW } from '../domain/planning/household-load.js';
export { loadDeparts, LOAD_REPLAN_MARGIN_KW, LOAD_REPLAN_MARGIN_SHARE } from '../domain/planning/load-departure.js';
