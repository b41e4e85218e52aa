// history/history_during_period: the recorder keeps every written state; the command answers as
// Core does (compressed rows, start-time state, minimal response, its errors), over the real client.
import { afterEach, describe, expect, it } from 'vitest';
import type { Connection } from 'home-assistant-js-websocket';
import { startHaSim, type HaSimHandle } from '../../src/ha-sim/index.js';
import { connectHaws, startFixtureSim, TOKEN } from './helpers.js';

const T0 = Date.parse('2026-01-15T00:00:00Z');
const MIN = 60_000;
let ha: HaSimHandle | undefined;
let conn: Connection | undefined;

afterEach(async () => {
  conn?.close();
  await ha?.stop();
  conn = undefined;
  ha = undefined;
});

const history = (c: Connection, fields: Record<string, unknown>) =>
  c.sendMessagePromise<Record<string, Record<string, unknown>[]>>({ type: 'history/history_during_period', ...fields });
const iso = (ms: number) => new Date(ms).toISOString();

describe('history/history_during_period', () => {
  it('records the simulated house power sensor as the clock moves and answers a minimal response', async () => {
    ha = await startHaSim({ house: {}, token: TOKEN, clock: () => T0 });
    conn = await connectHaws(ha.url);
    const seen: { at: number; state: string }[] = [];
    for (let i = 0; i < 120; i++) {
      ha.advance(MIN);
      seen.push({ at: ha.now(), state: ha.getState('sensor.household_power')!.state });
    }
    // Mid-minute bounds: the house writes on the minute (several writes in one ms differ by a microsecond).
    const start = T0 + 30 * MIN - 30_000;
    const end = T0 + 90 * MIN - 30_000;
    const result = await history(conn, {
      start_time: iso(start),
      end_time: iso(end),
      entity_ids: ['sensor.household_power'],
      minimal_response: true,
      no_attributes: true,
    });
    expect(Object.keys(result)).toEqual(['sensor.household_power']);
    const rows = result['sensor.household_power']!;
    // The state at the start time, as of the start time, without attributes.
    expect(rows[0]).toEqual({ s: seen.findLast((p) => p.at <= start)!.state, lu: start / 1000 });
    // Then one {s, lu} per change of the state, inside the period, in time order.
    const changes = seen.filter((p, i) => p.at > start && p.at < end && p.state !== seen[i - 1]?.state);
    expect(rows.slice(1).map((r) => ({ s: r.s, at: Math.round((r.lu as number) * 1000) }))).toEqual(changes.map((p) => ({ s: p.state, at: p.at })));
    expect(rows.length).toBeGreaterThan(30);
  });

  it('serves seeded history: full rows with attributes, last_changed, significant changes only by default', async () => {
    ha = await startFixtureSim({ clock: () => T0 });
    conn = await connectHaws(ha.url);
    const id = 'sensor.living_room_temperature';
    ha.seedHistory(id, [
      { at: T0 - 60 * MIN, state: '20.5', attributes: { unit_of_measurement: '°C' } },
      { at: T0 - 40 * MIN, state: '20.5', attributes: { unit_of_measurement: '°C', note: 'attribute only' } },
      { at: T0 - 20 * MIN, state: '21.0', attributes: { unit_of_measurement: '°C' } },
    ]);
    const all = await history(conn, { start_time: iso(T0 - 50 * MIN), end_time: iso(T0 - MIN), entity_ids: [id], significant_changes_only: false });
    expect(all[id]).toEqual([
      { s: '20.5', a: { unit_of_measurement: '°C' }, lu: (T0 - 50 * MIN) / 1000 },
      { s: '20.5', a: { unit_of_measurement: '°C', note: 'attribute only' }, lu: (T0 - 40 * MIN) / 1000, lc: (T0 - 60 * MIN) / 1000 },
      { s: '21.0', a: { unit_of_measurement: '°C' }, lu: (T0 - 20 * MIN) / 1000 },
    ]);
    const significant = await history(conn, { start_time: iso(T0 - 50 * MIN), end_time: iso(T0 - MIN), entity_ids: [id], include_start_time_state: false });
    expect(significant[id]).toEqual([{ s: '21.0', a: { unit_of_measurement: '°C' }, lu: (T0 - 20 * MIN) / 1000 }]);
    // Without an end time the current (fixture) state is included; unknown but valid ids are left out.
    const open = await history(conn, { start_time: iso(T0 - 30 * MIN), entity_ids: [id, 'sensor.nothing_here'], minimal_response: true, no_attributes: true });
    expect(Object.keys(open)).toEqual([id]);
    expect(open[id]!.map((r) => r.s)).toEqual(['20.5', '21.0', ha.getState(id)!.state]);
    // A naive time is in Home Assistant's time zone (America/Los_Angeles here, UTC-8 in January).
    const naive = await history(conn, {
      start_time: iso(T0 - 50 * MIN - 8 * 60 * MIN).slice(0, 19),
      end_time: iso(T0 - MIN),
      entity_ids: [id],
      significant_changes_only: false,
    });
    expect(naive).toEqual(all);
    // A start in the future answers {}.
    expect(await history(conn, { start_time: iso(T0 + 60 * MIN), entity_ids: [id] })).toEqual({});
  });

  it('refuses what Core refuses, with its codes and messages', async () => {
    ha = await startFixtureSim({ clock: () => T0 });
    conn = await connectHaws(ha.url);
    const c = conn;
    const failure = (fields: Record<string, unknown>) =>
      history(c, fields).then(
        () => null,
        (e: unknown) => e,
      );
    expect(await failure({ entity_ids: ['sensor.x'] })).toEqual({
      code: 'invalid_format',
      message: "required key not provided @ data['start_time']. Got None",
    });
    expect(await failure({ start_time: iso(T0), entity_ids: 'sensor.x' })).toEqual({
      code: 'invalid_format',
      message: "expected list for dictionary value @ data['entity_ids']. Got 'sensor.x'",
    });
    expect(await failure({ start_time: 'yesterday', entity_ids: ['sensor.x'] })).toEqual({ code: 'invalid_start_time', message: 'Invalid start_time' });
    expect(await failure({ start_time: '2026-02-30T00:00:00Z', entity_ids: ['sensor.x'] })).toEqual({
      code: 'invalid_start_time',
      message: 'Invalid start_time',
    });
    expect(await failure({ start_time: iso(T0 - MIN), end_time: 'soon', entity_ids: ['sensor.x'] })).toEqual({
      code: 'invalid_end_time',
      message: 'Invalid end_time',
    });
    expect(await failure({ start_time: iso(T0 - MIN), entity_ids: ['Not An Entity'] })).toEqual({ code: 'invalid_entity_ids', message: 'Invalid entity_ids' });
  });
});
