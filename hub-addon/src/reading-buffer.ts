// Readings waiting for the cloud, kept on disk (<data>/readings-buffer.json) so an outage or a
// restart loses none. Bounded: past `capacity` the oldest are dropped, with a log line. Sending
// takes the oldest first, at most 100 per request, HVAC readings in one stream, the whole-home
// load in another and each other appliance's in its own.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApplianceReadingInput, HvacReadingInput } from '@offpeak/cloud/contract';
import type { Logger } from './log.js';
import type { HouseholdLoadReading } from './readings.js';

export type BufferedReading =
  | { kind: 'hvac'; reading: HvacReadingInput }
  | { kind: 'appliance'; applianceId: string; reading: ApplianceReadingInput }
  | { kind: 'household'; reading: HouseholdLoadReading };

export const BUFFER_FILE = 'readings-buffer.json';
/** Two weeks of ten appliances at one reading per 5 minutes fits comfortably. */
export const DEFAULT_BUFFER_CAPACITY = 20_000;
export const MAX_BATCH = 100;

/** A batch to send: readings of one stream, oldest first. */
export interface Batch {
  kind: BufferedReading['kind'];
  applianceId?: string;
  items: BufferedReading[];
}

export class ReadingBuffer {
  private items: BufferedReading[] = [];
  private readonly file: string;
  private writes: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(
    dataDir: string,
    private readonly log: Logger,
    private readonly capacity = DEFAULT_BUFFER_CAPACITY,
  ) {
    this.file = path.join(dataDir, BUFFER_FILE);
  }

  get size(): number {
    return this.items.length;
  }

  /** Loads what a previous run left. */
  async load(): Promise<void> {
    try {
      const parsed = JSON.parse(await readFile(this.file, 'utf8')) as unknown;
      if (Array.isArray(parsed)) this.items = parsed as BufferedReading[];
      if (this.items.length) this.log.info('buffered readings restored', { count: this.items.length });
    } catch {
      this.items = [];
    }
  }

  /** Adds readings, dropping the oldest beyond capacity. */
  async add(readings: BufferedReading[]): Promise<void> {
    this.items.push(...readings);
    const excess = this.items.length - this.capacity;
    if (excess > 0) {
      const gone = this.items.splice(0, excess);
      this.dropped += excess;
      this.log.warn('reading buffer full; dropped the oldest readings', {
        dropped: excess,
        oldest_kept: timestampOf(this.items[0]),
        first_dropped: timestampOf(gone[0]),
        capacity: this.capacity,
      });
    }
    await this.persist();
  }

  /** The next batch to send (oldest reading's stream first), or null when empty. */
  nextBatch(): Batch | null {
    const first = this.items[0];
    if (!first) return null;
    const key = streamOf(first);
    const items = this.items.filter((r) => streamOf(r) === key).slice(0, MAX_BATCH);
    return first.kind === 'appliance' ? { kind: 'appliance', applianceId: first.applianceId, items } : { kind: first.kind, items };
  }

  /** Removes a batch that was sent (or refused for good). */
  async remove(batch: Batch): Promise<void> {
    const gone = new Set(batch.items);
    this.items = this.items.filter((r) => !gone.has(r));
    await this.persist();
  }

  private persist(): Promise<void> {
    const body = JSON.stringify(this.items);
    const write = async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.tmp`;
      await writeFile(tmp, body, 'utf8');
      await rename(tmp, this.file);
    };
    this.writes = this.writes.then(write, write);
    return this.writes;
  }
}

/** HVAC readings share one stream, the household load has its own, each other appliance its own. */
const streamOf = (r: BufferedReading) => (r.kind === 'appliance' ? r.applianceId : r.kind);
const timestampOf = (r: BufferedReading | undefined) => r?.reading.timestamp ?? null;
