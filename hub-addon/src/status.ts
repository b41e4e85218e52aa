// The add-on's status, the one set of facts both views show: the status line every 5 minutes
// (statusLine) and the ingress panel (panel/page.ts). Built from the running add-on on demand.
import type { ApplianceType } from '@offpeak/cloud/contract';
import { entityUses, isOverridable, type HubAppliance } from './appliances.js';
import type { AddonConfig } from './config.js';
import type { AddonContext } from './context.js';
import { linkText, settingName, type LinkStatus } from './link-status.js';
import { localSlotAt } from './local-time.js';
import { drivesType, isDriven } from './plan-actions.js';
import { controlOf } from './state.js';
import { slotText } from './status-text.js';

/** Something the homeowner can fix: what is wrong and what to change. */
export interface Problem {
  reason: string;
  fix: string;
}

export interface ApplianceStatus {
  id: string;
  name: string;
  type: ApplianceType;
  /** The entity the add-on commands (or reads, for observed types). */
  entityId: string | null;
  /** Configured entities Home Assistant does not have. */
  problems: Problem[];
  lastReading: { at: string; text: string } | null;
  /** What the plan does with it in the current half hour, in words. */
  action: string;
}

export interface AddonStatus {
  /** When this status was taken (ISO). */
  at: string;
  version: string;
  /** The account's zone, the one the plan's half hours are in. */
  timezone: string;
  ha: LinkStatus;
  haVersion: string | null;
  cloud: LinkStatus;
  /** The dashboard: the cloud's address; null until cloud_url is set. */
  dashboardUrl: string | null;
  /** The options to set before the add-on reaches Offpeak (a first start), one line each. */
  missingOptions: string[];
  appliances: ApplianceStatus[];
  entitiesFound: number;
  entitiesMissing: string[];
  readingsSent: number;
  readingsQueued: number;
  commandsApplied: number;
  overrides: number;
  nextPushAt: string | null;
  nextHalfHourAt: string | null;
  scheduleDate: string | null;
  paused: boolean | null;
}

/** What to change when an appliance's entity (`role`: entity_id, soc_entity_id...) does not exist. */
export function missingEntityProblem(
  config: Pick<AddonConfig, 'ha' | 'cloudUrl' | 'appliances'>,
  appliance: HubAppliance,
  role: string,
  entityId: string,
): Problem {
  const index = appliance.override ? config.appliances.indexOf(appliance.override) : -1;
  const local = index >= 0 && appliance.override?.[role as keyof typeof appliance.override] !== undefined;
  const options = settingName(config, 'appliances', 'the options file (OFFPEAK_OPTIONS)');
  return {
    reason: `${role} ${entityId} of ${appliance.name} does not exist in Home Assistant`,
    fix: local
      ? `Change appliances[${index}].${role} in ${options} to an entity id Home Assistant has (Settings, Devices & services, Entities).`
      : `Change the ${role} of ${appliance.name} in Offpeak (the dashboard, Appliances) to an entity id Home Assistant has${isOverridable(role) ? `, or set it for this hub in ${options}` : ''}.`,
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function actionOf(ctx: AddonContext, a: HubAppliance, slot: { date: string; index: number; key: string }): string {
  const view = ctx.state.view;
  if (!a.isActive) return 'Not active in Offpeak';
  if (!drivesType(a.type)) return 'Observed only';
  if (!isDriven(a)) return 'Nothing to command: no control entity set';
  if (a.override?.enabled === false) return 'Not commanded: disabled in the add-on options';
  if (!view) return 'No plan yet';
  const entry = view.appliances.find((e) => e.appliance_id === a.id);
  if (!view.optimization_enabled || !entry?.optimization_enabled) return 'Paused in Offpeak';
  const c = controlOf(ctx.state, a.id);
  if (c.overrideSlotKey === slot.key) return 'Left alone until the next half hour: someone changed it by hand';
  const planned = slotText(a.type, entry.schedule, slot.index, ctx.ha.temperatureUnit) ?? 'No plan for this half hour yet';
  const guard = c.guardActive ? ' (comfort guard: back to the middle of the band while the cloud does not answer)' : '';
  return view.date === slot.date ? planned + guard : `${planned}, from the plan of ${view.date}${guard}`;
}

/** The status of the running add-on now. */
export function addonStatus(ctx: AddonContext): AddonStatus {
  const s = ctx.state;
  const slot = localSlotAt(ctx.clock.now(), s.timezone);
  const uses = ctx.ha.connected ? entityUses(s.appliances) : [];
  const missing = uses.filter((u) => s.missingEntities.has(u.entityId));
  return {
    at: new Date(ctx.clock.now()).toISOString(),
    version: ctx.version,
    timezone: s.timezone,
    ha: s.links.ha,
    haVersion: ctx.ha.haVersion,
    cloud: s.links.cloud,
    dashboardUrl: ctx.config.cloudUrl,
    missingOptions: s.missingOptions,
    appliances: s.appliances.map((a) => {
      const last = s.lastReadings.get(a.id);
      return {
        id: a.id,
        name: a.name,
        type: a.type,
        // A solar array has no control entity: the one it reads is its production sensor.
        entityId: a.entities.entity_id ?? a.entities.production_sensor_entity_id ?? null,
        problems: missing.filter((u) => u.appliance === a).map((u) => missingEntityProblem(ctx.config, a, u.role, u.entityId)),
        lastReading: last ? { at: new Date(last.atMs).toISOString(), text: last.text } : null,
        action: actionOf(ctx, a, slot),
      };
    }),
    entitiesFound: uses.filter((u) => ctx.ha.entity(u.entityId)).length,
    entitiesMissing: [...s.missingEntities],
    readingsSent: s.stats.readingsSent,
    readingsQueued: ctx.buffer.size,
    commandsApplied: s.stats.applied,
    overrides: s.stats.overrides,
    nextPushAt: iso(s.nextPushMs),
    nextHalfHourAt: iso(s.nextApplyMs),
    scheduleDate: s.view?.date ?? null,
    paused: s.view ? !s.view.optimization_enabled : null,
  };
}

/**
 * The status line's fields. `ha` and `cloud` read `ok`, `connecting`, `unreachable: <reason>` or
 * `refused: <reason>` (a cloud that answers but refuses is never `unreachable`).
 */
export function statusLine(status: AddonStatus): Record<string, unknown> {
  return {
    ha: linkText(status.ha),
    ha_version: status.haVersion,
    cloud: linkText(status.cloud),
    appliances: status.appliances.length,
    entities_found: status.entitiesFound,
    entities_missing: status.entitiesMissing,
    readings_sent: status.readingsSent,
    readings_queued: status.readingsQueued,
    commands_applied: status.commandsApplied,
    overrides: status.overrides,
    next_push: status.nextPushAt,
    next_apply: status.nextHalfHourAt,
    schedule_date: status.scheduleDate,
    paused: status.paused,
  };
}
