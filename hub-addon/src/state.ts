// What the running add-on knows, shared by its features (one object, plain data).
import type { Appliance, Profile, SchedulesView } from '@offpeak/cloud/contract';
import type { HubAppliance } from './appliances.js';
import { CONNECTING, type Links } from './link-status.js';
import type { Expectation } from './plan-actions.js';

/** Per appliance: what this hub commanded in the current slot and whether a person took over. */
export interface ControlState {
  /** The slot (local date + index) the command belongs to. */
  slotKey: string | null;
  /**
   * What the entity should show, its context id when we commanded (a change by us arrives later),
   * and when we commanded or found it already there (clock ms).
   */
  expect: { entityId: string; value: Expectation; baselineContext: string | null; sinceMs: number } | null;
  /** HVAC: setpoint commanded / planned, F. */
  commandedF?: number;
  roomTargetF?: number;
  /** Last on/off commanded (button entities toggle). */
  lastOn: boolean | null;
  /** A person changed the entity in this slot: leave it alone until the next one. */
  overrideSlotKey: string | null;
  /** The comfort guard commanded this slot (cloud unreachable, house outside its band). */
  guardActive: boolean;
  /** A home battery's charge or export slot: whether it reached its planned level (battery-level.ts), and in which slot. */
  level: { slotKey: string; reached: boolean } | null;
}

export interface AddonState {
  /** The options still to set (config.ts missingOptions): while any is, the add-on neither reads nor applies, and says so. */
  missingOptions: string[];
  profile: Profile | null;
  timezone: string;
  rawAppliances: Appliance[];
  appliances: HubAppliance[];
  view: SchedulesView | null;
  updatedAt: string | null;
  /** Home Assistant and the cloud: working, or what fails and what to change (link-status.ts). */
  links: Links;
  /** Per appliance: its last reading, in words, and when it was taken (clock ms). */
  lastReadings: Map<string, { atMs: number; text: string }>;
  control: Map<string, ControlState>;
  missingEntities: Set<string>;
  /** Batteries whose hold gap (battery-slots.ts holdGap) was logged since the start. */
  holdGapsLogged: Set<string>;
  /** Batteries whose level gap (battery-level.ts levelGap: no SOC sensor) was logged since the start. */
  levelGapsLogged: Set<string>;
  nextApplyMs: number | null;
  /** When the next readings push is due (clock ms). */
  nextPushMs: number | null;
  lastWeatherPushDate: string | null;
  stats: {
    readingsSent: number;
    readingsQueued: number;
    /** Slot boundaries handled. */
    boundaries: number;
    applied: number;
    overrides: number;
    guardCommands: number;
    schedulePulls: number;
    weatherPushes: number;
    cycles: number;
  };
}

export function initialState(): AddonState {
  return {
    missingOptions: [],
    profile: null,
    timezone: 'UTC',
    rawAppliances: [],
    appliances: [],
    view: null,
    updatedAt: null,
    links: { ha: CONNECTING, cloud: CONNECTING },
    lastReadings: new Map(),
    control: new Map(),
    missingEntities: new Set(),
    holdGapsLogged: new Set(),
    levelGapsLogged: new Set(),
    nextApplyMs: null,
    nextPushMs: null,
    lastWeatherPushDate: null,
    stats: { readingsSent: 0, readingsQueued: 0, boundaries: 0, applied: 0, overrides: 0, guardCommands: 0, schedulePulls: 0, weatherPushes: 0, cycles: 0 },
  };
}

/** The control record of an appliance, created on first use. */
export function controlOf(state: AddonState, applianceId: string): ControlState {
  let c = state.control.get(applianceId);
  if (!c) state.control.set(applianceId, (c = { slotKey: null, expect: null, lastOn: null, overrideSlotKey: null, guardActive: false, level: null }));
  return c;
}
