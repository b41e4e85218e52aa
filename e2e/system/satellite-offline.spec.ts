// Fault: the satellite's network is down for 6 simulated hours. It keeps applying its plan at
// every slot boundary, buffers its readings, and catches up when the network is back.
import { expect, test } from '@playwright/test';
import { ZONE } from './support/homes.js';
import { tallyReadings } from './support/ledger.js';
import { HOUR, localSlot, MINUTE, SLOT } from './support/sim-clock.js';
import { startWorld, type World } from './support/world.js';

const RATE = 360; // 6 simulated hours in a real minute
const START = Date.parse('2026-11-18T13:00:00Z');
let w: World;
test.setTimeout(10 * 60_000);
test.afterAll(async () => {
  await w?.stop();
});

test('a satellite offline for 6 hours keeps its plan, then catches up', async () => {
  w = await startWorld({ startMs: START, rate: RATE, setupRealMs: 20_000, satelliteLink: true });
  const { clock, homeB, ids, satelliteLink } = w;
  await clock.until(Math.ceil((clock.now() + 20 * MINUTE) / SLOT) * SLOT);
  const from = Math.ceil(clock.now() / (5 * MINUTE)) * 5 * MINUTE;
  await satelliteLink!.down();
  const downAt = clock.now();
  await clock.until(downAt + 6 * HOUR);
  const offlineSlots = [];
  for (let t = Math.ceil(downAt / SLOT) * SLOT; t < downAt + 6 * HOUR - SLOT; t += SLOT) offlineSlots.push(localSlot(t, ZONE));
  const buffered = homeB.sim.state().readings.buffered;
  await satelliteLink!.up();
  const upReal = Date.now();
  await homeB.sim.waitFor((s) => s.online && s.readings.buffered === 0, 60_000).catch(() => {});
  const caughtUpS = (Date.now() - upReal) / 1000;
  const to = clock.now() - 10 * MINUTE;
  const readings = await tallyReadings(w.db, ids.satellite, from, to);
  const missed = offlineSlots.filter((s) => !homeB.applied.has(`${s.date}#${s.index}`) || homeB.applied.get(`${s.date}#${s.index}`)!.source !== 'schedule');
  console.log(
    `satellite offline 6 simulated hours: ${offlineSlots.length} slots applied from its plan (${missed.length} missed), ${buffered} readings buffered, ` +
      `caught up ${caughtUpS.toFixed(1)} s real after the network returned; readings expected ${readings.expected}, lost ${readings.lost}, doubled ${readings.doubled}`,
  );
  expect(missed.map((s) => `home B (satellite): slot ${s.label} not applied from the plan while offline`)).toEqual([]);
  expect({ lost: readings.lost, doubled: readings.doubled, gaps: readings.gaps }, 'home B (satellite) readings').toEqual({ lost: 0, doubled: 0, gaps: [] });
});
