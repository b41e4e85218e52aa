// Fault: the system's PostgreSQL is stopped (fast shutdown, as `pg_ctl stop -m fast`) for about a
// real minute, an hour of simulated time, then started again on the same cluster and port. The
// cloud keeps running: it answers 503 `Database unavailable` meanwhile and serves again by itself.
// The add-on and the satellite keep their readings and send them again. Counted: readings lost or
// doubled, commands lost or applied twice (one handed over again when its delivered mark did not commit is
// counted, not a fault: the device tells it by id), answers other than 503 during the outage, seconds to
// recover.
import { expect, test } from '@playwright/test';
import { request } from './support/homes.js';
import { secondsUntil, tallyCommands, tallyReadings } from './support/ledger.js';
import { MINUTE } from './support/sim-clock.js';
import { startWorld, type World } from './support/world.js';

const RATE = 60; // a real second is a simulated minute
const START = Date.parse('2026-11-18T15:00:00Z');
const GRID = 5 * MINUTE;
const OUTAGE_MS = 60_000;
let w: World;
test.setTimeout(5 * 60_000);
test.afterAll(async () => {
  await w?.stop();
});

test('PostgreSQL stopped for a minute: 503 Database unavailable meanwhile, recovery without a restart, 0 readings or commands lost', async () => {
  // The satellite pushes its readings every 10 simulated minutes (not hourly), so the count can
  // close soon after the fault.
  w = await startWorld({ startMs: START, rate: RATE, setupRealMs: 20_000, env: { DEVICE_READING_PUSH_INTERVAL_S: '600' } });
  const { clock, account, cloud, db, homeA, homeB, ids } = w;
  const from = Math.ceil((clock.now() + 2 * MINUTE) / GRID) * GRID;
  await clock.until(from + 5 * MINUTE);
  await homeB.sim.waitFor((s) => s.online && s.phase === 'running', 30_000);

  const sent: number[] = [];
  const command = (target: number) => account.call('POST', `/api/v1/appliances/${ids.satellite}/command`, { target_temp_f: target, mode: 'COOL' });
  const send = async (target: number) => {
    const r = await command(target);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    sent.push(r.body.command_id as number);
  };
  // Queued the instant before the stop: it may be handed over, or still pending, as the server goes.
  await send(70);
  const logBefore = cloud.output.length;
  const stoppedAt = Date.now();
  await db.stop();

  // While the database is away, every answer that needs it is 503 Database unavailable.
  const unavailable = { status: 503, body: { detail: 'Database unavailable' } };
  expect(await command(71), 'a command posted during the outage').toEqual(unavailable);
  expect(await account.call('GET', '/auth/me'), 'the profile during the outage').toEqual(unavailable);
  expect((await request(`${cloud.url}/readyz`, 'GET')).status, '/readyz during the outage').toBe(503);
  const outageAnswers = new Map<number, number>();
  while (Date.now() - stoppedAt < OUTAGE_MS) {
    const r = await account.call('GET', '/api/v1/appliances');
    outageAnswers.set(r.status, (outageAnswers.get(r.status) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const queuedA = homeA.addon.buffer.size;
  const bufferedB = homeB.sim.state().readings.buffered;
  const readingsBefore = homeA.addon.state.stats.readingsSent;
  const pushedBefore = homeB.sim.state().readings.pushed;

  await db.start();
  const startedAt = Date.now();
  const down = (startedAt - stoppedAt) / 1000;
  let apiStatus = 0;
  void (async () => {
    while (apiStatus !== 200 && Date.now() - startedAt < 60_000) apiStatus = (await account.call('GET', '/auth/me')).status;
  })();
  const apiBackS = await secondsUntil(() => apiStatus === 200, startedAt);
  for (const t of [72, 73]) await send(t);
  const satelliteBackS = await secondsUntil(() => sent.every((id) => homeB.sim.state().ackedCommands.includes(id)), startedAt);
  const addonBackS = await secondsUntil(() => homeA.addon.state.stats.readingsSent > readingsBefore && homeA.addon.buffer.size === 0, startedAt);

  // Let both homes flush (the add-on at every 5-minute capture, the satellite every 10), then count.
  const to = Math.ceil(clock.now() / GRID) * GRID;
  await clock.until(to + 11 * MINUTE);
  const commands = tallyCommands(homeB, sent);
  const a = await tallyReadings(db, ids.hvac, from, to);
  const b = await tallyReadings(db, ids.satellite, from, to);
  const failedRequests = cloud.output
    .slice(logBefore)
    .join('')
    .split('\n')
    .filter((l) => l.includes('request failed'));
  console.log(
    `PostgreSQL stopped ${down.toFixed(1)} s: answers during the outage ${JSON.stringify(Object.fromEntries(outageAnswers))}; ` +
      `buffered at the restart: add-on ${queuedA}, satellite ${bufferedB}; commands sent ${commands.sent}, lost ${commands.lost}, doubled ${commands.doubled}, handed over again ${commands.repeated}; ` +
      `readings home A expected ${a.expected}, lost ${a.lost}, doubled ${a.doubled}; home B expected ${b.expected}, lost ${b.lost}, doubled ${b.doubled}; ` +
      `recovery after the restart: API ${apiBackS.toFixed(1)} s, satellite (commands acked) ${satelliteBackS.toFixed(1)} s, add-on (buffer sent) ${addonBackS.toFixed(1)} s; ` +
      `satellite readings pushed after the restart ${homeB.sim.state().readings.pushed - pushedBefore}`,
  );
  expect(cloud.running(), 'the cloud process (never restarted)').toBe(true);
  expect({ addon: queuedA > 0, satellite: bufferedB > 0 }, 'readings buffered during the outage').toEqual({ addon: true, satellite: true });
  expect([...outageAnswers.keys()], 'statuses answered during the outage').toEqual([503]);
  expect(failedRequests, 'requests answered 500').toEqual([]);
  expect(commands, 'satellite commands').toMatchObject({ sent: sent.length, lost: 0, doubled: 0 });
  expect({ lost: a.lost, doubled: a.doubled, gaps: a.gaps }, 'home A (add-on) readings').toEqual({ lost: 0, doubled: 0, gaps: [] });
  expect({ lost: b.lost, doubled: b.doubled, gaps: b.gaps }, 'home B (satellite) readings').toEqual({ lost: 0, doubled: 0, gaps: [] });
});
