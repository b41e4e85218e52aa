// A whole system for one test: PostgreSQL, a cloud instance (or two behind a load balancer) on the
// accelerated clock, the homeowner's account (premium: two HVACs) and both homes. Faults reuse it and break one part.
import { startCutOff, type CutOff } from '@offpeak/hub-addon/testing';
import { startBalancer, type Balancer } from './balancer.js';
import { createCloud, setTier, startDatabase, type CloudInstance, type Database } from './cloud.js';
import { signUp, startHomeA, startHomeB, HOUSE_APPLIANCES, type Account, type HomeA, type HomeB } from './homes.js';
import { sharedClock, type SharedClock } from './sim-clock.js';

/** The homeowner's appliance ids: home A's by type, home B's HVAC as `satellite`. */
export interface ApplianceIds {
  hvac: string;
  satellite: string;
  [type: string]: string;
}

export interface World {
  clock: SharedClock;
  db: Database;
  /** The first instance (with `instances: 2`, the one everything is parked on). */
  cloud: CloudInstance;
  /** Every instance, on one database. */
  clouds: CloudInstance[];
  /** With `instances: 2`: the load balancer the homes and the account reach the cloud through. */
  balancer?: Balancer;
  account: Account;
  homeA: HomeA;
  homeB: HomeB;
  /** With `satelliteLink`: the relay between the satellite and the cloud, to cut its network. */
  satelliteLink?: CutOff;
  ids: ApplianceIds;
  stop(): Promise<void>;
}

/** Cloud settings every system test uses (see docs/system-tests.md). */
export const SYSTEM_CLOUD_ENV = {
  // A parked long-poll is real seconds while the clock runs hundreds of times faster: a short
  // wait keeps the satellite's contact every few simulated minutes, as at real speed.
  DEVICE_COMMAND_POLL_WAIT_S: '1',
};

/**
 * Starts everything; the clock reads `startMs` `setupRealMs` after PostgreSQL is up (the rest of
 * setup runs on the earlier simulated time). Fails when setup ends after `readyByMs` (simulated).
 */
export async function startWorld(opts: {
  startMs: number;
  rate: number;
  setupRealMs?: number;
  readyByMs?: number;
  env?: Record<string, string>;
  satelliteLink?: boolean;
  /** 2: a second instance on the same database, and a load balancer in front of both. */
  instances?: 1 | 2;
}): Promise<World> {
  const began = Date.now();
  const took: string[] = [];
  let lap = began;
  const mark = (what: string) => {
    took.push(`${what} ${((Date.now() - lap) / 1000).toFixed(1)}`);
    lap = Date.now();
  };
  const db = await startDatabase();
  mark('database');
  // The clock is anchored once PostgreSQL is up (its initdb and start take 3-18 s, the most on a
  // loaded machine), so that time is not taken from the setup margin the test chose.
  const clock = sharedClock(opts.startMs, opts.rate, opts.setupRealMs ?? 45_000);
  // Everything started so far, stopped in reverse order: by the test, or here when setup fails
  // (a cloud left running with its jobs on would load the machine for the rest of the run).
  const clouds: CloudInstance[] = [];
  const parts: { balancer?: Balancer; satelliteLink?: CutOff; homeA?: HomeA; homeB?: HomeB } = {};
  const stop = async () => {
    await parts.satelliteLink?.close();
    await parts.homeA?.stop().catch(() => {});
    await parts.homeB?.stop().catch(() => {});
    for (const c of clouds) await c.stop().catch(() => {});
    await parts.balancer?.close();
    await db.close();
  };
  try {
    for (let i = 1; i <= (opts.instances ?? 1); i++)
      clouds.push(await createCloud({ name: `cloud-${i}`, db, clock, env: { ...SYSTEM_CLOUD_ENV, ...opts.env } }));
    mark('cloud');
    const cloud = clouds[0]!;
    const balancer = (parts.balancer = clouds.length > 1 ? await startBalancer(clouds.map((c) => c.port)) : undefined);
    const entry = balancer?.url ?? cloud.url;
    const account = await signUp(() => entry, 'owner');
    setTier(db, account.email, 'premium');
    const ids = {} as ApplianceIds;
    for (const a of HOUSE_APPLIANCES) {
      const r = await account.call('POST', '/api/v1/appliances', { appliance_type: a.type, name: a.name, config: a.config });
      if (r.status !== 201) throw new Error(`appliance ${a.type}: ${r.status} ${JSON.stringify(r.body)}`);
      ids[a.type] = r.body.appliance_id;
    }
    mark('account');
    const satelliteLink = (parts.satelliteLink = opts.satelliteLink ? await startCutOff(entry) : undefined);
    const homeB = (parts.homeB = await startHomeB(account, satelliteLink?.url ?? entry, clock));
    ids.satellite = homeB.applianceId;
    const homeA = (parts.homeA = await startHomeA(account, entry, clock));
    mark('homes');
    const ready = clock.now();
    console.log(`system ready in ${((Date.now() - began) / 1000).toFixed(1)} s real (${took.join(', ')}), at simulated ${new Date(ready).toISOString()}`);
    if (opts.readyByMs !== undefined && ready > opts.readyByMs) {
      throw new Error(
        `setup took until simulated ${new Date(ready).toISOString()}, after ${new Date(opts.readyByMs).toISOString()}: the machine is too slow for SYSTEM_CLOCK_RATE=${opts.rate}`,
      );
    }
    return { clock, db, cloud, clouds, balancer, account, homeA, homeB, satelliteLink, ids, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
