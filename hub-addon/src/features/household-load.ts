// The whole-home load: which sensor it comes from, and the first-start backfill. On the
// add-on's first start (no household-backfill.json in the data folder) up to 10 days of the
// sensor's Home Assistant history become half-hour means, queued like any reading (so a cloud
// outage loses none) at the slot starts; the file then remembers that it was done.
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddonContext } from '../context.js';
import { describe, HaServiceError } from '../ha.js';
import { halfHourMeans, SLOT_MS } from '../household-history.js';

export const BACKFILL_FILE = 'household-backfill.json';
export const BACKFILL_DAYS = 10;
const DAY_MS = 86_400_000;

/** The whole-home power sensor: the add-on option, else the account profile's field, else none. */
export function householdEntityId(ctx: AddonContext): string | null {
  return ctx.config.householdPowerEntityId ?? ctx.state.profile?.household_power_entity_id ?? null;
}

/** What household-backfill.json holds once the backfill ran. */
export interface BackfillMark {
  entity_id: string;
  from: string;
  to: string;
  readings: number;
  /** Why nothing was backfilled (Home Assistant refused the history request), when so. */
  skipped?: string;
}

export async function readBackfillMark(dataDir: string): Promise<BackfillMark | null> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, BACKFILL_FILE), 'utf8')) as BackfillMark;
  } catch {
    return null;
  }
}

async function writeMark(dataDir: string, mark: BackfillMark): Promise<void> {
  const file = path.join(dataDir, BACKFILL_FILE);
  await writeFile(`${file}.tmp`, JSON.stringify(mark), 'utf8');
  await rename(`${file}.tmp`, file);
}

/**
 * A backfill that runs once per data folder: `run()` does nothing once done, and otherwise tries
 * (again) when the sensor is known and Home Assistant connected. Resolves true when done.
 */
export function householdBackfill(ctx: AddonContext): { run(): Promise<boolean> } {
  let done: boolean | null = null;
  let running: Promise<boolean> | null = null;
  const attempt = async (): Promise<boolean> => {
    if (done === null) done = (await readBackfillMark(ctx.config.dataDir)) !== null;
    if (done) return true;
    const entityId = householdEntityId(ctx);
    const entity = entityId ? ctx.ha.entity(entityId) : undefined;
    if (!entityId || !entity || !ctx.ha.connected) return false;
    const to = Math.floor(ctx.clock.now() / SLOT_MS) * SLOT_MS;
    const from = to - BACKFILL_DAYS * DAY_MS;
    const span = { entity_id: entityId, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
    let rows;
    try {
      rows = await ctx.ha.history(entityId, from, to);
    } catch (e) {
      // No connection: try again later. Home Assistant refusing (no history integration): give up.
      if (!(e instanceof HaServiceError) || e.code === 3) return false;
      ctx.log.warn('household history unavailable; no backfill', { ...span, error: describe(e) });
      await writeMark(ctx.config.dataDir, { ...span, readings: 0, skipped: describe(e) });
      return (done = true);
    }
    const readings = halfHourMeans(rows, entity.attributes.unit_of_measurement, from, to);
    if (readings.length) await ctx.buffer.add(readings.map((reading) => ({ kind: 'household' as const, reading })));
    await writeMark(ctx.config.dataDir, { ...span, readings: readings.length });
    ctx.log.info('household history backfilled', { ...span, readings: readings.length, unit: entity.attributes.unit_of_measurement ?? null });
    return (done = true);
  };
  return {
    run: () => {
      if (done) return Promise.resolve(true);
      running ??= attempt()
        .catch((e: unknown) => {
          ctx.log.error('household backfill failed', { error: describe(e) });
          return false;
        })
        .finally(() => (running = null));
      return running;
    },
  };
}
