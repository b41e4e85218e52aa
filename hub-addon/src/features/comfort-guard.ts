// The local comfort guard: while the cloud does not serve the add-on (unreachable, or refusing
// it), an HVAC house that has drifted outside the comfort band of its last known plan gets the
// band's midpoint as setpoint, so it never drifts further than the band allows. Readings report `override_active: true` while it commands. A
// person's override in the slot wins over the guard.
import type { AddonContext } from '../context.js';
import { describe } from '../ha.js';
import { localSlotAt } from '../local-time.js';
import { climateAction, hvacSlot } from '../plan-actions.js';
import { controlOf } from '../state.js';
import { toF } from '../units.js';

/** Checks every HVAC unit once; called each readings cycle. */
export async function runComfortGuard(ctx: AddonContext): Promise<void> {
  if (ctx.state.links.cloud.state === 'ok' || !ctx.state.view?.optimization_enabled) return;
  const slot = localSlotAt(ctx.clock.now(), ctx.state.timezone);
  const { key } = slot;
  for (const appliance of ctx.state.appliances) {
    if (appliance.type !== 'hvac' || appliance.override?.enabled === false) continue;
    const entry = ctx.state.view.appliances.find((e) => e.appliance_id === appliance.id);
    const c = controlOf(ctx.state, appliance.id);
    if (!entry?.optimization_enabled || c.overrideSlotKey === key) continue;
    const band = hvacSlot(entry.schedule, slot.index);
    const entity = ctx.ha.entity(appliance.entities.entity_id);
    if (!band || !entity || typeof entity.attributes.current_temperature !== 'number') continue;
    const indoorF = toF(entity.attributes.current_temperature, ctx.ha.temperatureUnit);
    if (indoorF >= band.lowF && indoorF <= band.highF) continue;
    const midF = (band.lowF + band.highF) / 2;
    const action = climateAction(
      entity,
      ctx.ha.temperatureUnit,
      midF,
      band,
      `indoor ${indoorF.toFixed(1)} F outside the band ${band.lowF}-${band.highF} F while the cloud is unreachable`,
    );
    if (!action.call) continue;
    try {
      c.expect = null;
      await ctx.ha.call(action.call.domain, action.call.service, action.entityId, action.call.data);
      ctx.state.stats.guardCommands++;
      c.guardActive = true;
      c.slotKey = key;
      c.expect = action.expect
        ? { entityId: action.entityId, value: action.expect, baselineContext: ctx.ha.entity(action.entityId)?.context.id ?? null, sinceMs: ctx.clock.now() }
        : null;
      c.commandedF = midF;
      ctx.log.warn('comfort guard applied', {
        appliance_id: appliance.id,
        appliance: appliance.name,
        entity_id: action.entityId,
        data: action.call.data,
        why: action.why,
      });
    } catch (e) {
      ctx.log.warn('comfort guard command refused', { appliance_id: appliance.id, error: describe(e) });
    }
  }
}
