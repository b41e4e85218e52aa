// The satellite's brain, pure: apply(state, event, now) -> { state, effects }. No I/O and no clock;
// the runner (simulator.ts) feeds it events and carries out the effects (IR frames, cloud calls).
import { localSlotAt, sameSlot, type LocalSlot } from './local-time.js';
import { bandMidpoint, planFromSchedule, storePlan, type DayPlan } from './plan.js';
import type { ApplianceScheduleResponse, DeviceCommand, DeviceConfig, FanSpeed, HvacMode, StateReport, StateSource } from './wire.js';

/** What the unit is told: the content of one IR frame. */
export interface AcSettings {
  power: boolean;
  mode: HvacMode;
  target_temp_f: number;
  fan: FanSpeed;
}

/** A user's change of one field, kept until they change it again (`user`) or the next slot boundary. */
export interface FieldHold<V> {
  value: V;
  until: 'user' | 'slot';
  source: 'command' | 'override';
  /** When it was set, ms: the latest hold names the reported source. */
  at: number;
}

/** Holds by field; fields without one follow the plan. */
export type Holds = { [F in keyof AcSettings]?: FieldHold<AcSettings[F]> };

/** Mode and fan the plan runs under when its schedule has no per-slot mode or fan arrays. */
export interface StandingSettings {
  mode: 'COOL' | 'HEAT';
  fan: FanSpeed;
}

/** The last pulled config and when it arrived (its offsets are relative to that moment). */
export interface StoredConfig {
  body: DeviceConfig;
  fetchedAt: number;
}

/** What the unit was last told, who decided it, and the slot it was decided in. */
export interface Applied extends AcSettings {
  source: StateSource;
  slot: LocalSlot;
}

/** Everything the device knows. */
export interface DeviceState {
  config: StoredConfig | null;
  plans: DayPlan[];
  standing: StandingSettings;
  holds: Holds;
  applied: Applied | null;
  online: boolean;
  /**
   * Ids of the last control commands applied, newest last. The cloud hands a command over again
   * when its delivered mark did not commit (a crash between the answer and the commit): a repeat is
   * acknowledged again, never applied again over a change the user made since.
   */
  appliedCommands: number[];
}

/** What happens to the device. */
export type DeviceEvent =
  | { type: 'config_pulled'; config: DeviceConfig }
  | { type: 'schedule_pulled'; schedule: ApplianceScheduleResponse }
  | { type: 'slot_boundary' }
  | { type: 'command'; command: DeviceCommand }
  | { type: 'override'; settings: Partial<AcSettings>; hold?: boolean }
  | { type: 'cloud_unreachable' }
  | { type: 'cloud_reachable' };

/** What the runner must do. */
export type Effect =
  | { kind: 'transmit'; settings: AcSettings }
  /** `daily`: the report at local midnight, sent with the daily pulls (what is applied by then). */
  | { kind: 'report'; report: StateReport; daily?: true }
  /** `daily`: the refresh after local midnight, which the runner spreads (simulator.ts DAILY_PULL_SPREAD_MS). */
  | { kind: 'pull_config'; daily?: true }
  | { kind: 'pull_schedule'; daily?: true }
  | { kind: 'push_readings' };

/** Result of one step. */
export interface Step {
  state: DeviceState;
  effects: Effect[];
}

/**
 * Offsets are trusted this long past the later of the fetch and the known transition: the next
 * transition is unknown, and the shortest gap between two in real zones is about a month
 * (Morocco's Ramadan pause). Beyond it the local clock is unsure and the watchdog takes over.
 */
export const OFFSET_TRUST_MS = 28 * 24 * 3600_000;

/** How many applied command ids the device remembers to tell a repeat by. */
export const REMEMBERED_COMMANDS = 32;

/** A fresh device: no config, no plan, nothing applied. */
export function initialState(standing: StandingSettings = { mode: 'COOL', fan: 'auto' }): DeviceState {
  return { config: null, plans: [], standing, holds: {}, applied: null, online: true, appliedCommands: [] };
}

/** One step of the state machine. */
export function apply(state: DeviceState, event: DeviceEvent, now: number): Step {
  switch (event.type) {
    case 'config_pulled':
      return reconcile({ ...state, config: { body: event.config, fetchedAt: now } }, now);
    case 'schedule_pulled': {
      const plan = planFromSchedule(event.schedule);
      return reconcile(plan ? { ...state, plans: storePlan(state.plans, plan) } : state, now);
    }
    case 'slot_boundary':
      return reconcile(state, now);
    case 'command':
      return command(state, event.command, now);
    case 'override':
      return withUserChange(state, now, (s) => ({ ...s, holds: withHolds(s.holds, event.settings, event.hold ?? false, 'override', now) }));
    case 'cloud_unreachable':
      return { state: { ...state, online: false }, effects: [] };
    case 'cloud_reachable':
      // Back online: catch up on whatever changed meanwhile and send what was buffered.
      return state.online
        ? { state, effects: [] }
        : { state: { ...state, online: true }, effects: [{ kind: 'pull_config' }, { kind: 'pull_schedule' }, { kind: 'push_readings' }] };
  }
}

/** Whether the offsets can still be trusted at `now` (see OFFSET_TRUST_MS). */
export function clockTrusted(config: StoredConfig, now: number): boolean {
  const t = config.body.next_transition ? Date.parse(config.body.next_transition.at_utc) : 0;
  return now < Math.max(config.fetchedAt, t) + OFFSET_TRUST_MS;
}

/** The plan of a local date, if one was pulled. */
export function planFor(state: DeviceState, date: string): DayPlan | null {
  return state.plans.find((p) => p.date === date) ?? null;
}

function command(state: DeviceState, cmd: DeviceCommand, now: number): Step {
  if (cmd.payload.kind === 'schedule_updated') return { state, effects: [{ kind: 'pull_schedule' }] };
  const { mode, target_temp_f, power, fan, hold } = cmd.payload;
  const settings: Partial<AcSettings> = {};
  if (mode === 'COOL' || mode === 'HEAT' || mode === 'OFF') settings.mode = mode;
  if (typeof target_temp_f === 'number' && Number.isFinite(target_temp_f)) settings.target_temp_f = target_temp_f;
  if (typeof power === 'boolean') settings.power = power;
  if (fan === 'low' || fan === 'high' || fan === 'auto') settings.fan = fan;
  if (state.appliedCommands.includes(cmd.id)) return { state, effects: [acknowledgement(state, settings, cmd.id)] };
  const step = withUserChange(state, now, (s) => ({
    ...s,
    holds: withHolds(s.holds, settings, hold === true, 'command', now),
    appliedCommands: [...s.appliedCommands, cmd.id].slice(-REMEMBERED_COMMANDS),
  }));
  // Every control command is acknowledged, even one that changed nothing.
  const report = step.effects.find((e) => e.kind === 'report');
  if (report) report.report.command_id = cmd.id;
  else step.effects.push(acknowledgement(step.state, settings, cmd.id));
  return step;
}

/** A report acknowledging a command: what is applied, or before the first config what was asked (it applies with the config). */
function acknowledgement(state: DeviceState, asked: Partial<AcSettings>, id: number): Effect {
  return { kind: 'report', report: { ...(state.applied ? reportOf(state.applied) : { source: 'command', ...asked }), command_id: id } };
}

/**
 * Applies a user's change after first catching up with any slot boundary already passed, so a
 * change arriving just before the boundary timer fires is not taken for the previous slot's.
 */
function withUserChange(state: DeviceState, now: number, change: (s: DeviceState) => DeviceState): Step {
  const caught = reconcile(state, now);
  const step = reconcile(change(caught.state), now);
  const last = (kind: 'transmit' | 'report') => step.effects.find((e) => e.kind === kind) ?? caught.effects.find((e) => e.kind === kind);
  const pulls = caught.effects.filter((e) => e.kind !== 'transmit' && e.kind !== 'report');
  return { state: step.state, effects: [last('transmit'), last('report'), ...pulls].filter((e) => e !== undefined) };
}

function withHolds(holds: Holds, settings: Partial<AcSettings>, hold: boolean, source: 'command' | 'override', at: number): Holds {
  const next: Holds = { ...holds };
  const until = hold ? 'user' : 'slot';
  if (settings.power !== undefined) next.power = { value: settings.power, until, source, at };
  if (settings.mode !== undefined) next.mode = { value: settings.mode, until, source, at };
  if (settings.target_temp_f !== undefined) next.target_temp_f = { value: settings.target_temp_f, until, source, at };
  if (settings.fan !== undefined) next.fan = { value: settings.fan, until, source, at };
  return next;
}

function dropSlotHolds(holds: Holds): Holds {
  const next: Holds = {};
  if (holds.power?.until === 'user') next.power = holds.power;
  if (holds.mode?.until === 'user') next.mode = holds.mode;
  if (holds.target_temp_f?.until === 'user') next.target_temp_f = holds.target_temp_f;
  if (holds.fan?.until === 'user') next.fan = holds.fan;
  return next;
}

/** Why the plan's settings are what they are. */
type PlanBasis = 'plan' | 'no_plan' | 'clock_unsure';

function planned(state: DeviceState, config: StoredConfig, slot: LocalSlot, now: number): { settings: AcSettings; basis: PlanBasis } {
  const plan = planFor(state, slot.date);
  const basis: PlanBasis = !clockTrusted(config, now) ? 'clock_unsure' : plan ? 'plan' : 'no_plan';
  const fallback =
    bandMidpoint(config.body.comfort_band, slot.index) ?? state.applied?.target_temp_f ?? (config.body.setpoint_min_f + config.body.setpoint_max_f) / 2;
  const usePlan = basis === 'plan' && plan;
  return {
    basis,
    settings: {
      power: true,
      mode: (usePlan && plan.modes?.[slot.index]) || state.standing.mode,
      fan: (usePlan && plan.fans?.[slot.index]) || state.standing.fan,
      target_temp_f: usePlan ? plan.setpoints[slot.index]! : fallback,
    },
  };
}

/** Clamped to the claimed bounds, then to the half degree an IR frame carries. */
function clampTarget(t: number, config: DeviceConfig): number {
  return Math.round(Math.min(config.setpoint_max_f, Math.max(config.setpoint_min_f, t)) * 2) / 2;
}

function latestHoldSource(holds: Holds): 'command' | 'override' | null {
  const all = [holds.power, holds.mode, holds.target_temp_f, holds.fan].filter((h) => h !== undefined);
  return all.length ? all.reduce((a, b) => (b.at >= a.at ? b : a)).source : null;
}

const sameSettings = (a: AcSettings, b: AcSettings) => a.power === b.power && a.mode === b.mode && a.target_temp_f === b.target_temp_f && a.fan === b.fan;

/** The report of what is applied. */
export function reportOf(a: Applied): StateReport {
  return { source: a.source, mode: a.mode, target_temp_f: a.target_temp_f, fan: a.fan, power: a.power };
}

/** Recomputes what should be applied now; transmits at a new slot or on a change, reports on a change. */
function reconcile(state: DeviceState, now: number): Step {
  const config = state.config;
  if (!config) return { state, effects: [] };
  const prev = state.applied;
  const slot = localSlotAt(config.body, now);
  const crossed = !sameSlot(prev?.slot ?? null, slot);
  const holds = crossed ? dropSlotHolds(state.holds) : state.holds;
  const { settings: plan, basis } = planned(state, config, slot, now);
  const settings: AcSettings = {
    power: holds.power?.value ?? plan.power,
    mode: holds.mode?.value ?? plan.mode,
    fan: holds.fan?.value ?? plan.fan,
    target_temp_f: clampTarget(holds.target_temp_f?.value ?? plan.target_temp_f, config.body),
  };
  const source: StateSource = latestHoldSource(holds) ?? (basis === 'plan' ? 'schedule' : 'watchdog');
  const applied: Applied = { ...settings, source, slot };
  const effects: Effect[] = [];
  const changed = !prev || !sameSettings(prev, settings);
  // An IR device cannot read the unit back, so it re-asserts the settings at every slot.
  if (crossed || changed) effects.push({ kind: 'transmit', settings });
  const newDay = prev !== null && crossed && prev.slot.date !== slot.date;
  // After local midnight the report goes with the daily pulls, its own delay later (the runner).
  const daily = newDay ? ({ daily: true } as const) : {};
  if (changed || prev?.source !== source) effects.push({ kind: 'report', report: reportOf(applied), ...daily });
  if (prev && crossed) {
    // Daily refresh after local midnight; the config also after the offset switched, to learn the next transition.
    if (newDay || basis === 'no_plan') effects.push({ kind: 'pull_schedule', ...daily });
    if (newDay || prev.slot.offsetMinutes !== slot.offsetMinutes || basis === 'clock_unsure') effects.push({ kind: 'pull_config', ...daily });
  }
  return {
    state: { ...state, holds, applied },
    effects: state.online ? effects : effects.filter((e) => e.kind !== 'pull_config' && e.kind !== 'pull_schedule'),
  };
}

/** The part worth keeping across a restart: config, plans, the holds until the user and the applied command ids. */
export function durablePart(state: DeviceState): DurableDevice {
  return { config: state.config, plans: state.plans, holds: dropSlotHolds(state.holds), appliedCommands: state.appliedCommands };
}

/** What of the device's state survives a restart. */
export type DurableDevice = Pick<DeviceState, 'config' | 'plans' | 'holds' | 'appliedCommands'>;
