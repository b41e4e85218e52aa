// A Home Assistant add-on home without Home Assistant: the add-on's own cloud client (its
// CloudSession and one function per endpoint, hub-addon/src/cloud.ts) on the add-on's timings
// (hub-addon/src/context.ts DEFAULT_TIMING), with a small simulated house in place of the entities
// (its room here, its storage and household load in house.ts).
// What it does, as hub-addon/src/features/ do: readings of every appliance and the whole-home
// load captured every 5 minutes, on the marks, and pushed its own delay after each mark
// (hub-addon/src/readings-push.ts); at each local half-hour boundary it applies the slot from the view it
// holds, which it pulls (with the appliances, hourly) its own lead before each boundary, or that
// lead after the first boundary of a local day, then applying that slot (hub-addon/src/
// view-refresh.ts); every 3 minutes it polls the stamp and re-pulls when it moved; once a day
// between 02:30 and 03:30 UTC, at its own offset into that hour (hub-addon/src/weather.ts), it
// pushes the hourly forecast.
import type { HvacReadingInput, ReadingClient, SchedulesView } from '@offpeak/cloud/contract';
import type { SimulatedClock } from '@offpeak/firmware-sim';
import {
  awaitsDayPlan,
  type CloudApi,
  CloudSession,
  createCloudApi,
  DEFAULT_TIMING,
  type FetchLike,
  hvacSlot,
  isPushDue,
  localSlotAt,
  nextBoundaryMs,
  nextMarkMs,
  nextViewRefreshMs,
  silentLogger,
} from '@offpeak/hub-addon/testing';
import type { HomeAccount } from './fleet.js';
import { HOUR, MINUTE } from './fleet-clock.js';
import { advance, applyPlanSlot, createHouse, householdKw, isCarAway } from './house.js';

/**
 * BENCH_ADDON_PULL_AT_BOUNDARY=1: the add-on's former timing, for comparison: the view pulled at
 * every boundary instant, then the slot applied (every home in the same seconds).
 */
const PULL_AT_BOUNDARY = process.env.BENCH_ADDON_PULL_AT_BOUNDARY === '1';

const CLIENT: ReadingClient = { kind: 'node', version: 'bench-system', node_bundle: `node ${process.versions.node}` };

export interface AddonHome {
  /** Slot indexes of `day` applied within their slot to every appliance from a view of that day. */
  applied: Set<number>;
  /** Real instants (ms) the home asked for its schedules view. */
  planPullsRealMs: number[];
  stop(): void;
}

/** Outdoor temperature (F) of a November day: 40 at 06:00 local, 54 at 15:00, in UTC hours roughly. */
const outdoorF = (ms: number) => 47 - 7 * Math.cos(((ms / HOUR - 11) * Math.PI) / 12);

export async function startAddonHome(opts: {
  account: HomeAccount;
  baseUrl: string;
  clock: SimulatedClock;
  fetch: FetchLike;
  dataDir: string;
  day: string;
}): Promise<AddonHome> {
  const { account, clock, day } = opts;
  const zone = account.spec.zone;
  const leadMs = account.spec.viewLeadMs;
  // The session dates its tokens on the real clock, as a shipped add-on does: the cloud signs and
  // checks them on real time (its injected clock is only what time it is for planning). Dated on
  // the simulated clock, days behind, a token would never look due for renewal, and every home would
  // learn its expiry from a 401 one real hour in, all at once.
  const session = new CloudSession({
    baseUrl: opts.baseUrl,
    dataDir: opts.dataDir,
    email: account.email,
    password: account.password,
    refreshToken: account.refreshToken,
    log: silentLogger,
    fetch: opts.fetch,
  });
  await session.load();
  const cloud: CloudApi = createCloudApi(session);
  const room = { indoorF: 68, setpointF: 68 };
  const house = createHouse({
    zone,
    seed: account.spec.houseSeed,
    usualKw48: account.spec.usualKw48,
    appliances: account.appliances.map((a, i) => ({ ...a, config: account.spec.appliances[i]!.config })),
    startMs: clock.now(),
  });
  const applied = new Set<number>();
  const planPullsRealMs: number[] = [];
  const timers = new Set<ReturnType<SimulatedClock['setTimeout']>>();
  let stopped = false;
  let view: SchedulesView | null = null;
  let stamp: string | null = null;
  let lastAppliancesPull = -Infinity;
  let lastWeatherDay = '';
  const quietly = (p: Promise<unknown>) => p.catch(() => undefined); // failures are counted by the timed fetch

  const after = (ms: number, fn: () => Promise<void> | void) => {
    const t = clock.setTimeout(() => {
      timers.delete(t);
      if (!stopped) void quietly(Promise.resolve(fn()));
    }, ms);
    timers.add(t);
  };

  // As the add-on: the stamp is read before the view (`stampReadBefore`, or here), so a plan
  // written between the two reads is pulled again at the next poll.
  async function refresh(force: boolean, stampReadBefore?: { updated_at: string | null }): Promise<void> {
    if (force || clock.now() - lastAppliancesPull >= DEFAULT_TIMING.appliancesRefreshMs) {
      await Promise.all([cloud.me(), cloud.appliances()]);
      lastAppliancesPull = clock.now();
    }
    const s = stampReadBefore ?? (await cloud.schedulesUpdatedAt());
    planPullsRealMs.push(Date.now());
    view = await cloud.schedules();
    stamp = s.updated_at;
  }

  /** Applies the current slot to the house; true when every appliance had a plan for it. */
  function applySlot(): { date: string; index: number; complete: boolean } {
    const slot = localSlotAt(clock.now(), zone);
    if (!view || view.date !== slot.date || !view.optimization_enabled) return { ...slot, complete: false };
    let complete = true;
    for (const a of house.appliances) {
      const schedule = view.appliances.find((e) => e.appliance_id === a.id)?.schedule ?? {};
      if (a.type === 'hvac') {
        const s = hvacSlot(schedule, slot.index);
        if (s) room.setpointF = s.setpointF;
        complete &&= s !== null;
      } else complete &&= applyPlanSlot(house, a, schedule, slot.index, clock.now());
    }
    return { ...slot, complete };
  }

  // Counted when applied within its own slot from that day's view.
  const applyDue = (due: { date: string; index: number }) => {
    const slot = applySlot();
    if (slot.date === day && slot.index === due.index && slot.date === due.date && slot.complete) applied.add(slot.index);
  };

  const armBoundary = () => {
    const now = clock.now();
    const boundaryMs = nextBoundaryMs(now, zone);
    after(boundaryMs - now, async () => {
      armBoundary();
      const due = localSlotAt(clock.now(), zone);
      if (PULL_AT_BOUNDARY) await refresh(false);
      if (PULL_AT_BOUNDARY || !awaitsDayPlan(view?.date ?? null, boundaryMs, zone)) return applyDue(due);
      after(leadMs, async () => {
        if (view?.date !== due.date) await refresh(false);
        applyDue(due);
      });
    });
  };

  const armRefresh = () => {
    const now = clock.now();
    after(nextViewRefreshMs(now, zone, leadMs) - now, async () => {
      armRefresh();
      await refresh(false);
    });
  };

  const armPoll = (inMs = DEFAULT_TIMING.updatedAtPollMs) =>
    after(inMs, async () => {
      armPoll();
      const s = await cloud.schedulesUpdatedAt();
      if (s.updated_at !== stamp || !view) {
        // As the add-on: a stamp moved by local midnight brings the day's view only.
        const newDay = view !== null && view.date !== localSlotAt(clock.now(), zone).date;
        await refresh(!newDay, s);
        applySlot();
      }
    });

  const armReadings = () => {
    const now = clock.now();
    after(nextMarkMs(now, DEFAULT_TIMING.readingsEveryMs) - now, () => {
      armReadings();
      const batch = captureReadings();
      after(account.spec.readingsPushDelayMs, () => pushReadings(batch));
    });
  };

  type Batch = ReturnType<typeof captureReadings>;

  /** What the house shows at the mark. */
  function captureReadings() {
    const now = clock.now();
    const timestamp = new Date(now).toISOString();
    const outdoor = outdoorF(now);
    // The room follows the setpoint with a lag; the heat runs while it is below it.
    room.indoorF += (room.setpointF - room.indoorF) * 0.3 + (outdoor - room.indoorF) * 0.01;
    const heating = room.indoorF < room.setpointF - 0.3;
    advance(house, now);
    const hvac: HvacReadingInput[] = [];
    const others: { id: string; reading: { timestamp: string; state: string; value: number; plugged_in?: boolean } }[] = [];
    for (const a of account.appliances) {
      const mode = house.mode.get(a.id)?.kind;
      const on = mode === 'on' || mode === 'charge';
      if (a.type === 'hvac') {
        hvac.push({
          timestamp,
          appliance_id: a.id,
          indoor_temp: round1(room.indoorF),
          hvac_state: 'HEAT',
          indoor_source: 'entity',
          indoor_humidity: 40,
          target_temp: room.setpointF,
          fan_mode: 'auto',
          hvac_action: heating ? 'heating' : 'idle',
          outdoor_temp: round1(outdoor),
          commanded_setpoint: room.setpointF,
          room_target: room.setpointF,
          override_active: false,
        });
        continue;
      }
      // The car's plug sensor says whether it is home (its state of charge comes from the car, away too).
      const plug = a.type === 'ev_charger' && { plugged_in: !isCarAway(house, now) };
      const state = a.type === 'water_heater' ? (on ? 'ON' : 'OFF') : on && (!plug || plug.plugged_in) ? 'CHARGING' : 'IDLE';
      others.push({ id: a.id, reading: { timestamp, state, value: round1(house.level.get(a.id)!), ...plug } });
    }
    // The household's own load (the whole-home sensor less the planned appliances), within 10 % of its half hour's level.
    return { hvac, others, household: { timestamp, value: Math.round(householdKw(house, now) * 1000 * (0.9 + 0.2 * Math.random())) } };
  }

  async function pushReadings({ hvac, others, household }: Batch): Promise<void> {
    // One request per batch, one batch after the other, as the add-on's queue sends them.
    if (hvac.length) await cloud.pushHvacReadings(hvac, CLIENT);
    for (const o of others) await cloud.pushApplianceReadings(o.id, [o.reading]);
    await cloud.pushHouseholdLoad([household]);
  }

  const armWeather = () =>
    after(DEFAULT_TIMING.weatherCheckMs, async () => {
      armWeather();
      const now = clock.now();
      const utcDay = new Date(now).toISOString().slice(0, 10);
      if (!isPushDue(now, account.spec.weatherPushOffsetMs) || lastWeatherDay === utcDay) return;
      const midnight = Date.parse(`${localSlotAt(now, zone).date}T00:00:00Z`);
      await cloud.pushWeather({ hourly_temps_f: Array.from({ length: 48 }, (_, h) => round1(outdoorF(midnight + h * HOUR))) });
      lastWeatherDay = utcDay;
    });

  // Start as the add-on does: the first pull and apply, then the timers.
  await quietly(refresh(true).then(applySlot));
  armBoundary();
  if (!PULL_AT_BOUNDARY) armRefresh();
  // The poll's cycle runs from before the fleet's start (pollPhaseMs): the first poll is at the
  // phase, so a plan written just after the start waits no longer than one cycle, as later.
  armPoll(account.spec.pollPhaseMs);
  armReadings();
  after(Math.random() * 10 * MINUTE, armWeather);
  return {
    applied,
    planPullsRealMs,
    stop() {
      stopped = true;
      for (const t of timers) clock.clearTimeout(t);
      timers.clear();
    },
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
