// Fault: Home Assistant's WebSocket is cut without a close frame, then Home Assistant restarts and
// stays down across a slot boundary. The add-on reconnects by itself and applies the slot that is
// current when it is back.
import { expect, test } from '@playwright/test';
import { ZONE } from './support/homes.js';
import { localSlot, MINUTE, SLOT } from './support/sim-clock.js';
import { startWorld, type World } from './support/world.js';

const RATE = 60;
const START = Date.parse('2026-11-18T15:00:00Z');
let w: World;
test.setTimeout(10 * 60_000);
test.afterAll(async () => {
  await w?.stop();
});

test('Home Assistant restarted and its WebSocket dropped without a close frame: the add-on reconnects and applies the current slot', async () => {
  w = await startWorld({ startMs: START, rate: RATE, setupRealMs: 20_000 });
  const { clock, account, homeA, ids } = w;
  await clock.until(START + 10 * MINUTE);

  const nextBoundary = Math.ceil(clock.now() / SLOT) * SLOT;
  const downRealMs = (nextBoundary - clock.now()) / RATE + 2_000;
  const cutAt = Date.now();
  homeA.ha.dropConnections({ noCloseFrame: true });
  await homeA.ha.restart({ downMs: downRealMs });
  const upAt = Date.now();
  const upSim = clock.now();
  const slot = localSlot(clock.now(), ZONE);
  expect(slot.index, 'Home Assistant was down across a slot boundary').toBe(localSlot(nextBoundary, ZONE).index);

  const plannedNow = async () => {
    const s = (await account.call('GET', '/api/v1/schedules')).body.appliances.find((a: any) => a.appliance_id === ids.hvac).schedule;
    return (Array.isArray(s.setpoint_temps) ? s.setpoint_temps[slot.index] : (s.high_temps[slot.index] + s.low_temps[slot.index]) / 2) as number;
  };
  const planned = await plannedNow();
  const shownNow = () => homeA.ha.getState('climate.thermostat')?.attributes.temperature as number;
  // The add-on is connected again, handled the slot that began while Home Assistant was away (a
  // command that failed then is made on reconnect), and the thermostat shows that slot's plan.
  const reapplied = () =>
    homeA.lines.find((l) => (l.msg === 'applied' || l.msg === 'already as planned') && l.type === 'hvac' && l.date === slot.date && l.slot === slot.index);
  const back = () => homeA.addon.ha.connected && homeA.addon.ha.connections > 1;
  const deadline = Date.now() + 60_000;
  while ((!back() || !reapplied() || Math.abs(shownNow() - planned) > 1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const recoveredS = (Date.now() - upAt) / 1000;
  const shown = shownNow();
  if (process.env.E2E_LOG)
    console.log(
      homeA.lines
        .filter((l) => /Home Assistant|applied|slot/.test(l.msg) && Date.parse(l.time) > upSim - 40 * MINUTE)
        .map((l) => `${l.time} ${l.msg} ${l.slot ?? ''} ${l.why ?? ''} ${l.error ?? ''}`)
        .join('\n'),
    );
  const line = reapplied();
  expect(back(), `home A (add-on): not reconnected to Home Assistant within 60 s (connections made: ${homeA.addon.ha.connections})`).toBe(true);
  console.log(
    `HA restart: cut without a close frame, down ${((upAt - cutAt) / 1000).toFixed(1)} s real across the ${localSlot(nextBoundary, ZONE).label} boundary; ` +
      `add-on reconnected and applied slot ${slot.label} ${recoveredS.toFixed(1)} s after Home Assistant was back (${shown} °F, plan ${planned} °F); slot handled: ${line ? line.msg : 'no'}`,
  );
  expect(line, `home A (add-on): slot ${slot.label} never applied`).toBeDefined();
  expect(
    Math.abs(shown - planned),
    `home A (add-on): thermostat not on the plan within 60 s of Home Assistant's restart, slot ${slot.label}`,
  ).toBeLessThanOrEqual(1);
});
