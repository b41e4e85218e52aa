// Faults injected into generated homes for the hints bench: one scenario per hint kind, plus the
// fault-free month. Each home runs 31 days (a settling day and 30 days the hints look at).
import type { HintKind } from '../../domain/insights/hint.js';
import type { FaultState } from '../optimizer/house-sim.js';
import { generateHome, initialState, programSetpointF, runProgram, type GeneratedHome, type HomeRun } from '../optimizer/home-generator.js';
import { between, seededRandom } from '../optimizer/random.js';
import { DAY_MS, HOUR_MS } from '../../domain/time/durations.js';

export const DAYS = 31;

export type ScenarioName = 'fault_free' | HintKind;
export const SCENARIOS: readonly ScenarioName[] = ['fault_free', 'window_open', 'short_cycling', 'cannot_keep_up', 'efficiency_decline', 'sensor_drift'];

export interface HintScenario {
  home: GeneratedHome;
  name: ScenarioName;
  run: HomeRun;
  nowMs: number;
  /** The injected window-open episode, [from, to) epoch ms. */
  episode: [number, number] | null;
}

/** The fault of a scenario as a function of time, drawn from the home's seed. */
function faultOf(home: GeneratedHome, name: ScenarioName): { fault: ((atMs: number) => FaultState | null) | undefined; episode: [number, number] | null } {
  const rng = seededRandom(home.seed * 101 + SCENARIOS.indexOf(name));
  const day = (n: number) => home.startMs + n * DAY_MS;
  switch (name) {
    case 'fault_free':
      return { fault: undefined, episode: null };
    case 'window_open': {
      const from = day(Math.floor(between(rng, 25, 30))) + between(rng, 9, 17) * HOUR_MS;
      const to = from + between(rng, 3, 8) * HOUR_MS;
      const extra = between(rng, 0.3, 0.8);
      return { fault: (t) => (t >= from && t < to ? { extraAirOutKwPerF: extra } : null), episode: [from, to] };
    }
    case 'short_cycling':
      return { fault: (t) => (t >= day(24) ? { maxRunMin: 2, minCycleMin: 2 } : null), episode: null };
    case 'cannot_keep_up':
      return { fault: (t) => (t >= day(25) ? { capacityFactor: 0.3 } : null), episode: null };
    case 'efficiency_decline':
      return { fault: (t) => ({ capacityFactor: 1 - 0.5 * Math.min(1, Math.max(0, (t - day(12)) / (day(DAYS) - day(12)))) }), episode: null };
    case 'sensor_drift': {
      const sign = rng() < 0.5 ? -1 : 1;
      return { fault: (t) => ({ roomSensorBiasF: sign * 4 * Math.min(1, Math.max(0, (t - day(14)) / (day(DAYS) - day(14)))) }), episode: null };
    }
  }
}

export function buildHintScenario(seed: number, name: ScenarioName): HintScenario {
  const home = generateHome(seed, DAYS + 1);
  const { fault, episode } = faultOf(home, name);
  const run = runProgram(home, initialState(home), 0, DAYS, { gaps: true, pushOnChange: true, ...(fault ? { fault } : {}) });
  return { home, name, run, nowMs: home.startMs + DAYS * DAY_MS, episode };
}

/**
 * Whether the unit truly could not keep up in the last 7 days: some 3 hours with the compressor
 * running 95 % of the minutes and the true air at least 1 F past the setpoint on the wrong side at
 * the end, no closer than at the start.
 */
export function trulyCannotKeepUp(s: HintScenario): boolean {
  const setpoint = programSetpointF(s.home);
  const sign = s.home.season === 'cool' ? 1 : -1;
  const minutes = s.run.minutes.filter((m) => m.atMs >= s.nowMs - 7 * DAY_MS);
  const window = 180;
  let running = 0;
  for (let i = 0; i < minutes.length; i++) {
    if (minutes[i]!.isRunning) running++;
    if (i >= window && minutes[i - window]!.isRunning) running--;
    if (i < window) continue;
    const start = minutes[i - window + 1]!;
    const end = minutes[i]!;
    const pastEnd = sign * (end.airF - setpoint(end.atMs));
    const pastStart = sign * (start.airF - setpoint(start.atMs));
    if (running >= 0.95 * window && pastEnd >= 1 && pastEnd >= pastStart) return true;
  }
  return false;
}
