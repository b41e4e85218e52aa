// `npm run -w hub-addon bench`: the add-on for one simulated day against the Home Assistant
// simulator's house with 10 appliances (2 each of thermostat, EV charger, home battery, water
// heater, robot) and the real built cloud. The add-on runs in its own process; the bench prints its
// peak resident memory and CPU time and exits non-zero when a target is missed:
//   - peak RSS under 100 MB;
//   - CPU under 1 % of one core on average over the simulated day (CPU time / simulated time: the
//     load the add-on puts on a Raspberry Pi living through that day in real time).
// BENCH_SPEED (default 720: the day in 2 minutes) sets how fast simulated time runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHaSim } from '../ha-sim/index.js';
import { ADDON_NODE_FLAGS } from '../node-flags.js';
import { signUp } from './cloud-account.js';
import { setPremium, startCloudProcess } from './cloud-process.js';

const DAY_MS = 86_400_000;
const RSS_LIMIT_BYTES = 100 * 1024 * 1024;
const CPU_LIMIT_SHARE = 0.01;
const SPEED = Number(process.env.BENCH_SPEED ?? 720);
const TOKEN = 'bench-ha-token';
const ZONE = 'Europe/London';

const APPLIANCES = [0, 1].flatMap((i) => {
  const n = (base: string) => (i === 0 ? base : `${base}_${i + 1}`);
  return [
    { type: 'hvac', name: `Thermostat ${i + 1}`, config: { entity_id: n('climate.thermostat'), indoor_temp_entity_id: n('sensor.thermostat_temperature') } },
    {
      type: 'ev_charger',
      name: `EV ${i + 1}`,
      config: {
        entity_id: n('switch.ev_charger'),
        soc_entity_id: n('sensor.ev_battery'),
        power_entity_id: n('sensor.ev_charger_power'),
        battery_capacity_kwh: 60,
        max_charge_rate_kw: 7.4,
      },
    },
    {
      type: 'home_battery',
      name: `Battery ${i + 1}`,
      config: {
        entity_id: n('switch.home_battery_charge'),
        soc_entity_id: n('sensor.home_battery'),
        power_entity_id: n('sensor.home_battery_power'),
        capacity_kwh: 13.5,
        max_charge_rate_kw: 5,
      },
    },
    {
      type: 'water_heater',
      name: `Water heater ${i + 1}`,
      config: { entity_id: n('switch.water_heater'), temp_entity_id: n('sensor.water_heater_temperature') },
    },
    { type: 'robot', name: `Robot ${i + 1}`, config: { entity_id: n('vacuum.robot'), soc_entity_id: n('sensor.robot_battery') } },
  ];
});

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main(): Promise<number> {
  console.log(`hub-addon bench: one simulated day, ${APPLIANCES.length} appliances, speed ${SPEED}x`);
  const cloud = await startCloudProcess();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'addon-bench-'));
  writeFileSync(path.join(dataDir, 'options.json'), JSON.stringify({ log_level: 'info', household_power_entity_id: 'sensor.household_power' }));
  try {
    const account = await signUp(cloud.url, { timezone: ZONE });
    setPremium(cloud, account.email);
    await account.call('PATCH', '/auth/me', { weather_entity_id: 'weather.home' });
    for (const a of APPLIANCES) await account.createAppliance(a.type, a.name, a.config);
    await account.call('POST', '/api/v1/schedule/recompute');

    // Yesterday, so every reading's timestamp is in the cloud's past.
    const simStart = Math.floor((Date.now() - DAY_MS - 60 * 60_000) / 1_800_000) * 1_800_000 - 60_000;
    const t0 = Date.now();
    const simNow = () => simStart + (Date.now() - t0) * SPEED;
    const ha = await startHaSim({
      house: { timeZone: ZONE, counts: { thermostats: 2, evChargers: 2, batteries: 2, waterHeaters: 2, robots: 2 } },
      token: TOKEN,
      clock: simNow,
      physicsIntervalMs: 200,
    });

    const child = spawn(process.execPath, [...ADDON_NODE_FLAGS, fileURLToPath(new URL('./addon-process.js', import.meta.url))], {
      env: {
        ...process.env,
        HA_URL: ha.wsUrl,
        HA_TOKEN: TOKEN,
        OFFPEAK_URL: cloud.url,
        OFFPEAK_EMAIL: account.email,
        OFFPEAK_PASSWORD: account.password,
        OFFPEAK_ADDON_DATA_DIR: dataDir,
        OFFPEAK_OPTIONS: path.join(dataDir, 'options.json'),
        LOG_LEVEL: 'info',
        BENCH_SPEED: String(SPEED),
        BENCH_SIM_START_MS: String(simStart),
        BENCH_T0_MS: String(t0),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    const realDayMs = DAY_MS / SPEED;
    await new Promise((r) => setTimeout(r, realDayMs));
    child.kill('SIGTERM');
    const code = await exited;
    await ha.stop();
    const line = out.split('\n').find((l) => l.startsWith('BENCH_REPORT '));
    if (code !== 0 || !line) {
      console.error(`the add-on process failed (exit ${code}):\n${out}`);
      return 1;
    }
    const report = JSON.parse(line.slice('BENCH_REPORT '.length));
    const cpuMs = (report.cpu_user_us + report.cpu_system_us) / 1000;
    const simMs = Date.parse(report.sim_now) - simStart;
    const realMs = Date.now() - t0;
    const cpuShare = cpuMs / simMs;
    if (report.memory_mb_peak_rss_heaptotal_heapused_external) console.log(report.memory_mb_peak_rss_heaptotal_heapused_external.join(' '));
    console.log(`simulated ${(simMs / 3_600_000).toFixed(1)} h in ${(realMs / 1000).toFixed(0)} s real`);
    console.log(
      `add-on: ${report.stats.readingsSent} readings sent, ${report.stats.boundaries} slot boundaries, ${report.stats.applied} commands applied, ${report.stats.schedulePulls} schedule pulls, ${report.stats.overrides} overrides seen, ${report.stats.weatherPushes} forecast pushes, ${report.buffered} readings still queued, ${report.log_lines} log lines, ${report.entity_updates} entity updates from Home Assistant`,
    );
    console.log(`peak resident memory: ${mb(report.peak_rss_bytes)} MB (target < ${mb(RSS_LIMIT_BYTES)} MB)`);
    console.log(
      `CPU time: ${(cpuMs / 1000).toFixed(2)} s = ${(cpuShare * 100).toFixed(3)} % of one core over the simulated day (target < ${CPU_LIMIT_SHARE * 100} %); ${((cpuMs / realMs) * 100).toFixed(1)} % of one core while running ${SPEED}x fast`,
    );
    const missed = [
      report.peak_rss_bytes >= RSS_LIMIT_BYTES && 'memory',
      cpuShare >= CPU_LIMIT_SHARE && 'CPU',
      report.stats.readingsSent === 0 && 'readings',
    ].filter(Boolean);
    console.log(missed.length ? `MISSED: ${missed.join(', ')}` : 'targets met');
    return missed.length ? 1 : 0;
  } finally {
    await cloud.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
