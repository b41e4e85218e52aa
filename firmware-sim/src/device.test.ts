import { describe, expect, it } from 'vitest';
import { apply, durablePart, initialState, OFFSET_TRUST_MS, REMEMBERED_COMMANDS, type DeviceEvent, type DeviceState, type Effect } from './device.js';
import { localSlotAt, nextBoundaryMs } from './local-time.js';
import type { ApplianceScheduleResponse, DeviceConfig, HvacScheduleBody } from './wire.js';

const ms = (iso: string) => Date.parse(iso);
const band = { high_temps_f: Array<number>(48).fill(76), low_temps_f: Array<number>(48).fill(70) };
const config = (over: Partial<DeviceConfig> = {}): DeviceConfig => ({
  timezone: 'America/New_York',
  utc_offset_minutes_now: -240,
  next_transition: null,
  setpoint_min_f: 61,
  setpoint_max_f: 86,
  comfort_band: band,
  reading_push_interval_s: 3600,
  capture_interval_s: 300,
  command_poll_wait_s: 50,
  ...over,
});
const ramp = Array.from({ length: 48 }, (_, i) => 62 + i * 0.5);
const schedule = (date: string, body: HvacScheduleBody = { setpoint_temps: ramp }): ApplianceScheduleResponse => ({
  appliance_id: 'a',
  appliance_type: 'hvac',
  name: 'AC',
  date,
  schedule: {
    intervals: [...Array(48).keys()],
    high_temps: band.high_temps_f,
    low_temps: band.low_temps_f,
    temp_trajectory: null,
    setpoint_temps: null,
    ...body,
  },
  savings_pct: 0,
  source: 'optimization',
});

/** Runs events in order at their instants, collecting every effect. */
function run(events: [string, DeviceEvent][], state: DeviceState = initialState()) {
  const effects: Effect[] = [];
  for (const [at, event] of events) {
    const step = apply(state, event, ms(at));
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}
const kinds = (effects: Effect[]) => effects.map((e) => e.kind);
const reports = (effects: Effect[]) => effects.flatMap((e) => (e.kind === 'report' ? [e.report] : []));

/** Local wall-clock slot of an instant in New York, by the time-zone database (to cross-check). */
function nySlot(at: number): { date: string; index: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, index: Number(parts.hour) * 2 + (Number(parts.minute) >= 30 ? 1 : 0) };
}

/** Every boundary of one local day: the slot applied, when, and the target sent. */
function walkDay(cfg: DeviceConfig, date: string, startIso: string) {
  let { state } = run([
    [startIso, { type: 'config_pulled', config: cfg }],
    [startIso, { type: 'schedule_pulled', schedule: schedule(date) }],
  ]);
  const applied: { index: number; at: string; target: number; transmitted: boolean }[] = [];
  let now = ms(startIso);
  for (;;) {
    now = nextBoundaryMs(state.config!.body, now);
    const step = apply(state, { type: 'slot_boundary' }, now);
    state = step.state;
    const a = state.applied!;
    if (a.slot.date !== date) break;
    expect(nySlot(now)).toEqual({ date, index: a.slot.index });
    applied.push({
      index: a.slot.index,
      at: new Date(now).toISOString(),
      target: a.target_temp_f,
      transmitted: step.effects.some((e) => e.kind === 'transmit'),
    });
  }
  return applied;
}

describe('slot boundaries from offsets alone (America/New_York)', () => {
  it('applies every slot once on an ordinary day', () => {
    const day = walkDay(config(), '2026-07-01', '2026-07-01T03:59:00Z');
    expect(day.map((d) => d.index)).toEqual([...Array(48).keys()]);
    expect(day[0]!.at).toBe('2026-07-01T04:00:00.000Z');
    expect(day.every((d) => d.transmitted && d.target === ramp[d.index])).toBe(true);
  });

  it('skips slots 4 and 5 on the spring-forward day and applies the right setpoint at each of the 46 boundaries', () => {
    const cfg = config({ utc_offset_minutes_now: -300, next_transition: { at_utc: '2026-03-08T07:00:00Z', utc_offset_minutes_after: -240 } });
    const day = walkDay(cfg, '2026-03-08', '2026-03-08T04:59:00Z');
    expect(day.map((d) => d.index)).toEqual([0, 1, 2, 3, ...Array.from({ length: 42 }, (_, i) => i + 6)]);
    expect(day.slice(0, 6).map((d) => d.at)).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-08T05:30:00.000Z',
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    expect(day.at(-1)!.at).toBe('2026-03-09T03:30:00.000Z');
    expect(day.every((d) => d.transmitted && d.target === ramp[d.index])).toBe(true);
  });

  it('repeats slots 2 and 3 on the fall-back day and applies the right setpoint at each of the 50 boundaries', () => {
    const cfg = config({ utc_offset_minutes_now: -240, next_transition: { at_utc: '2026-11-01T06:00:00Z', utc_offset_minutes_after: -300 } });
    const day = walkDay(cfg, '2026-11-01', '2026-11-01T03:59:00Z');
    expect(day.map((d) => d.index)).toEqual([0, 1, 2, 3, 2, 3, ...Array.from({ length: 44 }, (_, i) => i + 4)]);
    expect(day.slice(2, 7).map((d) => d.at)).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T06:30:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
    expect(day.at(-1)!.at).toBe('2026-11-02T04:30:00.000Z');
    expect(day.every((d) => d.transmitted && d.target === ramp[d.index])).toBe(true);
  });

  it('asks for a fresh config once the offset has switched, and for config and schedule after local midnight', () => {
    const cfg = config({ utc_offset_minutes_now: -300, next_transition: { at_utc: '2026-03-08T07:00:00Z', utc_offset_minutes_after: -240 } });
    const { effects: atSwitch } = run([
      ['2026-03-08T06:45:00Z', { type: 'config_pulled', config: cfg }],
      ['2026-03-08T06:45:00Z', { type: 'schedule_pulled', schedule: schedule('2026-03-08') }],
      ['2026-03-08T07:00:00Z', { type: 'slot_boundary' }],
    ]);
    expect(kinds(atSwitch).filter((k) => k.startsWith('pull'))).toEqual(['pull_config']);
    const { effects: atMidnight } = run([
      ['2026-07-01T03:45:00Z', { type: 'config_pulled', config: config() }],
      ['2026-07-01T03:45:00Z', { type: 'schedule_pulled', schedule: schedule('2026-06-30') }],
      ['2026-07-01T04:00:00Z', { type: 'slot_boundary' }],
    ]);
    expect(
      kinds(atMidnight)
        .filter((k) => k.startsWith('pull'))
        .sort(),
    ).toEqual(['pull_config', 'pull_schedule']);
  });
});

describe('plan and watchdog', () => {
  const start = (body?: HvacScheduleBody, date = '2026-07-01') =>
    run([
      ['2026-07-01T16:10:00Z', { type: 'config_pulled', config: config() }],
      ['2026-07-01T16:10:00Z', { type: 'schedule_pulled', schedule: schedule(date, body) }],
    ]);

  it('applies the slot of the plan, reports source schedule and transmits', () => {
    const { state, effects } = start();
    expect(state.applied).toMatchObject({
      power: true,
      mode: 'COOL',
      fan: 'auto',
      target_temp_f: ramp[24],
      source: 'schedule',
      slot: { date: '2026-07-01', index: 24 },
    });
    expect(kinds(effects)).toContain('transmit');
    expect(reports(effects).at(-1)).toEqual({ source: 'schedule', mode: 'COOL', target_temp_f: ramp[24], fan: 'auto', power: true });
  });

  it('uses the midpoint of high and low when setpoint_temps is null', () => {
    const { state } = start({ setpoint_temps: null, high_temps: Array(48).fill(78), low_temps: Array(48).fill(71) });
    expect(state.applied).toMatchObject({ target_temp_f: 74.5, source: 'schedule' });
  });

  it('applies per-slot mode and fan arrays when the schedule carries them', () => {
    const { state } = start({ setpoint_temps: ramp, mode_schedule: Array(48).fill('HEAT'), fan_schedule: Array(48).fill('low') });
    expect(state.applied).toMatchObject({ mode: 'HEAT', fan: 'low', source: 'schedule' });
  });

  it('clamps plan setpoints to the claimed bounds and rounds to the half degree a frame carries', () => {
    const wild = Array.from({ length: 48 }, (_, i) => (i === 24 ? 95 : i === 25 ? 50 : 72.26));
    let { state } = run([
      ['2026-07-01T16:10:00Z', { type: 'config_pulled', config: config({ setpoint_min_f: 65, setpoint_max_f: 80 }) }],
      ['2026-07-01T16:10:00Z', { type: 'schedule_pulled', schedule: schedule('2026-07-01', { setpoint_temps: wild }) }],
    ]);
    expect(state.applied!.target_temp_f).toBe(80);
    state = apply(state, { type: 'slot_boundary' }, ms('2026-07-01T16:30:00Z')).state;
    expect(state.applied!.target_temp_f).toBe(65);
    state = apply(state, { type: 'slot_boundary' }, ms('2026-07-01T17:00:00Z')).state;
    expect(state.applied!.target_temp_f).toBe(72.5);
  });

  it('falls back to the comfort band midpoint as watchdog with no plan for the day, and asks again every slot', () => {
    const { state, effects } = start(undefined, '2026-06-30');
    expect(state.applied).toMatchObject({ target_temp_f: 73, source: 'watchdog' });
    expect(reports(effects).at(-1)!.source).toBe('watchdog');
    const next = apply(state, { type: 'slot_boundary' }, ms('2026-07-01T16:30:00Z'));
    expect(kinds(next.effects)).toContain('pull_schedule');
    const fixed = apply(next.state, { type: 'schedule_pulled', schedule: schedule('2026-07-01') }, ms('2026-07-01T16:31:00Z'));
    expect(fixed.state.applied).toMatchObject({ target_temp_f: ramp[25], source: 'schedule' });
  });

  it('treats an empty or malformed schedule as no plan', () => {
    expect(start({ setpoint_temps: [72, 73] }).state.applied!.source).toBe('watchdog');
    const empty = { ...schedule('2026-07-01'), schedule: {}, source: 'defaults' as const };
    const { state } = run([
      ['2026-07-01T16:10:00Z', { type: 'config_pulled', config: config() }],
      ['2026-07-01T16:10:00Z', { type: 'schedule_pulled', schedule: empty }],
    ]);
    expect(state.applied!.source).toBe('watchdog');
  });

  it('hands over to the watchdog when the offsets are too old to trust, and asks for a config', () => {
    const { state } = start();
    const trustEnd = ms('2026-07-01T16:10:00Z') + OFFSET_TRUST_MS;
    const at = nextBoundaryMs(config(), trustEnd);
    // A plan for that far-off day, pulled just before, so only the clock is in doubt.
    const date = localSlotAt(config(), at).date;
    const withPlan = apply(state, { type: 'schedule_pulled', schedule: schedule(date) }, trustEnd - 1).state;
    expect(withPlan.applied!.source).toBe('schedule');
    const step = apply(withPlan, { type: 'slot_boundary' }, at);
    expect(step.state.applied!.source).toBe('watchdog');
    expect(kinds(step.effects)).toContain('pull_config');
  });

  it('does nothing before it has a config', () => {
    const step = apply(initialState(), { type: 'schedule_pulled', schedule: schedule('2026-07-01') }, ms('2026-07-01T16:10:00Z'));
    expect(step.effects).toEqual([]);
    expect(step.state.applied).toBeNull();
    expect(step.state.plans.map((p) => p.date)).toEqual(['2026-07-01']);
  });

  it('keeps at most three plans, the latest dates', () => {
    let state = initialState();
    for (const d of ['2026-07-01', '2026-07-03', '2026-07-02', '2026-06-30']) state = apply(state, { type: 'schedule_pulled', schedule: schedule(d) }, 0).state;
    expect(state.plans.map((p) => p.date)).toEqual(['2026-07-01', '2026-07-02', '2026-07-03']);
  });
});

describe('commands and overrides', () => {
  const base = () =>
    run([
      ['2026-07-01T16:10:00Z', { type: 'config_pulled', config: config() }],
      ['2026-07-01T16:10:00Z', { type: 'schedule_pulled', schedule: schedule('2026-07-01') }],
    ]).state;
  const control = (id: number, payload: object): DeviceEvent => ({
    type: 'command',
    command: { id, created_at: '2026-07-01T16:12:00Z', payload: { kind: 'control', hold: false, ...payload } },
  });

  it('applies a control command, reports source command and acknowledges it', () => {
    const step = apply(base(), control(7, { target_temp_f: 70, fan: 'high' }), ms('2026-07-01T16:12:00Z'));
    expect(step.state.applied).toMatchObject({ target_temp_f: 70, fan: 'high', mode: 'COOL', source: 'command' });
    expect(kinds(step.effects)).toEqual(['transmit', 'report']);
    expect(reports(step.effects)[0]).toMatchObject({ command_id: 7, source: 'command', target_temp_f: 70 });
  });

  it('holds with hold false only until the next slot boundary', () => {
    let state = apply(base(), control(1, { target_temp_f: 70 }), ms('2026-07-01T16:12:00Z')).state;
    state = apply(state, { type: 'slot_boundary' }, ms('2026-07-01T16:20:00Z')).state;
    expect(state.applied).toMatchObject({ target_temp_f: 70, source: 'command' });
    const step = apply(state, { type: 'slot_boundary' }, ms('2026-07-01T16:30:00Z'));
    expect(step.state.applied).toMatchObject({ target_temp_f: ramp[25], source: 'schedule' });
    expect(reports(step.effects)).toEqual([{ source: 'schedule', mode: 'COOL', target_temp_f: ramp[25], fan: 'auto', power: true }]);
  });

  it('holds with hold true across boundaries until the user changes it, pinning only the fields sent', () => {
    let state = apply(base(), control(1, { mode: 'HEAT', target_temp_f: 68, hold: true }), ms('2026-07-01T16:12:00Z')).state;
    for (const at of ['2026-07-01T16:30:00Z', '2026-07-01T17:00:00Z', '2026-07-02T04:00:00Z']) {
      state = apply(state, { type: 'slot_boundary' }, ms(at)).state;
      expect(state.applied).toMatchObject({ mode: 'HEAT', target_temp_f: 68, fan: 'auto', source: 'command' });
    }
    // The user changes the target for this slot only: the held mode stays, the target returns to the plan after.
    state = apply(state, control(2, { target_temp_f: 66 }), ms('2026-07-02T04:10:00Z')).state;
    expect(state.applied).toMatchObject({ mode: 'HEAT', target_temp_f: 66 });
    state = apply(state, { type: 'schedule_pulled', schedule: schedule('2026-07-02') }, ms('2026-07-02T04:11:00Z')).state;
    state = apply(state, { type: 'slot_boundary' }, ms('2026-07-02T04:30:00Z')).state;
    expect(state.applied).toMatchObject({ mode: 'HEAT', target_temp_f: ramp[1], source: 'command' });
    // An override at the unit replaces the held mode with its own, for the slot.
    state = apply(state, { type: 'override', settings: { mode: 'COOL' } }, ms('2026-07-02T04:40:00Z')).state;
    expect(state.applied).toMatchObject({ mode: 'COOL', source: 'override' });
    state = apply(state, { type: 'slot_boundary' }, ms('2026-07-02T05:00:00Z')).state;
    expect(state.applied).toMatchObject({ mode: 'COOL', target_temp_f: ramp[2], source: 'schedule' });
    expect(state.holds).toEqual({});
  });

  it('turns the unit off with power false and back on at the next slot', () => {
    let state = apply(base(), control(3, { power: false }), ms('2026-07-01T16:12:00Z')).state;
    expect(state.applied).toMatchObject({ power: false, source: 'command' });
    state = apply(state, { type: 'slot_boundary' }, ms('2026-07-01T16:30:00Z')).state;
    expect(state.applied).toMatchObject({ power: true, source: 'schedule' });
  });

  it('clamps a commanded target to the claimed bounds', () => {
    const step = apply(base(), control(4, { target_temp_f: 99 }), ms('2026-07-01T16:12:00Z'));
    expect(step.state.applied!.target_temp_f).toBe(86);
    expect(apply(base(), control(5, { target_temp_f: 40 }), ms('2026-07-01T16:12:00Z')).state.applied!.target_temp_f).toBe(61);
  });

  it('acknowledges a command that changes nothing', () => {
    const step = apply(base(), control(8, { target_temp_f: ramp[24] }), ms('2026-07-01T16:12:00Z'));
    expect(kinds(step.effects)).toEqual(['report']);
    expect(reports(step.effects)[0]).toMatchObject({ command_id: 8, source: 'command' });
  });

  it('acknowledges a command handed over again without applying it over a later change', () => {
    let state = apply(base(), control(12, { target_temp_f: 70, hold: true }), ms('2026-07-01T16:12:00Z')).state;
    state = apply(state, { type: 'override', settings: { target_temp_f: 74 } }, ms('2026-07-01T16:14:00Z')).state;
    const repeat = apply(state, control(12, { target_temp_f: 70, hold: true }), ms('2026-07-01T16:15:00Z'));
    expect(repeat.state).toEqual(state);
    expect(kinds(repeat.effects)).toEqual(['report']);
    expect(reports(repeat.effects)[0]).toMatchObject({ command_id: 12, source: 'override', target_temp_f: 74 });
    expect(durablePart(repeat.state).appliedCommands).toEqual([12]);
  });

  it('remembers the last REMEMBERED_COMMANDS command ids', () => {
    let state = base();
    for (let id = 1; id <= REMEMBERED_COMMANDS + 5; id++)
      state = apply(state, control(id, { target_temp_f: 60 + (id % 10) }), ms('2026-07-01T16:12:00Z')).state;
    expect(state.appliedCommands).toEqual(Array.from({ length: REMEMBERED_COMMANDS }, (_, i) => i + 6));
    // A forgotten id is a new command again.
    expect(apply(state, control(1, { target_temp_f: 72 }), ms('2026-07-01T16:13:00Z')).state.applied).toMatchObject({ target_temp_f: 72, source: 'command' });
  });

  it('keeps a command that arrives after a boundary the timer has not fired yet', () => {
    const step = apply(base(), control(9, { target_temp_f: 69 }), ms('2026-07-01T16:30:01Z'));
    expect(step.state.applied).toMatchObject({ target_temp_f: 69, source: 'command', slot: { index: 25 } });
    expect(kinds(step.effects)).toEqual(['transmit', 'report']);
  });

  it('acknowledges a command that arrives before the first config, and applies it once the config is there', () => {
    const early = apply(initialState(), control(11, { target_temp_f: 69, hold: true }), ms('2026-07-01T16:12:00Z'));
    expect(early.effects).toEqual([{ kind: 'report', report: { source: 'command', target_temp_f: 69, command_id: 11 } }]);
    const later = apply(early.state, { type: 'config_pulled', config: config() }, ms('2026-07-01T16:13:00Z'));
    expect(later.state.applied).toMatchObject({ target_temp_f: 69, source: 'command' });
    expect(kinds(later.effects)).toEqual(['transmit', 'report']);
  });

  it('re-pulls the schedule on schedule_updated without acknowledging it', () => {
    const step = apply(base(), { type: 'command', command: { id: 10, created_at: '', payload: { kind: 'schedule_updated' } } }, ms('2026-07-01T16:12:00Z'));
    expect(step.effects).toEqual([{ kind: 'pull_schedule' }]);
  });

  it('reports a user override at the unit as override', () => {
    const step = apply(base(), { type: 'override', settings: { target_temp_f: 71 } }, ms('2026-07-01T16:12:00Z'));
    expect(step.state.applied).toMatchObject({ target_temp_f: 71, source: 'override' });
    expect(reports(step.effects)[0]!.source).toBe('override');
  });
});

describe('cloud reachability', () => {
  it('keeps applying the plan offline, holds back pulls, and catches up when the cloud is back', () => {
    let { state } = run([
      ['2026-07-01T16:10:00Z', { type: 'config_pulled', config: config() }],
      ['2026-07-01T16:10:00Z', { type: 'schedule_pulled', schedule: schedule('2026-07-01') }],
      ['2026-07-01T16:11:00Z', { type: 'cloud_unreachable' }],
    ]);
    expect(state.online).toBe(false);
    const offline = apply(state, { type: 'slot_boundary' }, ms('2026-07-02T04:00:00Z'));
    expect(offline.state.applied).toMatchObject({ source: 'watchdog', slot: { date: '2026-07-02', index: 0 } });
    expect(kinds(offline.effects)).toEqual(['transmit', 'report']);
    state = apply(offline.state, { type: 'slot_boundary' }, ms('2026-07-01T23:59:00Z')).state;
    const back = apply(state, { type: 'cloud_reachable' }, ms('2026-07-02T04:05:00Z'));
    expect(back.state.online).toBe(true);
    expect(kinds(back.effects)).toEqual(['pull_config', 'pull_schedule', 'push_readings']);
    expect(apply(back.state, { type: 'cloud_reachable' }, ms('2026-07-02T04:06:00Z')).effects).toEqual([]);
  });
});
