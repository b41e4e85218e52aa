import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeviceStorage, STATE_FILE, type PersistedDevice } from './storage.js';

const tmpDir = () => mkdtemp(path.join(os.tmpdir(), 'fw-storage-'));
const sample = (token: string): PersistedDevice => ({
  version: 1,
  deviceId: 'SN1',
  token,
  applianceId: '7a0c2f4e-0000-4000-8000-000000000001',
  device: {
    config: {
      fetchedAt: 1,
      body: {
        timezone: 'UTC',
        utc_offset_minutes_now: 0,
        next_transition: null,
        setpoint_min_f: 61,
        setpoint_max_f: 86,
        comfort_band: { high_temps_f: [], low_temps_f: [] },
        reading_push_interval_s: 3600,
        capture_interval_s: 300,
        command_poll_wait_s: 50,
      },
    },
    plans: [{ date: '2026-07-01', setpoints: Array(48).fill(72), roomTargets: null, modes: null, fans: null, source: 'optimization' }],
    holds: { mode: { value: 'HEAT', until: 'user', source: 'command', at: 5 } },
    appliedCommands: [41, 42],
  },
});

describe('DeviceStorage', () => {
  it('round-trips the state through a JSON file in the state folder', async () => {
    const dir = path.join(await tmpDir(), 'nested');
    const storage = new DeviceStorage(dir);
    expect(await storage.load()).toBeNull();
    await storage.save(sample('t1'));
    expect(await new DeviceStorage(dir).load()).toEqual(sample('t1'));
    expect(JSON.parse(await readFile(path.join(dir, STATE_FILE), 'utf8')).token).toBe('t1');
  });

  it('writes through a temporary file and rename, in call order, leaving no temporaries', async () => {
    const dir = await tmpDir();
    const storage = new DeviceStorage(dir);
    await Promise.all(['a', 'b', 'c', 'd'].map((t) => storage.save(sample(t))));
    expect((await storage.load())!.token).toBe('d');
    expect(await readdir(dir)).toEqual([STATE_FILE]);
  });

  it('keeps the file (it holds the device token) readable by its owner only', async () => {
    const dir = await tmpDir();
    await new DeviceStorage(dir).save(sample('secret-token'));
    expect((await stat(path.join(dir, STATE_FILE))).mode & 0o777).toBe(0o600);
  });

  it('refuses a file of an unknown version rather than guessing', async () => {
    const dir = await tmpDir();
    await writeFile(path.join(dir, STATE_FILE), JSON.stringify({ version: 9 }));
    await expect(new DeviceStorage(dir).load()).rejects.toThrow('unsupported version 9');
  });
});
