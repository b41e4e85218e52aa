// `@offpeak/cloud/bench`: what the cloud's benchmarks share with the system benchmark in e2e.
export { call, startCloudProcess, type CloudProcess } from './cloud-process.js';
export { printTable } from './load.js';
export { cpuPressurePct, cpuTicks } from './proc-stats.js';
export { chance, seededRandom } from './optimizer/random.js';
export { rankAbove } from '../domain/statistics.js';
