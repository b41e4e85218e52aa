// One homes' process of the benchmark (forked by homes-pool.ts): it brings its share of the
// fleet online on frozen clocks, starts them when the fleet's clock reaches the day's start,
// records every request, answers the parent's progress questions, and at the end stops its homes
// and sends back what it measured. Messages: homes-pool.ts.
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SimulatedClock } from '@offpeak/firmware-sim';
import { agentFetch } from './agent-fetch.js';
import { startAddonHome, type AddonHome } from './addon-home.js';
import { inPool } from './fleet.js';
import { fleetClockAt } from './fleet-clock.js';
import type { ToParent, ToWorker, WorkerJob } from './homes-pool.js';
import { RouteStats, timedFetch } from './route-stats.js';
import { startSatelliteHome, type SatelliteHome } from './satellite-home.js';

const send = (m: ToParent) => process.send!(m);

async function run(job: WorkerJob): Promise<void> {
  const clock = fleetClockAt(job.startMs, job.rate, job.anchorMs);
  const stats = new RouteStats();
  const http = agentFetch();
  const fetch = timedFetch(stats, clock.now, http.fetch);
  const homes: { userId: string; kind: string; home: AddonHome | SatelliteHome; clock: SimulatedClock; skewMs: number }[] = [];
  await inPool(job.accounts, 25, async (account) => {
    const homeClock = clock.frozenHome(account.spec.skewMs);
    const home =
      account.spec.kind === 'addon'
        ? await startAddonHome({
            account,
            baseUrl: job.baseUrl,
            clock: homeClock,
            fetch,
            dataDir: path.join(job.tmp, `home-${account.spec.index}`),
            day: job.day,
          })
        : await startSatelliteHome({ account, baseUrl: job.baseUrl, clock: homeClock, fetch, stateRoot: job.tmp, day: job.day });
    homes.push({ userId: account.userId, kind: account.spec.kind === 'addon' ? 'add-on' : 'satellite', home, clock: homeClock, skewMs: account.spec.skewMs });
  });
  send({ type: 'online' });
  await clock.until(job.startMs);
  for (const h of homes) clock.release(h.clock, h.skewMs);
  stats.recording = true;
  const satellites = homes.flatMap((h) => ('observe' in h.home ? [h.home] : []));
  const slotRealMs = (30 * 60_000) / job.rate;
  const observer = setInterval(() => satellites.forEach((s) => s.observe()), Math.max(50, Math.min(1000, slotRealMs / 6)));
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpu0 = process.cpuUsage();
  let peakSockets = 0;
  const socketWatch = setInterval(() => (peakSockets = Math.max(peakSockets, http.sockets())), 1000);

  process.on('message', async (m: ToWorker) => {
    if (m.type === 'progress') {
      send({ type: 'progress', ...stats.totals(), windowMs: stats.takeWindow(), loopDelayP99Ms: loopDelay.percentile(99) / 1e6 });
      return;
    }
    if (m.type !== 'finish') return;
    stats.recording = false;
    const cpu = process.cpuUsage(cpu0);
    loopDelay.disable();
    clearInterval(observer);
    clearInterval(socketWatch);
    for (const h of homes) if ('observe' in h.home) h.home.observe();
    const outcomes = homes.map((h) => ({
      userId: h.userId,
      kind: h.kind,
      appliedSlots: h.home.applied.size,
      planPullsRealMs: h.home.planPullsRealMs,
    }));
    const problems = satellites.flatMap((s) => s.problems);
    await Promise.all(homes.map((h) => Promise.resolve(h.home.stop()).catch(() => undefined)));
    for (const h of homes) h.clock.dispose();
    http.destroy();
    await stats.closeTrace();
    // Disconnecting before the (large) message is written would drop it: only once it is sent.
    process.send!(
      {
        type: 'result',
        stats: stats.data(),
        outcomes,
        problems,
        cpuMs: (cpu.user + cpu.system) / 1000,
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        peakSockets,
      } satisfies ToParent,
      undefined,
      {},
      () => process.disconnect(),
    );
  });
}

// The parent gone (killed, or done): nothing here outlives it.
process.on('disconnect', () => setTimeout(() => process.exit(0), 100).unref());
process.once('message', (m: ToWorker) => {
  if (m.type !== 'start') return;
  run(m.job).catch((e) => {
    send({ type: 'failed', error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    process.exit(1);
  });
});
