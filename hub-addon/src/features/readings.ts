// Readings: every 5 minutes (on the clock's 5-minute marks) read each appliance's entities and the
// whole-home power sensor (household-load.ts) and queue the readings on disk; the first start also
// queues the history of the whole-home power and of each solar array's production
// (history-backfill.ts). A per-install delay after the mark (readings-push.ts, drawn once at
// start) send the queue oldest first, at most 100 per request. A refused batch (4xx other than
// 401/408/429) is dropped with a log line so it cannot block the queue; while the cloud is
// unreachable everything waits. Each cycle ends, after its push, with one status line (status.ts).
import type { ReadingClient } from '@offpeak/cloud/contract';
import { CloudError } from '@offpeak/client-kit';
import type { AddonContext, Stop } from '../context.js';
import { describe } from '../ha.js';
import { viaCloud } from '../reachability.js';
import type { BufferedReading } from '../reading-buffer.js';
import { applianceReading, householdPowerW, householdReading, hvacReading, READING_KIND } from '../readings.js';
import { controlOf } from '../state.js';
import { addonStatus, statusLine } from '../status.js';
import { readingText } from '../status-text.js';
import { toF } from '../units.js';
import { localSlotAt } from '../local-time.js';
import { drawPushDelayMs, nextMarkMs } from '../readings-push.js';
import { runComfortGuard } from './comfort-guard.js';
import { historyBackfills } from './history-backfill.js';
import { householdBackfillTarget, householdEntityId } from './household-load.js';
import { solarBackfillTargets } from './solar-production.js';

/** The readings of this moment. */
export function collectReadings(ctx: AddonContext): BufferedReading[] {
  if (!ctx.ha.connected) return [];
  const timestamp = new Date(ctx.clock.now()).toISOString();
  const unit = ctx.ha.temperatureUnit;
  const entities = ctx.ha.entities;
  const weather = entities[ctx.state.profile?.weather_entity_id ?? ''];
  const outdoorF =
    typeof weather?.attributes.temperature === 'number' ? toF(weather.attributes.temperature, (weather.attributes.temperature_unit as string) ?? unit) : null;
  const slot = localSlotAt(ctx.clock.now(), ctx.state.timezone);
  const { key } = slot;
  const out: BufferedReading[] = [];
  for (const a of ctx.state.appliances) {
    if (!a.isActive) continue;
    if (READING_KIND[a.type] === 'hvac') {
      const c = controlOf(ctx.state, a.id);
      const overrideActive = c.overrideSlotKey === key || c.guardActive;
      const r = hvacReading(
        a,
        entities,
        unit,
        timestamp,
        { commandedF: c.commandedF, roomTargetF: c.slotKey === key ? c.roomTargetF : undefined, overrideActive },
        outdoorF,
      );
      if ('reading' in r) out.push({ kind: 'hvac', reading: r.reading });
      else ctx.log.debug('no HVAC reading', { appliance_id: a.id, why: r.skip });
    } else {
      const r = applianceReading(a, entities, unit, timestamp);
      if (r) out.push({ kind: 'appliance', applianceId: a.id, reading: r });
    }
  }
  const nowMs = ctx.clock.now();
  for (const r of out) {
    const id = r.kind === 'hvac' ? r.reading.appliance_id : r.kind === 'appliance' ? r.applianceId : null;
    const type = ctx.state.appliances.find((a) => a.id === id)?.type ?? null;
    if (id) ctx.state.lastReadings.set(id, { atMs: nowMs, text: readingText(r, type, unit) });
  }
  const householdId = householdEntityId(ctx);
  const household = householdId ? householdReading(householdPowerW(entities[householdId]), timestamp) : null;
  if (household) out.push({ kind: 'household', reading: household });
  return out;
}

/** Sends the queue until it is empty or the cloud stops answering. */
export async function flushReadings(ctx: AddonContext, client: ReadingClient): Promise<void> {
  for (let batch = ctx.buffer.nextBatch(); batch; batch = ctx.buffer.nextBatch()) {
    try {
      const items = batch.items;
      const readings = items.map((r) => r.reading as never);
      const accepted = await viaCloud(ctx, 'readings', () =>
        batch!.kind === 'hvac'
          ? ctx.cloud.pushHvacReadings(readings, client)
          : batch!.kind === 'household'
            ? ctx.cloud.pushHouseholdLoad(readings)
            : ctx.cloud.pushApplianceReadings(batch!.applianceId!, readings),
      );
      ctx.state.stats.readingsSent += accepted.accepted;
      await ctx.buffer.remove(batch);
    } catch (e) {
      if (e instanceof CloudError && !e.retryable && e.status !== 401) {
        ctx.log.error('cloud refused a batch of readings; dropped', {
          count: batch.items.length,
          status: e.status,
          detail: e.detail,
          appliance_id: batch.applianceId,
        });
        await ctx.buffer.remove(batch);
        continue;
      }
      ctx.log.debug('readings kept for later', { queued: ctx.buffer.size, error: describe(e) });
      return;
    }
  }
}

/** Starts the 5-minute cycle: capture at the mark, push `readingsPushDelayMs` after it. */
export function startReadings(ctx: AddonContext): Stop {
  const client: ReadingClient = { kind: 'node', version: ctx.version, node_bundle: `node ${process.versions.node}` };
  let stopped = false;
  const every = ctx.timing.readingsEveryMs;
  const delayMs = ctx.timing.readingsPushDelayMs ?? drawPushDelayMs();
  ctx.log.debug('readings pushed after each mark', { delay_ms: delayMs });
  let markMs = 0;
  let timer = ctx.clock.setTimeout(() => {}, 0);
  let pushTimer = ctx.clock.setTimeout(() => {}, 0);
  const arm = () => {
    markMs = nextMarkMs(ctx.clock.now(), every);
    ctx.state.nextPushMs = markMs + delayMs;
    timer = ctx.clock.setTimeout(() => ctx.tasks.run(cycle), markMs - ctx.clock.now());
  };
  let flushing = false;
  const flush = async () => {
    if (flushing) return;
    flushing = true;
    await flushReadings(ctx, client).finally(() => (flushing = false));
  };
  const push = async () => {
    if (stopped) return;
    try {
      await flush();
    } catch (e) {
      ctx.log.error('readings push failed', { error: describe(e) });
    }
    ctx.state.stats.cycles++;
    ctx.state.nextPushMs = markMs + delayMs;
    ctx.log.info('status', statusLine(addonStatus(ctx)));
  };
  const backfill = historyBackfills(ctx, () => {
    const household = householdBackfillTarget(ctx);
    return [...(household ? [household] : []), ...solarBackfillTargets(ctx.state.appliances)];
  });
  const cycle = async () => {
    if (stopped) return;
    const pushAtMs = markMs + delayMs;
    arm();
    ctx.state.nextPushMs = pushAtMs;
    try {
      client.ha_version = ctx.ha.haVersion ?? undefined;
      await backfill.run();
      const readings = collectReadings(ctx);
      if (readings.length) await ctx.buffer.add(readings);
      ctx.state.stats.readingsQueued += readings.length;
      await ctx.commands.push(() => runComfortGuard(ctx));
    } catch (e) {
      ctx.log.error('readings cycle failed', { error: describe(e) });
    }
    const wait = pushAtMs - ctx.clock.now();
    if (wait > 0) pushTimer = ctx.clock.setTimeout(() => ctx.tasks.run(push), wait);
    else await push();
  };
  arm();
  // The first start's backfills go out at once, not at the first 5-minute mark.
  void ctx.tasks.run(async () => {
    const queued = ctx.buffer.size;
    await backfill.run();
    if (ctx.buffer.size > queued) await flush();
  });
  return () => {
    stopped = true;
    ctx.clock.clearTimeout(timer);
    ctx.clock.clearTimeout(pushTimer);
  };
}
