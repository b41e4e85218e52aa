import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from '@offpeak/client-kit';
import { DAILY_PULL_SPREAD_MS, devicePhase, startSimulator, type RunningSimulator, type SimulatorOptions } from '../src/simulator.js';
import { STATE_FILE, type PersistedDevice } from '../src/storage.js';
import { startFakeCloud, type FakeCloud } from './fake-cloud.js';
import { hvacSchedule, RAMP, START, stateDir } from './support.js';

let cloud: FakeCloud;
const running: RunningSimulator[] = [];

beforeEach(async () => {
  cloud = await startFakeCloud();
  cloud.state.schedule = { date: '2026-07-01', schedule: hvacSchedule(RAMP), source: 'optimization' };
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await cloud.stop();
});

async function start(speed: number, extra: Partial<SimulatorOptions> = {}, startMs = START) {
  const sim = await startSimulator({
    cloudUrl: cloud.url,
    deviceId: 'SN-100',
    stateDir: await stateDir(),
    code: cloud.issueCode(),
    clock: new SimulatedClock({ startMs, speed }),
    ...extra,
  });
  running.push(sim);
  return sim;
}
const scheduleGets = () => cloud.state.requests.filter((r) => r.endsWith('/schedule')).length;

describe('simulator against a fake cloud', () => {
  it('claims, applies the first setpoint, then the next slot at its boundary on a 60x clock, with readings on the cadence', async () => {
    Object.assign(cloud.state.config, { capture_interval_s: 30, reading_push_interval_s: 60 });
    const realStart = performance.now();
    // Five simulated minutes (five real seconds) before the 16:30 boundary: claiming and the first
    // pulls take more than one real second on a loaded machine.
    const sim = await start(60, { setpointMinF: 65, setpointMaxF: 80, irProtocol: 'pwm-ac', name: 'Bedroom' }, START - 4 * 60_000);
    const first = await sim.waitFor((s) => s.applied?.source === 'schedule');
    expect(first).toMatchObject({ phase: 'running', claims: 1, applied: { target_temp_f: RAMP[24], slot: { date: '2026-07-01', index: 24 } } });
    expect(first.unit).toMatchObject({ power: true, mode: 'COOL', target_temp_f: RAMP[24] });
    expect(cloud.state.claims[0]).toMatchObject({
      device_id: 'SN-100',
      name: 'Bedroom',
      hvac_type: 'mini_split',
      ir_protocol: 'pwm-ac',
      setpoint_min_f: 65,
      setpoint_max_f: 80,
    });
    await sim.waitFor(() => cloud.state.reports.some((r) => r.source === 'schedule' && r.target_temp_f === RAMP[24]));
    expect(cloud.state.reports[0]).toMatchObject({ firmware_version: '0.1.0-sim' });

    // Five simulated minutes after the start (five real seconds at 60x) the boundary applies slot 25.
    const next = await sim.waitFor((s) => s.applied?.slot.index === 25, 10_000);
    expect(performance.now() - realStart).toBeGreaterThan(4900);
    expect(next.unit.target_temp_f).toBe(RAMP[25]);
    expect(Date.parse(next.now)).toBeGreaterThanOrEqual(Date.parse('2026-07-01T16:30:00Z'));

    // Captures every 30 simulated seconds, pushed every 60.
    await sim.waitFor(() => cloud.state.readings.length >= 3, 8000);
    const times = cloud.state.readings.map((r) => Date.parse(r.timestamp));
    // 30 s apart, give or take a late timer (10 simulated seconds are 170 real ms at 60x).
    for (let i = 1; i < times.length; i++) expect(Math.abs(times[i]! - times[i - 1]! - 30_000)).toBeLessThan(10_000);
    expect(cloud.state.readings[0]).toMatchObject({ hvac_state: 'COOL', indoor_source: 'sensor', commanded_setpoint: expect.any(Number) });
  });

  it('applies a long-polled control command within a second and acknowledges it', async () => {
    const sim = await start(600);
    const { applianceId } = await sim.waitFor((s) => s.applied?.source === 'schedule');
    const sent = performance.now();
    const id = cloud.enqueue(applianceId!, { kind: 'control', target_temp_f: 70, fan: 'high', hold: true });
    const s = await sim.waitFor((x) => x.ackedCommands.includes(id), 5000);
    expect(performance.now() - sent).toBeLessThan(1000);
    expect(s.applied).toMatchObject({ target_temp_f: 70, fan: 'high', source: 'command' });
    expect(s.unit).toMatchObject({ target_temp_f: 70, fan: 'high' });
    expect(cloud.state.reports.find((r) => r.command_id === id)).toMatchObject({
      source: 'command',
      target_temp_f: 70,
      fan: 'high',
      power: true,
      mode: 'COOL',
    });
    // Held until the user changes it: still applied after several slot boundaries.
    const later = await sim.waitFor((x) => x.applied!.slot.index >= 26, 8000);
    expect(later.applied).toMatchObject({ target_temp_f: 70, source: 'command' });
  });

  it('re-pulls the schedule on schedule_updated and applies the new plan', async () => {
    const sim = await start(60);
    const { applianceId } = await sim.waitFor((s) => s.applied?.source === 'schedule');
    const before = scheduleGets();
    cloud.state.schedule = { date: '2026-07-01', schedule: hvacSchedule(Array(48).fill(68)), source: 'optimization' };
    cloud.enqueue(applianceId!, { kind: 'schedule_updated' });
    const s = await sim.waitFor((x) => x.applied?.target_temp_f === 68, 5000);
    expect(s.applied!.source).toBe('schedule');
    expect(scheduleGets()).toBe(before + 1);
  });

  it('keeps applying its last plan while the cloud is down, buffers readings, and catches up when it is back', async () => {
    const sim = await start(3600);
    await sim.waitFor((s) => s.applied?.source === 'schedule' && cloud.state.reports.length > 0);
    const reportsBefore = cloud.state.reports.length;
    cloud.setDown(true);
    const offline = await sim.waitFor((s) => !s.online && s.applied!.slot.index >= 28 && s.readings.buffered >= 12, 10_000);
    expect(offline.applied).toMatchObject({ source: 'schedule', target_temp_f: RAMP[offline.applied!.slot.index] });
    expect(offline.unit.target_temp_f).toBe(RAMP[offline.applied!.slot.index]);
    expect(cloud.state.readings).toHaveLength(0);
    const buffered = offline.readings.buffered;

    cloud.setDown(false);
    const back = await sim.waitFor((s) => s.online && s.readings.buffered === 0 && s.readings.pushed >= buffered, 10_000);
    expect(back.readings.dropped).toBe(0);
    const times = cloud.state.readings.map((r) => Date.parse(r.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeLessThan(Date.parse(offline.now));
    // The reports made offline (one per slot applied) are delivered too.
    await sim.waitFor(() => cloud.state.reports.filter((r) => r.source === 'schedule').length >= reportsBefore + 4, 5000);
  });

  it('drops the oldest readings beyond its buffer during a long outage', async () => {
    const sim = await start(3600, { maxBufferedReadings: 5 });
    await sim.waitFor((s) => s.applied?.source === 'schedule');
    cloud.setDown(true);
    const s = await sim.waitFor((x) => x.readings.dropped > 0, 10_000);
    expect(s.readings.buffered).toBe(5);
  });

  it('resumes after a restart with its stored token and plan, without claiming again', async () => {
    const dir = await stateDir();
    const first = await start(600, { stateDir: dir });
    const { applianceId } = await first.waitFor((s) => s.applied?.source === 'schedule');
    await first.stop();
    const stored = JSON.parse(await readFile(path.join(dir, STATE_FILE), 'utf8')) as PersistedDevice;
    expect(stored).toMatchObject({ version: 1, deviceId: 'SN-100', applianceId, token: expect.stringMatching(/^dt_/) });
    expect(stored.device.plans.map((p) => p.date)).toEqual(['2026-07-01']);
    cloud.setDown(true);
    const again = await startSimulator({
      cloudUrl: cloud.url,
      deviceId: 'SN-100',
      stateDir: dir,
      clock: new SimulatedClock({ startMs: START + 60_000, speed: 3600 }),
    });
    running.push(again);
    // Offline, straight from flash: the stored plan's slot 25, then slot 26 at its boundary.
    const resumed = await again.waitFor((s) => s.applied !== null);
    expect(resumed).toMatchObject({ claims: 0, applianceId, applied: { source: 'schedule', target_temp_f: RAMP[25] } });
    const nextSlot = await again.waitFor((s) => s.applied!.slot.index === 26, 5000);
    expect(nextSlot).toMatchObject({ online: false, applied: { source: 'schedule', target_temp_f: RAMP[26] }, unit: { target_temp_f: RAMP[26] } });
    const configsBefore = cloud.count('GET /api/v1/devices/config');
    cloud.setDown(false);
    await again.waitFor(() => cloud.count('GET /api/v1/devices/config') > configsBefore, 5000);
    expect(cloud.state.claims).toHaveLength(1);
    await expect(startSimulator({ cloudUrl: cloud.url, deviceId: 'SN-OTHER', stateDir: dir })).rejects.toThrow('holds device SN-100');
  });

  it('re-pulls config and schedule after local midnight and applies the new day', async () => {
    const sim = await start(3600, { clock: new SimulatedClock({ startMs: Date.parse('2026-07-02T03:40:00Z'), speed: 3600 }) });
    await sim.waitFor((s) => s.applied?.slot.index === 47);
    const schedules = scheduleGets();
    const configs = cloud.count('GET /api/v1/devices/config');
    cloud.state.schedule = { date: '2026-07-02', schedule: hvacSchedule(RAMP), source: 'optimization' };
    const s = await sim.waitFor((x) => x.applied?.slot.date === '2026-07-02' && x.applied.source === 'schedule', 5000);
    expect(s.applied!.target_temp_f).toBe(RAMP[s.applied!.slot.index]);
    expect(scheduleGets()).toBeGreaterThan(schedules);
    await sim.waitFor(() => cloud.count('GET /api/v1/devices/config') > configs, 5000);
  });

  it("makes its daily pulls its own delay after local midnight, on the comfort band until the new day's plan comes", async () => {
    const midnight = Date.parse('2026-07-02T04:00:00Z'); // 00:00 in New York (the fake cloud's zone)
    const clock = new SimulatedClock({ startMs: midnight - 60_000, speed: 120 });
    const reportedAt: number[] = [];
    const sim = await start(60, { clock, log: (l) => l.event === 'state' && reportedAt.push(Date.parse(String(l.at))) });
    await sim.waitFor((s) => s.applied?.slot.index === 47 && s.applied.source === 'schedule');
    const schedules = scheduleGets();
    cloud.state.schedule = { date: '2026-07-02', schedule: hvacSchedule(RAMP), source: 'optimization' };
    const waiting = await sim.waitFor((s) => s.applied?.slot.date === '2026-07-02', 5_000);
    expect(waiting.applied!.source).toBe('watchdog');
    await sim.waitFor(() => scheduleGets() > schedules, 12_000);
    const pulledAfterMs = clock.now() - midnight;
    const delayMs = devicePhase('SN-100') * DAILY_PULL_SPREAD_MS;
    expect(pulledAfterMs).toBeGreaterThanOrEqual(delayMs);
    expect(pulledAfterMs).toBeLessThan(delayMs + 20_000);
    // The midnight report went with the pulls, not at midnight with the rest of the time zone.
    expect(reportedAt.filter((t) => t >= midnight && t < midnight + delayMs)).toEqual([]);
    const s = await sim.waitFor((x) => x.applied?.source === 'schedule', 5_000);
    expect(s.applied).toMatchObject({ slot: { date: '2026-07-02', index: 0 }, target_temp_f: RAMP[0] });
  });

  it('reports a user override at the unit, heard from the remote', async () => {
    const sim = await start(60);
    await sim.waitFor((s) => s.applied?.source === 'schedule');
    sim.override({ target_temp_f: 69 });
    expect(sim.state()).toMatchObject({ applied: { target_temp_f: 69, source: 'override' }, unit: { target_temp_f: 69 } });
    await sim.waitFor(() => cloud.state.reports.some((r) => r.source === 'override' && r.target_temp_f === 69 && r.command_id === undefined));
  });

  it('stops and reports when the cloud revokes its token', async () => {
    const sim = await start(600);
    await sim.waitFor((s) => s.applied?.source === 'schedule');
    cloud.revoke('SN-100');
    const s = await sim.waitFor((x) => x.phase === 'failed', 8000);
    expect(s.lastError).toMatchObject({ status: 401, detail: 'Invalid token' });
    await sim.done;
  });

  it('retries the claim while the cloud is unreachable, then runs normally', async () => {
    cloud.setDown(true);
    const sim = await start(3600);
    await sim.waitFor((s) => s.phase === 'claiming' && s.now > new Date(START + 10 * 60_000).toISOString(), 5000);
    expect(sim.state().claims).toBe(0);
    cloud.setDown(false);
    const s = await sim.waitFor((x) => x.applied?.source === 'schedule', 5000);
    expect(s).toMatchObject({ phase: 'running', claims: 1, online: true, lastError: null });
  });

  it('fails on a refused claim code without retrying', async () => {
    const sim = await start(600, { code: 'NOT-A-CODE' });
    await sim.done;
    expect(sim.state()).toMatchObject({ phase: 'failed', claims: 0, lastError: { status: 400, detail: 'Invalid enrollment token' } });
    expect(cloud.count('POST /api/v1/devices/claim')).toBe(1);
  });

  it('needs a claim code when its state folder is empty', async () => {
    await expect(startSimulator({ cloudUrl: cloud.url, deviceId: 'SN-100', stateDir: await stateDir() })).rejects.toThrow('a claim code is needed');
  });
});
