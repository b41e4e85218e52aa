// Entities: the plan, the day's expected cost, yesterday's account and the cloud link, written to
// Home Assistant's state machine through its REST API (plan-entities.ts says what). A state is
// written when it changes (checked every minute: a new plan, a new slot's action), and every
// state again at each half hour and after Home Assistant reconnects: states written this way
// belong to no integration, so a restarted Home Assistant has forgotten them. A check whose inputs
// are those of the last fully written check builds nothing: the plan attributes (48 slots per
// appliance) and their JSON are most of the add-on's allocation otherwise, and the garbage they
// leave is what its peak resident memory grows on.
import type { DayLedger, SchedulesView } from '@offpeak/cloud/contract';
import type { TimerHandle } from '@offpeak/client-kit';
import type { AddonContext, Stop } from '../context.js';
import { describe } from '../ha.js';
import { postState, restBase } from '../ha-rest.js';
import { httpFetch, type FetchLike } from '../http-fetch.js';
import { localSlotAt, slotStartsMs } from '../local-time.js';
import { planEntities } from '../plan-entities.js';

/** How often the entities are compared with what was written. */
export const PUBLISH_CHECK_MS = 60_000;

const dayBefore = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** What the entities are built from: the same inputs build the same entities. */
interface PublishInputs {
  view: SchedulesView | null;
  zone: string;
  slotKey: string;
  ledger: DayLedger | null;
  isCloudLinked: boolean;
}

const sameInputs = (a: PublishInputs | null, b: PublishInputs): boolean =>
  a !== null && a.view === b.view && a.zone === b.zone && a.slotKey === b.slotKey && a.ledger === b.ledger && a.isCloudLinked === b.isCloudLinked;

export function startPublishEntities(ctx: AddonContext, fetch: FetchLike = httpFetch): Stop {
  const base = restBase(ctx.config.ha.url);
  /** What Home Assistant holds, as written (entity id -> JSON of state and attributes). */
  const written = new Map<string, string>();
  let slotKey: string | null = null;
  let ledger: { date: string; body: DayLedger } | null = null;
  /** The inputs of the last check that left every entity written; null when one is still to write. */
  let settled: PublishInputs | null = null;
  /** Counts Home Assistant's reconnections: a check begun before one settles nothing. */
  let resyncs = 0;
  let timer: TimerHandle | null = null;
  let stopped = false;

  const publish = async () => {
    if (stopped || !ctx.ha.connected) return;
    const now = ctx.clock.now();
    const slot = localSlotAt(now, ctx.state.timezone);
    // Each half hour every state is written again.
    if (slot.key !== slotKey) {
      slotKey = slot.key;
      written.clear();
    }
    const yesterday = dayBefore(slot.date);
    if (ledger?.date !== yesterday && ctx.state.links.cloud.state === 'ok') {
      try {
        ledger = { date: yesterday, body: await ctx.cloud.ledger(yesterday) };
      } catch (e) {
        ctx.log.warn("yesterday's account not read", { error: describe(e) });
      }
    }
    const view = ctx.state.view;
    const inputs: PublishInputs = {
      view,
      zone: ctx.state.timezone,
      slotKey: slot.key,
      ledger: ledger?.body ?? null,
      isCloudLinked: ctx.state.links.cloud.state === 'ok',
    };
    if (sameInputs(settled, inputs)) return;
    settled = null;
    const resyncsAtStart = resyncs;
    // The cloud's grid: on a DST day a skipped slot starts where the gap ends and a repeated
    // stretch belongs to the slot before the clock goes back.
    const starts = view ? slotStartsMs(view.date, ctx.state.timezone) : [];
    const entities = planEntities({
      view,
      slotIndex: slot.index,
      slotStart: (i) => new Date(starts[i]!).toISOString(),
      ledger: inputs.ledger,
      isCloudLinked: inputs.isCloudLinked,
    });
    let count = 0;
    let isComplete = true;
    for (const e of entities) {
      const json = JSON.stringify([e.state, e.attributes]);
      if (written.get(e.entity_id) === json) continue;
      try {
        const status = await postState(fetch, base, ctx.config.ha.token, e);
        if (status !== 200 && status !== 201) {
          ctx.log.warn('entity not written', { entity_id: e.entity_id, status });
          isComplete = false;
          continue;
        }
        written.set(e.entity_id, json);
        count++;
      } catch (err) {
        ctx.log.warn('entity not written', { entity_id: e.entity_id, error: describe(err) });
        return;
      }
    }
    if (isComplete && resyncs === resyncsAtStart) settled = inputs;
    if (count > 0) ctx.log.info('entities written', { count });
  };

  const loop = () => {
    timer = ctx.clock.setTimeout(() => {
      ctx.tasks.run(publish);
      if (!stopped) loop();
    }, PUBLISH_CHECK_MS);
  };
  // A reconnected Home Assistant may have restarted: write everything again.
  const offResync = ctx.ha.onResync(() => {
    written.clear();
    settled = null;
    resyncs++;
    ctx.tasks.run(publish);
  });
  ctx.tasks.run(publish);
  loop();
  return () => {
    stopped = true;
    offResync();
    if (timer !== null) ctx.clock.clearTimeout(timer);
  };
}
