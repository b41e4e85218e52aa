// A home battery's charge or export slot stops at its planned level (battery-level.ts): the SOC sensor is
// followed through the Home Assistant link's entity subscription (the same subscribe_entities that
// carries every state, no polling), and when it crosses the level the slot is applied again, which
// then selects hold (hold_option, else the idle option) or, fallen well below it, charge.
import type { HubAppliance } from '../appliances.js';
import { capacityOf, levelReached, plannedLevelPct, socPct } from '../battery-level.js';
import { batterySlotMode } from '../battery-slots.js';
import type { AddonContext, Stop } from '../context.js';
import { localSlotAt } from '../local-time.js';
import { controlOf } from '../state.js';

/** Where a battery's charge slot stands: the SOC and the planned level (%), and whether it is reached. */
export interface ChargeLevel {
  reached: boolean;
  socPct: number | null;
  levelPct: number | null;
}

/** The charge level of `appliance` in `slot` now; null unless it is a battery with a SOC sensor in a charge or export slot. */
export function chargeLevelNow(
  ctx: AddonContext,
  appliance: HubAppliance,
  schedule: Record<string, unknown>,
  slot: { index: number; key: string },
): ChargeLevel | null {
  const socId = appliance.entities.soc_entity_id;
  const mode = appliance.type === 'home_battery' ? batterySlotMode(schedule, slot.index) : null;
  if (!socId || (mode !== 'charge' && mode !== 'export')) return null;
  const capacity = capacityOf(appliance);
  const soc = socPct(ctx.ha.entity(socId), capacity);
  const level = plannedLevelPct(schedule, slot.index, capacity);
  const c = controlOf(ctx.state, appliance.id);
  const wasReached = c.level?.slotKey === slot.key && c.level.reached;
  return { reached: levelReached(soc, level, wasReached, mode === 'export'), socPct: soc, levelPct: level };
}

/**
 * Watches the SOC of every battery whose charge slot this hub applied (not one a person took over)
 * and calls `apply` for it when the level is reached or lost. Returns the unsubscribe.
 */
export function watchChargeLevels(ctx: AddonContext, apply: (appliance: HubAppliance, reason: string) => Promise<void>): Stop {
  const lastSoc = new Map<string, string | undefined>();
  const pending = new Set<string>();
  return ctx.ha.onEntities(() => {
    const view = ctx.state.view;
    if (!view?.optimization_enabled) return;
    let slot: ReturnType<typeof localSlotAt> | null = null;
    for (const appliance of ctx.state.appliances) {
      const socId = appliance.entities.soc_entity_id;
      if (appliance.type !== 'home_battery' || !socId || pending.has(appliance.id)) continue;
      const state = ctx.ha.entity(socId)?.state;
      if (lastSoc.has(appliance.id) && lastSoc.get(appliance.id) === state) continue;
      lastSoc.set(appliance.id, state);
      slot ??= localSlotAt(ctx.clock.now(), ctx.state.timezone);
      const c = controlOf(ctx.state, appliance.id);
      if (c.slotKey !== slot.key || c.overrideSlotKey === slot.key || c.level?.slotKey !== slot.key) continue;
      const entry = view.appliances.find((e) => e.appliance_id === appliance.id);
      const now = entry ? chargeLevelNow(ctx, appliance, entry.schedule, slot) : null;
      if (!now || now.reached === c.level.reached) continue;
      pending.add(appliance.id);
      const charging = batterySlotMode(entry!.schedule, slot.index) === 'charge';
      const reason = now.reached ? 'planned level reached' : charging ? 'below the planned level' : 'above the planned level';
      ctx.tasks.run(() => ctx.commands.push(() => apply(appliance, reason)).finally(() => pending.delete(appliance.id)));
    }
  });
}
