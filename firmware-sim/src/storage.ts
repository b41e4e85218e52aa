// The device's flash: token, appliance id, last config, last plans, the user's holds and the ids of
// the commands applied, in one JSON file of the state folder, replaced atomically (write a temporary
// file, then rename), so a restart resumes without re-claiming and a crash mid-write never leaves
// half a file.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DurableDevice } from './device.js';

/** What survives a restart. */
export interface PersistedDevice {
  version: 1;
  deviceId: string;
  token: string;
  applianceId: string;
  device: DurableDevice;
}

/** File name inside the state folder. */
export const STATE_FILE = 'device.json';

/** The state folder of one device. */
export class DeviceStorage {
  private readonly file: string;
  private writes: Promise<void> = Promise.resolve();
  private seq = 0;

  constructor(readonly dir: string) {
    this.file = path.join(dir, STATE_FILE);
  }

  /** The stored state, or null for a device never claimed. */
  async load(): Promise<PersistedDevice | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    const parsed = JSON.parse(text) as PersistedDevice;
    if (parsed.version !== 1) throw new Error(`${this.file}: unsupported version ${String(parsed.version)}`);
    return parsed;
  }

  /** Replaces the stored state; saves run one after another in call order. */
  save(state: PersistedDevice): Promise<void> {
    const body = JSON.stringify(state, null, 2);
    const tmp = `${this.file}.${process.pid}.${++this.seq}.tmp`;
    const write = async () => {
      await mkdir(this.dir, { recursive: true });
      // The file holds the device token: readable by its owner only.
      await writeFile(tmp, body, { encoding: 'utf8', mode: 0o600 });
      await rename(tmp, this.file);
    };
    this.writes = this.writes.then(write, write);
    return this.writes;
  }
}
