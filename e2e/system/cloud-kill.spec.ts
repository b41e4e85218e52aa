// Fault: the cloud instance is SIGKILLed while the satellite is parked on a long-poll with commands
// in flight and the add-on is mid-cycle, then started again on the same port, database and clock.
// Counted: commands lost or delivered twice, readings lost or doubled, seconds to recover.
import { expect, test } from '@playwright/test';
import { commandRows, tallyCommands, tallyReadings } from './support/ledger.js';
import { MINUTE } from './support/sim-clock.js';
import { startWorld, type World } from './support/world.js';

const RATE = 60; // a real second is a simulated minute: the outage spans a few readings
const START = Date.parse('2026-11-18T15:00:00Z');
let w: World;
test.setTimeout(10 * 60_000);
test.afterAll(async () => {
  await w?.stop();
});

test('cloud SIGKILLed and restarted: 0 commands lost or doubled, 0 readings lost', async () => {
  // The satellite pushes its readings every 10 simulated minutes (as in the other fault tests), so
  // the count closes a few real seconds after recovery instead of waiting for an hourly push.
  w = await startWorld({ startMs: START, rate: RATE, setupRealMs: 20_000, env: { DEVICE_READING_PUSH_INTERVAL_S: '600' } });
  const { clock, account, cloud, homeA, homeB, ids } = w;
  const from = Math.ceil((clock.now() + 10 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
  await clock.until(from + 20 * MINUTE);
  await homeB.sim.waitFor((s) => s.online && s.phase === 'running', 30_000);

  const send = async (target: number) => {
    const r = await account.call('POST', `/api/v1/appliances/${ids.satellite}/command`, { target_temp_f: target, mode: 'COOL' });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    return r.body.command_id as number;
  };
  const sent: number[] = [];
  // Commands queued, and one posted the instant before the kill (it may be mid hand-over).
  for (const t of [70, 71]) sent.push(await send(t));
  // Refused by the dying instance: not accepted, so not counted.
  const lastBefore = send(72).then(
    (id) => void sent.push(id),
    () => {},
  );
  await new Promise((r) => setTimeout(r, 5));
  const killedAt = Date.now();
  await cloud.kill();
  await lastBefore;
  await new Promise((r) => setTimeout(r, 3_000)); // 3 simulated minutes down
  await cloud.start();
  const restartedAt = Date.now();
  for (const t of [73, 74]) sent.push(await send(t));

  // Recovery: the satellite acknowledges every command, the add-on reaches the cloud again.
  await homeB.sim.waitFor((s) => sent.every((id) => s.ackedCommands.includes(id)), 60_000).catch(() => {});
  const satelliteBackS = (Date.now() - restartedAt) / 1000;
  const readingsBefore = homeA.addon.state.stats.readingsSent;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !(homeA.addon.state.links.cloud.state === 'ok' && homeA.addon.state.stats.readingsSent > readingsBefore))
    await new Promise((r) => setTimeout(r, 100));
  const addonBackS = (Date.now() - restartedAt) / 1000;

  // Let both homes flush (the add-on at every 5-minute capture, the satellite every 10), then count.
  const to = Math.ceil(clock.now() / (5 * MINUTE)) * 5 * MINUTE;
  await clock.until(to + 11 * MINUTE);
  const commands = tallyCommands(homeB, sent);
  const a = await tallyReadings(w.db, ids.hvac, from, to);
  const b = await tallyReadings(w.db, ids.satellite, from, to);
  console.log(
    `cloud SIGKILL: down ${((restartedAt - killedAt) / 1000).toFixed(1)} s; commands sent ${commands.sent}, lost ${commands.lost}, doubled ${commands.doubled}, handed over again ${commands.repeated}; ` +
      `readings home A expected ${a.expected}, lost ${a.lost}, doubled ${a.doubled}; home B expected ${b.expected}, lost ${b.lost}, doubled ${b.doubled}; ` +
      `recovery after restart: satellite ${satelliteBackS.toFixed(1)} s, add-on ${addonBackS.toFixed(1)} s`,
  );
  // A lost command is named with its row: still pending, or marked handed over yet never received.
  const where = commands.lost > 0 ? await commandRows(w.db, sent) : '';
  expect(commands, `satellite commands ${where}`).toMatchObject({ sent: sent.length, lost: 0, doubled: 0 });
  expect({ lost: a.lost, doubled: a.doubled, gaps: a.gaps }, 'home A (add-on) readings').toEqual({ lost: 0, doubled: 0, gaps: [] });
  expect({ lost: b.lost, doubled: b.doubled, gaps: b.gaps }, 'home B (satellite) readings').toEqual({ lost: 0, doubled: 0, gaps: [] });
});
