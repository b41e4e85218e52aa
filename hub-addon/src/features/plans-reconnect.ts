// After a Home Assistant outage: the fresh states are compared with what the add-on last wrote and
// what the plan says (reconnect-rule.ts), so that a write from before the outage, or a change from
// a slot that has ended, is not taken for a person's change in the current slot.
import type { HassEntity } from 'home-assistant-js-websocket';
import type { HubAppliance } from '../appliances.js';
import type { AddonContext } from '../context.js';
import { localSlotAt, slotStartMs } from '../local-time.js';
import { decideSlot, isDriven, meetsExpectation } from '../plan-actions.js';
import { reconnectOutcome, type ReconnectOutcome } from '../reconnect-rule.js';
import { controlOf } from '../state.js';

/**
 * Settles every controlled entity on the first states after a reconnect: a person's change in this
 * slot holds the slot; an entity still showing the add-on's write of this slot stays as it is;
 * every other one is marked unapplied, for `applyCurrentSlot(ctx, 'reconnected', true)`.
 */
export function settleAfterReconnect(ctx: AddonContext): void {
  const now = ctx.clock.now();
  const local = localSlotAt(now, ctx.state.timezone);
  const slot = { ...local, startMs: slotStartMs(now, ctx.state.timezone), nowMs: now };
  for (const appliance of ctx.state.appliances) {
    const entity = ctx.ha.entity(appliance.entities.entity_id);
    if (!entity || !isDriven(appliance)) continue;
    const c = controlOf(ctx.state, appliance.id);
    if (c.overrideSlotKey === slot.key) continue;
    const outcome = outcomeFor(ctx, appliance, entity, slot);
    const base = { appliance_id: appliance.id, appliance: appliance.name, type: appliance.type, entity_id: entity.entity_id, slot: slot.index, outcome };
    if (outcome === 'person') {
      c.overrideSlotKey = slot.key;
      c.guardActive = false;
      ctx.state.stats.overrides++;
      ctx.log.info('manual change detected; left alone until the next slot', {
        ...base,
        reason: 'reconnected',
        changed: entity.last_updated,
        user_id: entity.context.user_id,
      });
    } else if (outcome === 'apply') {
      // Applied again, and no override check on the way: the entity's state predates our next write.
      c.slotKey = null;
      c.expect = null;
    }
    ctx.log.info('settled after reconnecting to Home Assistant', base);
  }
}

function outcomeFor(
  ctx: AddonContext,
  appliance: HubAppliance,
  entity: HassEntity,
  slot: { index: number; key: string; startMs: number; nowMs: number },
): ReconnectOutcome {
  const c = controlOf(ctx.state, appliance.id);
  const inSlot = c.slotKey === slot.key;
  const entry = ctx.state.view?.appliances.find((e) => e.appliance_id === appliance.id);
  // A battery's charge slot is held at its level as this hub last decided (the SOC is read again when it is applied).
  const planned =
    entry && Object.keys(entry.schedule).length > 0
      ? decideSlot(appliance, entry.schedule, slot.index, entity, ctx.ha.temperatureUnit, c.lastOn, c.level?.slotKey === slot.key && c.level.reached)
      : null;
  const changedMs = Date.parse(entity.last_updated || entity.last_changed);
  return reconnectOutcome({
    // Without an expectation (robots, buttons) the slot's command is all there is to check.
    showsOwnWrite: inSlot && (c.expect === null || (c.expect.entityId === entity.entity_id && meetsExpectation(entity, c.expect.value))),
    showsPlan: planned !== null && 'action' in planned && planned.action.call === null,
    isOwnContext: ctx.ha.isOwnChange(entity) || entity.context.id === c.expect?.baselineContext,
    hasUser: Boolean(entity.context.user_id),
    changedMs: Number.isFinite(changedMs) ? changedMs : null,
    slotStartMs: slot.startMs,
    writtenInSlotMs: inSlot ? (c.expect?.sinceMs ?? null) : null,
    reconnectedMs: slot.nowMs,
  });
}
