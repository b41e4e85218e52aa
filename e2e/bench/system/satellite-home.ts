// A satellite home: the real firmware-sim satellite (config, schedule pulls, command long-poll,
// state reports, hourly readings, its simulated room). It is claimed during set-up with a code
// from the home's owner, then resumes from its flash (state folder) on the home's skewed clock.
import path from 'node:path';
import { startSimulator, type RunningSimulator, type SimulatedClock } from '@offpeak/firmware-sim';
import { call } from '@offpeak/cloud/bench';
import type { HomeAccount } from './fleet.js';

export interface SatelliteHome {
  /** Slot indexes of `day` the satellite applied from that day's plan. */
  applied: Set<number>;
  /** Looks at what the satellite applies now (the bench calls it several times a slot). */
  observe(): void;
  /** Log lines of refused requests and failures (the device's own words). */
  problems: string[];
  /** Real instants (ms) the satellite asked for its schedule. */
  planPullsRealMs: number[];
  stop(): Promise<void>;
}

const deviceIdOf = (account: HomeAccount) => `SN-BENCH-${account.spec.index}`;
/** The satellite's schedule pull (GET /api/v1/appliances/{id}/schedule). */
const SCHEDULE_PULL = /\/appliances\/[^/]+\/schedule(\?|$)/;

/** Claims the home's satellite with a fresh code, on real time, and switches it off again. */
export async function claimSatellite(account: HomeAccount, baseUrl: string, stateRoot: string): Promise<void> {
  const code = await call(baseUrl, 'POST', '/api/v1/devices/enroll-token', undefined, account.accessToken);
  let claimed!: () => void;
  const isClaimed = new Promise<void>((r) => (claimed = r));
  const failures: string[] = [];
  const sim = await startSimulator({
    cloudUrl: baseUrl,
    deviceId: deviceIdOf(account),
    stateDir: path.join(stateRoot, deviceIdOf(account)),
    code: code.enroll_token,
    name: 'Bedroom AC',
    standing: { mode: 'HEAT', fan: 'auto' },
    log: (line) => {
      if (line.event === 'claimed') claimed();
      if (line.event === 'failed') failures.push(String(line.error));
    },
  });
  await Promise.race([
    isClaimed,
    sim.done.then(() => Promise.reject(new Error(`satellite ${deviceIdOf(account)} stopped before claiming: ${failures.join('; ')}`))),
  ]);
  await sim.stop();
}

/** The claimed satellite back on, on the home's clock. */
export async function startSatelliteHome(opts: {
  account: HomeAccount;
  baseUrl: string;
  clock: SimulatedClock;
  fetch: typeof fetch;
  stateRoot: string;
  day: string;
}): Promise<SatelliteHome> {
  const { account, day } = opts;
  const problems: string[] = [];
  const planPullsRealMs: number[] = [];
  const sim: RunningSimulator = await startSimulator({
    cloudUrl: opts.baseUrl,
    deviceId: deviceIdOf(account),
    stateDir: path.join(opts.stateRoot, deviceIdOf(account)),
    clock: opts.clock,
    fetch: (input, init) => {
      if (SCHEDULE_PULL.test(input instanceof Request ? input.url : String(input))) planPullsRealMs.push(Date.now());
      return opts.fetch(input, init);
    },
    seed: account.spec.index + 1,
    standing: { mode: 'HEAT', fan: 'auto' },
    log: (line) => {
      if (line.event === 'request_refused' || line.event === 'failed') problems.push(`${line.event}: ${String(line.error)}`);
    },
  });
  const applied = new Set<number>();
  return {
    applied,
    problems,
    planPullsRealMs,
    observe() {
      const a = sim.state().applied;
      if (a && a.slot.date === day && a.source === 'schedule') applied.add(a.slot.index);
    },
    stop: () => sim.stop(),
  };
}
