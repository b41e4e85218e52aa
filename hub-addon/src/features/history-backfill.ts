// First-start backfills: a power sensor's Home Assistant history as half-hour means, queued like
// any reading (so a cloud outage loses none) at the slot starts, once: a mark file in the data
// folder remembers that it was done. The whole-home power (household-load.ts) has one, and each
// solar array's production (solar-production.ts) its own. A backfill is tried at start and at
// each readings cycle until done: it waits until its sensor is known, exists and Home Assistant is
// connected; Home Assistant refusing the history (no history integration) marks it done with
// nothing queued.
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddonContext } from '../context.js';
import { describe, HaServiceError } from '../ha.js';
import { halfHourMeans, SLOT_MS, type HalfHourMean } from '../power-history.js';
import type { BufferedReading } from '../reading-buffer.js';

const DAY_MS = 86_400_000;

/** One sensor's backfill. */
export interface BackfillTarget {
  /** The mark's file name in the data folder; the backfill is done once it exists. */
  file: string;
  /** What its log lines call it: `household`, `solar`. */
  name: string;
  entityId: string;
  days: number;
  /** A recorded state in W (`unit`: the entity's unit_of_measurement now), or null for a gap. */
  wattsOf(state: string, unit: unknown): number | null;
  /** The reading to queue for one half hour's mean, or null to leave it out. */
  reading(mean: HalfHourMean): BufferedReading | null;
  /** More fields for its log lines (the appliance). */
  logFields?: Record<string, unknown>;
}

/** What a mark file holds once its backfill ran. */
export interface BackfillMark {
  entity_id: string;
  from: string;
  to: string;
  readings: number;
  /** Why nothing was backfilled (Home Assistant refused the history request), when so. */
  skipped?: string;
}

async function readBackfillMark(dataDir: string, file: string): Promise<BackfillMark | null> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, file), 'utf8')) as BackfillMark;
  } catch {
    return null;
  }
}

async function writeMark(dataDir: string, file: string, mark: BackfillMark): Promise<void> {
  const to = path.join(dataDir, file);
  await writeFile(`${to}.tmp`, JSON.stringify(mark), 'utf8');
  await rename(`${to}.tmp`, to);
}

/** One attempt at a backfill without a mark: true when done, false to try again later. */
async function backfill(ctx: AddonContext, t: BackfillTarget): Promise<boolean> {
  const entity = ctx.ha.entity(t.entityId);
  if (!entity || !ctx.ha.connected) return false;
  const to = Math.floor(ctx.clock.now() / SLOT_MS) * SLOT_MS;
  const from = to - t.days * DAY_MS;
  const span = { entity_id: t.entityId, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  const unit = entity.attributes.unit_of_measurement;
  const means: HalfHourMean[] = [];
  try {
    // A day per request keeps each answer small: a sensor reporting every few seconds records
    // thousands of states a day. Each answer starts with the state at its start.
    for (let dayFrom = from; dayFrom < to; dayFrom += DAY_MS) {
      const dayTo = Math.min(dayFrom + DAY_MS, to);
      means.push(...halfHourMeans(await ctx.ha.history(t.entityId, dayFrom, dayTo), (s) => t.wattsOf(s, unit), dayFrom, dayTo));
    }
  } catch (e) {
    // No connection: try again later. Home Assistant refusing (no history integration): give up.
    if (!(e instanceof HaServiceError) || e.code === 3) return false;
    ctx.log.warn(`${t.name} history unavailable; no backfill`, { ...t.logFields, ...span, error: describe(e) });
    await writeMark(ctx.config.dataDir, t.file, { ...span, readings: 0, skipped: describe(e) });
    return true;
  }
  const readings = means.map(t.reading).filter((r) => r !== null);
  if (readings.length) await ctx.buffer.add(readings);
  await writeMark(ctx.config.dataDir, t.file, { ...span, readings: readings.length });
  ctx.log.info(`${t.name} history backfilled`, { ...t.logFields, ...span, readings: readings.length, unit: unit ?? null });
  return true;
}

/**
 * The backfills of `targets()`, asked at each run (sensors and appliances come and go). `run()`
 * tries each one not done yet, one after the other; an attempt still running is not started again.
 */
export function historyBackfills(ctx: AddonContext, targets: () => BackfillTarget[]): { run(): Promise<void> } {
  /** Per mark file: done, or not done at the last look (absent: the mark not read yet). */
  const done = new Map<string, boolean>();
  const running = new Map<string, Promise<void>>();
  const attempt = async (t: BackfillTarget): Promise<void> => {
    if (!done.has(t.file)) done.set(t.file, (await readBackfillMark(ctx.config.dataDir, t.file)) !== null);
    if (!done.get(t.file)) done.set(t.file, await backfill(ctx, t));
  };
  const runOne = (t: BackfillTarget): Promise<void> => {
    if (done.get(t.file)) return Promise.resolve();
    let p = running.get(t.file);
    if (!p) {
      p = attempt(t)
        .catch((e: unknown) => ctx.log.error(`${t.name} backfill failed`, { ...t.logFields, error: describe(e) }))
        .finally(() => running.delete(t.file));
      running.set(t.file, p);
    }
    return p;
  };
  return {
    run: async () => {
      for (const t of targets()) await runOne(t);
    },
  };
}
