// The household's own load (docs/home-plan.md): whole-home readings pushed by the hub,
// the profile a user sets, and the profile the plans use (measured, else set, else typical).
import type { HouseholdLoadProfile, HouseholdLoadReadingsRequest, ReadingsAccepted } from '../contract/index.js';
import { householdLoadFor } from '../domain/household/account-load.js';
import { windowStart } from '../domain/household/measured-profile.js';
import { ceilingDay, ceilingExceededDetail, dailyCeiling, secondsUntilReset } from '../domain/readings/daily-ceiling.js';
import { FUTURE_TIMESTAMP_DETAIL, isTooFarInFuture } from '../domain/readings/reading-time.js';
import { dayBoundsUtc, localDateOf, slotIndexOf, slotStartsUtc } from '../domain/time/slot-grid.js';
import { isFreshForReplan } from '../domain/planning/fresh-reading.js';
import { loadDeparts } from '../domain/planning/load-departure.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { badRequest, tooManyRequests } from '../errors.js';
import type { Store } from '../store/index.js';
import type { PlanningEvents } from './planning-events.js';
import type { ProfilesService } from './profiles.js';

export function createHouseholdLoadService(store: Store, deps: { profiles: ProfilesService; planningEvents: PlanningEvents; dailyLimitPerAppliance: number }) {
  const { profiles, planningEvents, dailyLimitPerAppliance } = deps;

  /** The profile the plans of `date` use, from the readings it reads (its window and backtest: READ_DAYS before it). */
  async function profileFor(userId: string, now: Date): Promise<HouseholdLoadProfile> {
    const row = await profiles.ensure(userId);
    const timeZone = effectiveTimeZone(row);
    const today = localDateOf(now, timeZone);
    const means = await store.householdLoad.halfHourMeans([userId], dayBoundsUtc(windowStart(today), timeZone).start, dayBoundsUtc(today, timeZone).start);
    const load = householdLoadFor(means, row.household_load_kw_48, timeZone, today);
    return { source: load.source, load_kw_48: load.loadKw48, days_measured: load.daysMeasured };
  }

  /**
   * When this push is the first to reach into a new half hour, and its newest reading is fresh
   * (domain/planning/fresh-reading.ts: a backlog after an outage is not), compares the half hour
   * just ended with the load today's plan assumed there, and asks for a re-plan of the rest of the
   * day (paced per account) when it departs (domain/planning/load-departure.ts).
   */
  async function checkHalfHourEnded(userId: string, rows: readonly { ts: Date }[], newestBefore: Date | null, timeZone: string, now: Date): Promise<void> {
    const latest = rows.reduce((a, b) => (b.ts > a.ts ? b : a)).ts;
    if (!isFreshForReplan(latest, now)) return;
    const date = localDateOf(latest, timeZone);
    const slot = slotIndexOf(latest, timeZone);
    if (slot === 0) return;
    const starts = slotStartsUtc(date, timeZone);
    const ended = { start: starts[slot - 1]!, end: starts[slot]! };
    if (newestBefore && newestBefore >= ended.end) return;
    const [plan, means] = await Promise.all([store.homePlans.newest(userId, date), store.householdLoad.halfHourMeans([userId], ended.start, ended.end)]);
    const planned = plan?.load_kw_48[slot - 1];
    const measured = means.find((m) => m.start.getTime() === ended.start.getTime());
    if (planned !== undefined && measured && loadDeparts(planned, measured.meanWatts / 1000)) planningEvents.changed(userId, 'measured_load');
  }

  return {
    profileFor,

    /**
     * POST /household-load/readings: all or nothing, counted against the account's daily reading
     * ceiling (the same counter as the other readings). The measured profile uses whole days
     * before the planned one, so a push re-plans only when it can change that: the first push of
     * a new local day, a backfill (readings older than the newest stored), or a first push that
     * carries a past day. A home's very first push of today's readings alone changes nothing (no
     * whole day yet): re-planning then, as before, asked for a recompute from every new install,
     * and from a whole fleet at once when it came online together. These re-plans only refine the
     * day's plan, so they wait the account's spread (a `household_readings` refinement).
     */
    async ingest(userId: string, request: HouseholdLoadReadingsRequest, now: Date): Promise<ReadingsAccepted> {
      const rows = request.readings.map((r) => {
        const ts = new Date(r.timestamp);
        if (isTooFarInFuture(ts, now)) throw badRequest(FUTURE_TIMESTAMP_DETAIL);
        return { ts, watts: r.value };
      });
      const [row, appliances] = await Promise.all([profiles.ensure(userId), store.appliances.listByUser(userId)]);
      const timeZone = effectiveTimeZone(row);
      const active = appliances.filter((a) => a.is_active).length;
      const day = ceilingDay(now);
      const { total, newestBefore: newest } = await store.householdLoad.insertCharged(rows, {
        userId,
        day,
        ceiling: dailyCeiling(active, dailyLimitPerAppliance),
      });
      if (total === null) {
        const storedToday = await store.readings.dailyCount(userId, day);
        throw tooManyRequests(
          ceilingExceededDetail({ perAppliance: dailyLimitPerAppliance, activeAppliances: active, storedToday, batch: rows.length }),
          secondsUntilReset(now),
        );
      }
      const newestDay = newest && localDateOf(newest, timeZone);
      const today = localDateOf(now, timeZone);
      const replan = rows.some((r) => (newest ? r.ts < newest || localDateOf(r.ts, timeZone) > newestDay! : localDateOf(r.ts, timeZone) < today));
      if (replan) planningEvents.changed(userId, 'household_readings');
      else if (appliances.some((a) => a.is_active && a.appliance_type === 'home_battery')) await checkHalfHourEnded(userId, rows, newest, timeZone, now);
      return { accepted: rows.length };
    },

    /** PUT /household-load: the set profile (null clears it); answers the profile now in use. */
    async set(userId: string, loadKw48: number[] | null, now: Date): Promise<HouseholdLoadProfile> {
      await profiles.ensure(userId);
      await store.profiles.update(userId, { household_load_kw_48: loadKw48 });
      planningEvents.changed(userId, 'household_load');
      return profileFor(userId, now);
    },
  };
}

export type HouseholdLoadService = ReturnType<typeof createHouseholdLoadService>;
