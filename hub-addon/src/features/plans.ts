// Plans: pull the appliances and schedules, apply slot `idx` of each at every local half-hour
// boundary from the view held, pull the view a per-install lead before each boundary (after it at
// the start of a local day, then apply; view-refresh.ts), re-pull when GET
// /schedules/updated-at moves, and leave alone an entity a person changed until the next slot.
import type { SchedulesUpdatedAt } from '@offpeak/cloud/contract';
import type { HassEntity } from 'home-assistant-js-websocket';
import { entityUses, hubAppliances, type HubAppliance } from '../appliances.js';
import { levelGap } from '../battery-level.js';
import { holdGap } from '../battery-slots.js';
import type { AddonContext, Stop } from '../context.js';
import { describe } from '../ha.js';
import { isValidZone, localSlotAt, nextBoundaryMs } from '../local-time.js';
import { decideSlot, isDriven, meetsExpectation } from '../plan-actions.js';
import { viaCloud } from '../reachability.js';
import { isStartupWrite, START_WINDOW_MS } from '../reconnect-rule.js';
import { controlOf } from '../state.js';
import { missingEntityProblem } from '../status.js';
import { awaitsDayPlan, drawViewLeadMs, nextViewRefreshMs } from '../view-refresh.js';
import { chargeLevelNow, watchChargeLevels } from './charge-level.js';
import { settleAfterReconnect } from './plans-reconnect.js';
import { shareLocation } from './share-location.js';

const slotKeyAt = (ctx: AddonContext, ms: number) => localSlotAt(ms, ctx.state.timezone);

/** The account's zone: the profile's, else Home Assistant's, else UTC. */
function zoneOf(ctx: AddonContext): string {
  for (const z of [ctx.state.profile?.timezone, ctx.ha.config?.time_zone]) if (z && isValidZone(z)) return z;
  return 'UTC';
}

/** Logs each configured entity missing from Home Assistant (once until it appears). */
export function reportMissingEntities(ctx: AddonContext): void {
  if (!ctx.ha.connected) return;
  const seen = new Set<string>();
  for (const use of entityUses(ctx.state.appliances)) {
    seen.add(use.entityId);
    const missing = !ctx.ha.entity(use.entityId);
    if (missing && !ctx.state.missingEntities.has(use.entityId)) {
      ctx.log.warn('entity does not exist in Home Assistant', {
        entity_id: use.entityId,
        role: use.role,
        appliance_id: use.appliance.id,
        appliance: use.appliance.name,
        type: use.appliance.type,
        fix: missingEntityProblem(ctx.config, use.appliance, use.role, use.entityId).fix,
      });
      ctx.state.missingEntities.add(use.entityId);
    } else if (!missing && ctx.state.missingEntities.delete(use.entityId)) {
      ctx.log.info('entity found in Home Assistant', { entity_id: use.entityId, appliance: use.appliance.name });
    }
  }
  for (const id of ctx.state.missingEntities) if (!seen.has(id)) ctx.state.missingEntities.delete(id);
}

/** Warns once per start about each battery that cannot hold the slots its plan holds, and each that cannot stop a charge slot at its level. */
function reportBatteryGaps(ctx: AddonContext): void {
  const gaps = [
    { check: holdGap, logged: ctx.state.holdGapsLogged, msg: 'the battery will discharge in slots the plan holds' },
    { check: levelGap, logged: ctx.state.levelGapsLogged, msg: 'the battery will charge past the planned level' },
  ];
  for (const appliance of ctx.state.appliances) {
    if (!isDriven(appliance) || appliance.override?.enabled === false) continue;
    for (const { check, logged, msg } of gaps) {
      const why = check(appliance);
      if (!why || logged.has(appliance.id)) continue;
      logged.add(appliance.id);
      ctx.log.warn(msg, { appliance_id: appliance.id, appliance: appliance.name, entity_id: appliance.entities.entity_id, why });
    }
  }
}

/** Profile and appliance list; a profile without a location gets Home Assistant's beside the plan's work (share-location.ts). */
export async function pullAppliances(ctx: AddonContext): Promise<void> {
  const [profile, list] = await viaCloud(ctx, 'appliances', () => Promise.all([ctx.cloud.me(), ctx.cloud.appliances()]));
  ctx.state.profile = profile;
  ctx.tasks.run(() => shareLocation(ctx));
  ctx.state.timezone = zoneOf(ctx);
  ctx.state.rawAppliances = list;
  rebuildAppliances(ctx);
}

function rebuildAppliances(ctx: AddonContext): void {
  ctx.state.appliances = hubAppliances(ctx.state.rawAppliances, ctx.state.view?.appliances ?? [], ctx.config.appliances);
  reportMissingEntities(ctx);
  reportBatteryGaps(ctx);
}

/**
 * The unified schedules view and its stamp, the stamp read first (or `stampReadBefore`, one the
 * caller has just read): a plan written between the two reads leaves the older stamp stored beside
 * the newer view, so the next poll pulls once more. The other way round the older view would be
 * kept under the newer stamp, and no poll would see a change until the plan changed again.
 */
export async function pullSchedules(ctx: AddonContext, stampReadBefore?: SchedulesUpdatedAt): Promise<void> {
  const stamp = stampReadBefore ?? (await viaCloud(ctx, 'updated-at', () => ctx.cloud.schedulesUpdatedAt()));
  const view = await viaCloud(ctx, 'schedules', () => ctx.cloud.schedules());
  ctx.state.view = view;
  ctx.state.updatedAt = stamp.updated_at;
  ctx.state.stats.schedulePulls++;
  rebuildAppliances(ctx);
  ctx.log.info('schedules pulled', {
    date: view.date,
    updated_at: stamp.updated_at,
    optimization_enabled: view.optimization_enabled,
    appliances: view.appliances.map((a) => ({ id: a.appliance_id, name: a.name, type: a.appliance_type, source: a.source, enabled: a.optimization_enabled })),
  });
}

/**
 * Applies the current slot to every appliance (skipping those a person took over in this slot).
 * `onlyUnapplied`: just the appliances whose command for this slot has not gone through or that
 * settleAfterReconnect marked for applying again (after a Home Assistant reconnect).
 */
export async function applyCurrentSlot(ctx: AddonContext, reason: string, onlyUnapplied = false): Promise<void> {
  const view = ctx.state.view;
  if (!view) return;
  const slot = slotKeyAt(ctx, ctx.clock.now());
  if (!view.optimization_enabled) {
    ctx.log.info('optimization paused (master switch); nothing applied', { slot: slot.index, reason });
    return;
  }
  const stale = view.date !== slot.date;
  for (const appliance of ctx.state.appliances) {
    if (onlyUnapplied && controlOf(ctx.state, appliance.id).slotKey === slot.key) continue;
    await applyOne(ctx, appliance, slot, reason, stale);
  }
}

/** Applies the current slot to one appliance again (a battery whose charge level crossed the plan's). */
async function applyApplianceNow(ctx: AddonContext, appliance: HubAppliance, reason: string): Promise<void> {
  const view = ctx.state.view;
  if (!view?.optimization_enabled) return;
  const slot = slotKeyAt(ctx, ctx.clock.now());
  await applyOne(ctx, appliance, slot, reason, view.date !== slot.date);
}

async function applyOne(
  ctx: AddonContext,
  appliance: HubAppliance,
  slot: { date: string; index: number; key: string },
  reason: string,
  stale: boolean,
): Promise<void> {
  const entry = ctx.state.view?.appliances.find((e) => e.appliance_id === appliance.id);
  if (!entry || !isDriven(appliance)) return;
  const c = controlOf(ctx.state, appliance.id);
  const base = { appliance_id: appliance.id, appliance: appliance.name, type: appliance.type, slot: slot.index, date: slot.date, reason };
  if (appliance.override?.enabled === false) return void ctx.log.debug('not applied: disabled in the add-on options', base);
  if (!entry.optimization_enabled) return void ctx.log.info('not applied: optimization paused for this appliance', base);
  if (c.overrideSlotKey === slot.key) return void ctx.log.info('not applied: a person changed it in this slot', base);
  if (Object.keys(entry.schedule).length === 0) return void ctx.log.info('not applied: no schedule yet', base);
  const entity = ctx.ha.entity(appliance.entities.entity_id);
  const level = chargeLevelNow(ctx, appliance, entry.schedule, slot);
  const decision = decideSlot(appliance, entry.schedule, slot.index, entity, ctx.ha.temperatureUnit, c.lastOn, level?.reached);
  if ('skip' in decision) return void ctx.log.info('not applied', { ...base, why: decision.skip });
  const { action } = decision;
  try {
    if (action.call) {
      // Our own change is on its way: no override check on this entity until the call answers.
      c.expect = null;
      await ctx.ha.call(action.call.domain, action.call.service, action.entityId, action.call.data);
      ctx.state.stats.applied++;
    }
    ctx.log.info(action.call ? 'applied' : 'already as planned', {
      ...base,
      entity_id: action.entityId,
      service: action.call ? `${action.call.domain}.${action.call.service}` : null,
      data: action.call?.data,
      why: action.why,
      source: entry.source,
      ...(level ? { soc_pct: level.socPct, planned_pct: level.levelPct } : {}),
      ...(stale ? { stale_schedule_date: ctx.state.view?.date } : {}),
    });
  } catch (e) {
    return void ctx.log.warn('Home Assistant refused the command', {
      ...base,
      entity_id: action.entityId,
      service: `${action.call?.domain}.${action.call?.service}`,
      error: describe(e),
    });
  }
  c.slotKey = slot.key;
  c.expect = action.expect
    ? { entityId: action.entityId, value: action.expect, baselineContext: ctx.ha.entity(action.entityId)?.context.id ?? null, sinceMs: ctx.clock.now() }
    : null;
  c.commandedF = action.setpointF ?? c.commandedF;
  c.roomTargetF = action.setpointF;
  c.guardActive = false;
  c.level = level ? { slotKey: slot.key, reached: level.reached } : null;
  if (action.expect?.kind === 'state') c.lastOn = action.expect.value !== 'off';
  else if (appliance.type === 'ev_charger' || appliance.type === 'home_battery') c.lastOn = /on$/.test(action.why);
}

/**
 * Flags a controlled entity a person changed (not our context, not what we commanded). A write
 * without a user within START_WINDOW_MS of the (re)connection at `connectedMs` is Home Assistant
 * starting (an integration restoring or resetting its device): the appliance is marked unapplied
 * instead, for its slot to be applied again; returns whether any was.
 */
export function detectOverrides(ctx: AddonContext, connectedMs: number): boolean {
  const now = ctx.clock.now();
  let reset = false;
  let slot: ReturnType<typeof slotKeyAt> | null = null;
  for (const [applianceId, c] of ctx.state.control) {
    if (!c.expect) continue;
    slot ??= slotKeyAt(ctx, now);
    if (c.slotKey !== slot.key || c.overrideSlotKey === slot.key) continue;
    const entity: HassEntity | undefined = ctx.ha.entity(c.expect.entityId);
    if (!entity || meetsExpectation(entity, c.expect.value)) continue;
    if (entity.context.id === c.expect.baselineContext || ctx.ha.isOwnChange(entity)) continue;
    const appliance = ctx.state.appliances.find((a) => a.id === applianceId);
    const base = {
      appliance_id: applianceId,
      appliance: appliance?.name,
      entity_id: entity.entity_id,
      expected: c.expect.value,
      now: c.expect.value.kind === 'state' ? entity.state : entity.attributes[c.expect.value.key],
      slot: slot.index,
    };
    if (isStartupWrite(Boolean(entity.context.user_id), now, connectedMs)) {
      c.slotKey = null;
      c.expect = null;
      ctx.log.info('changed without a user while Home Assistant starts; the slot is applied again', base);
      reset = true;
      continue;
    }
    c.overrideSlotKey = slot.key;
    c.guardActive = false;
    ctx.state.stats.overrides++;
    ctx.log.info('manual change detected; left alone until the next slot', base);
  }
  return reset;
}

const hasState = (e: HassEntity | undefined) => e !== undefined && e.state !== 'unavailable' && e.state !== 'unknown';

/**
 * Whether the entity of a driven appliance that the current slot has not reached (its command
 * failed or found it unavailable) has come back with a state since the last look. `seen` holds
 * whether each had one then.
 */
function unappliedEntityBack(ctx: AddonContext, seen: Map<string, boolean>): boolean {
  const slot = slotKeyAt(ctx, ctx.clock.now());
  let back = false;
  for (const appliance of ctx.state.appliances) {
    if (!isDriven(appliance) || appliance.override?.enabled === false) continue;
    const now = hasState(ctx.ha.entity(appliance.entities.entity_id));
    const before = seen.get(appliance.id) ?? true;
    seen.set(appliance.id, now);
    const c = controlOf(ctx.state, appliance.id);
    if (now && !before && c.slotKey !== slot.key && c.overrideSlotKey !== slot.key) back = true;
  }
  return back;
}

/** Starts the plan loop: first pull and apply, boundary timer, view refresh, updated-at poll, override watch. */
export async function startPlans(ctx: AddonContext): Promise<Stop> {
  let stopped = false;
  let boundaryTimer = ctx.clock.setTimeout(() => {}, 0);
  let pollTimer = boundaryTimer;
  let refreshTimer = boundaryTimer;
  let dayPlanTimer = boundaryTimer;
  let lastAppliancesPull = -Infinity;
  // Stable for this install's run: the fleet's pulls spread over the lead window.
  const leadMs = ctx.timing.viewLeadMs ?? drawViewLeadMs();

  const refresh = async (why: string, stamp?: SchedulesUpdatedAt): Promise<boolean> => {
    try {
      if (ctx.clock.now() - lastAppliancesPull >= ctx.timing.appliancesRefreshMs || why === 'start' || why === 'updated-at') {
        await pullAppliances(ctx);
        lastAppliancesPull = ctx.clock.now();
      }
      await pullSchedules(ctx, stamp);
      return true;
    } catch (e) {
      ctx.log.warn('could not pull schedules', { why, error: describe(e) });
      return false;
    }
  };

  const armBoundary = () => {
    const now = ctx.clock.now();
    const next = nextBoundaryMs(now, ctx.state.timezone);
    ctx.state.nextApplyMs = next;
    boundaryTimer = ctx.clock.setTimeout(() => {
      armBoundary();
      ctx.tasks.run(() => ctx.commands.push(() => onBoundary(next)));
    }, next - now);
  };

  // The slot from the view held: no cloud at the boundary instant. Without the cloud the last
  // plan carries on (a view of another date is applied and logged as `stale_schedule_date`).
  const onBoundary = async (boundaryMs: number) => {
    if (stopped) return;
    ctx.state.stats.boundaries++;
    if (awaitsDayPlan(ctx.state.view?.date ?? null, boundaryMs, ctx.state.timezone)) {
      ctx.log.info('new local day: its plan is pulled after the lead', { lead_s: leadMs / 1000, held_date: ctx.state.view?.date });
      dayPlanTimer = ctx.clock.setTimeout(() => ctx.tasks.run(onDayPlan), leadMs);
      return;
    }
    await applyCurrentSlot(ctx, 'slot boundary');
  };

  // The updated-at poll may have brought the new day's view already (its stamp moved at midnight).
  const onDayPlan = async () => {
    if (stopped) return;
    if (ctx.state.view?.date !== localSlotAt(ctx.clock.now(), ctx.state.timezone).date) await refresh('new day');
    if (!stopped) await ctx.commands.push(() => applyCurrentSlot(ctx, 'slot boundary'));
  };

  // Ahead of the boundary: what did not move updated-at (the pause switches) is applied at it,
  // a lead from now; a pull still under way then leaves the boundary the view held.
  const refreshAhead = async () => {
    if (!stopped) await refresh('ahead of the boundary');
  };
  const armRefresh = () => {
    const now = ctx.clock.now();
    refreshTimer = ctx.clock.setTimeout(
      () => {
        if (stopped) return;
        armRefresh();
        ctx.tasks.run(refreshAhead);
      },
      nextViewRefreshMs(now, ctx.state.timezone, leadMs) - now,
    );
  };

  const poll = async () => {
    if (stopped) return;
    try {
      const stamp = await viaCloud(ctx, 'updated-at', () => ctx.cloud.schedulesUpdatedAt());
      const changed = stamp.updated_at !== ctx.state.updatedAt;
      if (changed || !ctx.state.view) {
        // After local midnight the stamp is the new day's: the day's view is due, not the profile
        // and appliances (a whole time zone's installs see it within one poll period).
        const newDay = ctx.state.view !== null && ctx.state.view.date !== localSlotAt(ctx.clock.now(), ctx.state.timezone).date;
        ctx.log.info('schedules changed in the cloud; re-pulling', { was: ctx.state.updatedAt, now: stamp.updated_at, new_day: newDay });
        if (await refresh(newDay ? 'new day' : 'updated-at', stamp)) await ctx.commands.push(() => applyCurrentSlot(ctx, 'schedule updated'));
      }
    } catch (e) {
      ctx.log.debug('updated-at poll failed', { error: describe(e) });
    }
  };
  const armPoll = () => {
    pollTimer = ctx.clock.setTimeout(() => {
      if (stopped) return;
      armPoll();
      ctx.tasks.run(poll);
    }, ctx.timing.updatedAtPollMs);
  };

  // Home Assistant starting (the add-on's start, each reconnect) restores its devices for a few
  // minutes: what it resets is applied again, not taken for a person's change, and an entity the
  // slot has not reached yet gets it as soon as it shows a state.
  // The window opens once the first slot is applied.
  let connectedMs = -Infinity;
  const seen = new Map<string, boolean>();
  const offEntities = ctx.ha.onEntities(() => {
    const reset = detectOverrides(ctx, connectedMs);
    const back = unappliedEntityBack(ctx, seen);
    if (ctx.clock.now() - connectedMs > START_WINDOW_MS || !(reset || back)) return;
    ctx.tasks.run(() => ctx.commands.push(() => applyCurrentSlot(ctx, 'Home Assistant starting', true)));
  });
  const offLevels = watchChargeLevels(ctx, (appliance, reason) => applyApplianceNow(ctx, appliance, reason));
  const offReady = ctx.ha.onReady(() => reportMissingEntities(ctx));
  // After an outage, once the states as they are now arrive: what a person changed in this slot
  // holds it; the rest gets the current slot now (a command that failed while Home Assistant was
  // away, or a slot that began meanwhile), not at the next boundary.
  const offResync = ctx.ha.onResync(() => {
    connectedMs = ctx.clock.now();
    settleAfterReconnect(ctx);
    ctx.tasks.run(() => ctx.commands.push(() => applyCurrentSlot(ctx, 'reconnected', true)));
  });
  await refresh('start');
  ctx.state.timezone = zoneOf(ctx);
  ctx.log.info('schedules view pulled ahead of each boundary', { lead_s: leadMs / 1000 });
  await ctx.commands.push(() => applyCurrentSlot(ctx, 'start'));
  connectedMs = ctx.clock.now();
  armBoundary();
  armRefresh();
  armPoll();
  return () => {
    stopped = true;
    for (const t of [boundaryTimer, pollTimer, refreshTimer, dayPlanTimer]) ctx.clock.clearTimeout(t);
    offEntities();
    offLevels();
    offReady();
    offResync();
  };
}
