import type { DayLedger, SchedulesView } from '@offpeak/cloud/contract';
import { SimulatedClock } from '@offpeak/client-kit';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddonContext } from '../context.js';
import type { FetchLike } from '../http-fetch.js';
import { LINK_OK } from '../link-status.js';
import { createLogger } from '../log.js';
import { initialState } from '../state.js';
import { TaskTracker } from '../tasks.js';
import { PUBLISH_CHECK_MS, startPublishEntities } from './publish-entities.js';

const MIN = 60_000;
/** 10:05 UTC: five minutes into slot 20, so the checks below stay in one half hour. */
const START = Date.parse('2026-11-24T10:05:00Z');
const reasons = Array.from({ length: 48 }, () => ({ code: 'nothing_needed', price_cents: 5 }));
const viewOf = (summary: string) =>
  ({
    date: '2026-11-24',
    optimization_enabled: true,
    integration_health: {},
    home: { expected_cost_cents: 412.6, load_kw_48: [], grid_import_kw_48: [], export_kw_48: [], source: 'typical', max_import_kw: null },
    appliances: [{ appliance_id: 'a1', appliance_type: 'ev_charger', name: 'Car', schedule: { intervals: [], reasons_48: reasons, summary } }],
  }) as unknown as SchedulesView;

/** The add-on's publisher against a fake Core REST API: `posts` lists the entity ids written, `status` what Core answers. */
function publisher() {
  const clock = new SimulatedClock({ startMs: START, speed: 0 });
  const state = initialState();
  state.view = viewOf('Charges tonight.');
  state.links.cloud = LINK_OK;
  const resyncs = new Set<() => void>();
  const ctx = {
    config: { ha: { url: 'ws://supervisor/core/websocket', token: 'ha-token' } },
    clock,
    log: createLogger({ level: 'error', write: () => {} }),
    ha: { connected: true, onResync: (l: () => void) => (resyncs.add(l), () => resyncs.delete(l)) },
    cloud: {
      ledger: async (date: string) =>
        ({ date, actual_cost: 3.1, baseline_cost: 4, hindsight_cost: 2.9, saving: 0.9, missed_saving: 0.2, note: null }) as unknown as DayLedger,
    },
    state,
    tasks: new TaskTracker(),
  } as unknown as AddonContext;
  const posts: string[] = [];
  const fake = { status: 200 };
  const fetch: FetchLike = async (url) => {
    posts.push(decodeURIComponent(url.slice(url.lastIndexOf('/') + 1)));
    return { ok: fake.status < 300, status: fake.status, text: async () => '{}' };
  };
  const stop = startPublishEntities(ctx, fetch);
  return {
    state,
    posts,
    fake,
    stop,
    /** Runs the minute checks of the next `ms` and waits until they are done. */
    advance: async (ms: number) => {
      clock.advance(ms);
      await ctx.tasks.idle();
    },
    resync: async () => {
      for (const l of resyncs) l();
      await ctx.tasks.idle();
    },
    idle: () => ctx.tasks.idle(),
  };
}

const ALL = ['sensor.offpeak_car_plan', 'sensor.offpeak_expected_cost_today', 'sensor.offpeak_yesterday_cost', 'binary_sensor.offpeak_cloud_link'];

let p: ReturnType<typeof publisher> | undefined;
afterEach(() => p?.stop());

describe('startPublishEntities', () => {
  it('writes every entity once, then nothing while the plan, the slot and the link stay as they were', async () => {
    p = publisher();
    await p.idle();
    expect(p.posts).toEqual(ALL);
    await p.advance(10 * PUBLISH_CHECK_MS);
    expect(p.posts).toHaveLength(ALL.length);
  });

  it('a new plan writes the entity it changed', async () => {
    p = publisher();
    await p.idle();
    p.state.view = viewOf('Charges at dawn.');
    await p.advance(PUBLISH_CHECK_MS);
    expect(p.posts.slice(ALL.length)).toEqual(['sensor.offpeak_car_plan']);
  });

  it('the cloud link lost writes the link sensor', async () => {
    p = publisher();
    await p.idle();
    p.state.links.cloud = { state: 'unreachable', reason: 'down', fix: null };
    await p.advance(PUBLISH_CHECK_MS);
    expect(p.posts.slice(ALL.length)).toEqual(['binary_sensor.offpeak_cloud_link']);
  });

  it('an entity Core refused is written again at the next check, though nothing changed', async () => {
    p = publisher();
    p.fake.status = 500;
    await p.idle();
    p.fake.status = 200;
    await p.advance(PUBLISH_CHECK_MS);
    expect(p.posts.slice(ALL.length)).toEqual(ALL);
    await p.advance(PUBLISH_CHECK_MS);
    expect(p.posts).toHaveLength(2 * ALL.length);
  });

  it('every entity again after Home Assistant reconnects, and at the next half hour', async () => {
    p = publisher();
    await p.idle();
    await p.resync();
    expect(p.posts.slice(ALL.length)).toEqual(ALL);
    await p.advance(25 * MIN);
    expect(p.posts.slice(2 * ALL.length)).toEqual(ALL);
  });
});
