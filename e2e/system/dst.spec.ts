// The nights the clock changes, in both homes: New York's spring-forward (2027-03-14, 02:00 EST
// jumps to 03:00 EDT: slots 4 and 5 never happen, the day has 46 boundaries) and fall-back
// (2027-11-07, 02:00 EDT goes back to 01:00 EST: slots 2 and 3 happen twice, the day has 50).
// Each night runs from local 00:00 to just past the window checked: from local 01:00 to two
// boundaries after the change (spring 01:00 EST to 04:00 EDT, fall 01:00 EDT to 03:00 EST), so it
// holds two boundaries before the change, the change, and two after. Checked, each failure naming
// the home and the slot: every local half-hour boundary of the window applied exactly once and as the right slot (per offset in the repeated hour) by the add-on and by the
// satellite, none applied in the skipped hour, the add-on never on another day's schedule;
// readings on the 5-minute cadence from both homes (none missing, none doubled); commands sent to
// the satellite around the change each delivered once; the satellite knows the following change;
// a person's change of the thermostat before the change is left alone for its slot only.
import { expect, test } from '@playwright/test';
import { ZONE, type HomeA } from './support/homes.js';
import { tallyCommands, tallyReadings } from './support/ledger.js';
import { MINUTE } from './support/sim-clock.js';
import { addonApplications, boundaryFaults, expectedBoundaries, recordSatelliteSlots } from './support/slot-boundaries.js';
import { startWorld, type World } from './support/world.js';

// Two or three simulated hours and their readings in under a minute of real time.
const RATE = 240;

interface Night {
  name: string;
  /** Local 00:00, the instant the clock reads once setup is due to end (setup runs on earlier time). */
  startMs: number;
  /** Local 01:00, and two boundaries past the change: the boundaries checked are those in [from, to). */
  fromMs: number;
  toMs: number;
  /**
   * The window's boundaries (local time, zone, slot), from Intl: two before the change, none in a
   * skipped hour, the repeated hour's once per offset, two after.
   */
  boundaries: string[];
  /** When to send the satellite a command: either side of the change, and in the repeated hour. */
  commandsAtMs: number[];
  /**
   * A person turns home A's thermostat up then: the add-on leaves it until the next boundary and
   * applies every later one (in the fall, the repeated slot 2 is a later boundary).
   */
  personChangeAtMs: number;
  /** What the satellite must know after the change: the offset now, and the following change. */
  configAfter: { utc_offset_minutes_now: number; next_transition: { at_utc: string; utc_offset_minutes_after: number } };
}

const NIGHTS: Night[] = [
  {
    name: 'spring forward 2027-03-14',
    startMs: Date.parse('2027-03-14T05:00:00Z'),
    fromMs: Date.parse('2027-03-14T06:00:00Z'),
    toMs: Date.parse('2027-03-14T08:00:00Z'), // 04:00 EDT
    boundaries: ['01:00 EST (slot 2)', '01:30 EST (slot 3)', '03:00 EDT (slot 6)', '03:30 EDT (slot 7)'],
    commandsAtMs: ['06:50', '07:00', '07:10', '07:40'].map((t) => Date.parse(`2027-03-14T${t}:00Z`)),
    personChangeAtMs: Date.parse('2027-03-14T06:40:00Z'), // 01:40 EST, slot 3; the next boundary is 03:00 EDT
    configAfter: { utc_offset_minutes_now: -240, next_transition: { at_utc: '2027-11-07T06:00:00.000Z', utc_offset_minutes_after: -300 } },
  },
  {
    name: 'fall back 2027-11-07',
    startMs: Date.parse('2027-11-07T04:00:00Z'),
    fromMs: Date.parse('2027-11-07T05:00:00Z'),
    toMs: Date.parse('2027-11-07T08:00:00Z'), // 03:00 EST
    boundaries: ['01:00 EDT (slot 2)', '01:30 EDT (slot 3)', '01:00 EST (slot 2)', '01:30 EST (slot 3)', '02:00 EST (slot 4)', '02:30 EST (slot 5)'],
    commandsAtMs: ['05:45', '06:00', '06:15', '06:45'].map((t) => Date.parse(`2027-11-07T${t}:00Z`)),
    personChangeAtMs: Date.parse('2027-11-07T05:10:00Z'), // 01:10 EDT, slot 2; slot 2 comes again at 01:00 EST
    configAfter: { utc_offset_minutes_now: -300, next_transition: { at_utc: '2028-03-12T07:00:00.000Z', utc_offset_minutes_after: -240 } },
  },
];

let w: World | undefined;
test.setTimeout(6 * 60_000);
test.afterEach(async () => {
  await w?.stop();
  w = undefined;
});

for (const night of NIGHTS) {
  test(`${night.name} in ${ZONE}: every slot boundary applied once in both homes, readings on cadence, commands once`, async () => {
    // The satellite pushes its readings every 10 simulated minutes, so the last ones of the
    // window are in without running on for an hour.
    w = await startWorld({
      startMs: night.startMs,
      rate: RATE,
      setupRealMs: 25_000,
      readyByMs: night.fromMs - 10 * MINUTE,
      env: { DEVICE_READING_PUSH_INTERVAL_S: '600' },
    });
    const { clock, account, homeA, homeB, ids } = w;
    const satelliteSlots = recordSatelliteSlots(homeB);
    const failures: string[] = [];

    const sent: number[] = [];
    // The add-on's log lines from the person's change on (by position: the add-on's clock may
    // read a fraction of a simulated second behind the test's).
    let linesBeforeChange: number | undefined;
    for (const at of night.commandsAtMs) {
      if (linesBeforeChange === undefined && night.personChangeAtMs <= at) {
        await clock.until(night.personChangeAtMs);
        linesBeforeChange = homeA.lines.length;
        await turnUpByHand(homeA);
      }
      await clock.until(at);
      const target = 70 + sent.length;
      const r = await account.call('POST', `/api/v1/appliances/${ids.satellite}/command`, { target_temp_f: target, mode: 'COOL' });
      if (r.status !== 202)
        failures.push(`home B (satellite): command at ${new Date(clock.now()).toISOString()} refused: ${r.status} ${JSON.stringify(r.body)}`);
      else sent.push(r.body.command_id);
    }
    await clock.until(night.toMs + 5 * MINUTE);
    satelliteSlots.stop();

    const expected = expectedBoundaries(night.fromMs, night.toMs, ZONE);
    expect(
      expected.map((b) => b.label.slice(11)),
      `boundaries of the window on the ${night.name} night`,
    ).toEqual(night.boundaries);
    failures.push(...boundaryFaults('home A (add-on)', expected, addonApplications(homeA)));
    failures.push(...boundaryFaults('home B (satellite)', expected, satelliteSlots.applications));

    // Readings: the satellite's last batch of the window comes with its next push.
    const tally = () => Promise.all([tallyReadings(w!.db, ids.hvac, night.fromMs, night.toMs), tallyReadings(w!.db, ids.satellite, night.fromMs, night.toMs)]);
    let [readingsA, readingsB] = await tally();
    while (readingsA.lost + readingsB.lost > 0 && clock.now() < night.toMs + 30 * MINUTE) {
      await new Promise((r) => setTimeout(r, 500));
      [readingsA, readingsB] = await tally();
    }
    for (const [home, t] of [
      ['home A (add-on)', readingsA],
      ['home B (satellite)', readingsB],
    ] as const) {
      if (t.lost > 0 || t.doubled > 0)
        failures.push(`${home}: readings off the 5-minute cadence across the change: ${t.lost} missing (first at ${t.gaps.join(', ')}), ${t.doubled} doubled`);
    }

    await homeB.sim.waitFor((s) => sent.every((id) => s.ackedCommands.includes(id)), 10_000).catch(() => {});
    const commands = tallyCommands(homeB, sent);
    if (commands.lost > 0 || commands.doubled > 0)
      failures.push(`home B (satellite): commands around the change: ${commands.sent} sent, ${commands.lost} lost, ${commands.doubled} doubled`);
    const afterChange = homeA.lines.slice(linesBeforeChange);
    if (!afterChange.some((l) => l.msg === 'manual change detected; left alone until the next slot')) {
      const logged = afterChange.filter((l) => l.msg !== 'status' && l.msg !== 'entities written').slice(0, 8);
      failures.push(
        `home A (add-on): the person's change at ${new Date(night.personChangeAtMs).toISOString()} was not seen as one; ` +
          `logged after it: ${logged.map((l) => `${l.time} ${l.msg}`).join('; ')}`,
      );
    }
    // The satellite pulled its config again after the change and knows the following one.
    const config = homeB.sim.state().config;
    const learned = config && {
      utc_offset_minutes_now: config.utc_offset_minutes_now,
      next_transition: config.next_transition && {
        at_utc: new Date(config.next_transition.at_utc).toISOString(),
        utc_offset_minutes_after: config.next_transition.utc_offset_minutes_after,
      },
    };
    if (JSON.stringify(learned) !== JSON.stringify(night.configAfter))
      failures.push(`home B (satellite): after the change its config says ${JSON.stringify(learned)}, not ${JSON.stringify(night.configAfter)}`);
    const refused = homeB.events.filter((e) => e.event === 'request_refused' || e.event === 'failed');
    if (refused.length > 0) failures.push(`home B (satellite): requests refused by the cloud: ${JSON.stringify(refused.slice(0, 3))}`);

    console.log(
      `${night.name} at ${RATE}x: ${expected.length} boundaries (${expected.map((b) => b.label.slice(11, 20)).join(', ')}); ` +
        `readings A ${readingsA.stored}/${readingsA.expected}, B ${readingsB.stored}/${readingsB.expected}; commands ${commands.sent} sent, ${commands.lost} lost, ${commands.doubled} doubled; ${failures.length} faults`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
  });
}

/** A person sets the thermostat 3 °F above what it is (a Home Assistant user, not the add-on). */
async function turnUpByHand(home: HomeA): Promise<void> {
  const now = home.ha.getState('climate.thermostat')!.attributes.temperature as number;
  await home.ha.callService('climate', 'set_temperature', { entity_id: 'climate.thermostat', temperature: now + 3 });
}
