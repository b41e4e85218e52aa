// The add-on as the bench runs it: its own process (so its memory and CPU are measured alone), the
// usual configuration from the environment, and a simulated clock that runs BENCH_SPEED times
// faster than real time, in step with the simulator in the parent (both derive simulated time
// from the wall clock: BENCH_SIM_START_MS at real instant BENCH_T0_MS). On SIGTERM it prints one
// JSON line with its peak RSS, CPU time and counters, then exits.
import { startAddon } from '../addon.js';
import { SimulatedClock } from '@offpeak/client-kit';
import { loadConfig } from '../config.js';
import { createLogger } from '../log.js';

const speed = Number(process.env.BENCH_SPEED);
const simStart = Number(process.env.BENCH_SIM_START_MS);
const t0 = Number(process.env.BENCH_T0_MS);
const clock = new SimulatedClock({ startMs: simStart + (Date.now() - t0) * speed, speed });
const config = loadConfig();
// Logs are written (that cost is part of the add-on's) but only warnings reach the parent.
let lines = 0;
const log = createLogger({
  level: config.logLevel,
  now: () => clock.now(),
  write: (line) => {
    lines++;
    if (/"level":"(warn|error)"/.test(line) && !process.env.BENCH_QUIET) process.stderr.write(line + '\n');
  },
});
const samples: string[] = [];
if (process.env.BENCH_TRACE) {
  setInterval(() => {
    const m = process.memoryUsage();
    samples.push([process.resourceUsage().maxRSS * 1024, m.rss, m.heapTotal, m.heapUsed, m.external].map((b) => (b / 1048576).toFixed(0)).join('/'));
  }, 1000).unref();
}
const addon = await startAddon({ config, clock, log });
process.stdout.write('BENCH_READY\n');

process.once('SIGTERM', () => {
  void addon.stop().then(() => {
    const usage = process.resourceUsage();
    const report = {
      peak_rss_bytes: usage.maxRSS * 1024,
      rss_bytes: process.memoryUsage().rss,
      cpu_user_us: usage.userCPUTime,
      cpu_system_us: usage.systemCPUTime,
      sim_now: new Date(clock.now()).toISOString(),
      log_lines: lines,
      stats: addon.state.stats,
      reconnects: addon.ha.connections - 1,
      entity_updates: addon.ha.entityUpdates,
      buffered: addon.buffer.size,
      ...(samples.length ? { memory_mb_peak_rss_heaptotal_heapused_external: samples } : {}),
    };
    process.stdout.write(`BENCH_REPORT ${JSON.stringify(report)}\n`);
    process.exit(0);
  });
});
