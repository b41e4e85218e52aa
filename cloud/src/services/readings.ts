import {
  DETAIL,
  type ApplianceReadingsRequest,
  type HvacReadingInput,
  type HvacReadingsRequest,
  type ReadingClient,
  type ReadingsAccepted,
} from '../contract/index.js';
import { ceilingDay, ceilingExceededDetail, dailyCeiling, secondsUntilReset } from '../domain/readings/daily-ceiling.js';
import { HVAC_STATE_DETAIL, normalizeHvacState } from '../domain/readings/hvac-state.js';
import { resolveReadingTarget, type ReadingsCaller } from '../domain/readings/reading-target.js';
import { FUTURE_TIMESTAMP_DETAIL, isTooFarInFuture } from '../domain/readings/reading-time.js';
import { hvacOnValueEndpointDetail, takesHvacReadings, valueRangeDetail } from '../domain/readings/value-ranges.js';
import { badRequest, notFound, tooManyRequests } from '../errors.js';
import type { ApplianceRow, CeilingCharge, NewHvacReading, Store } from '../store/index.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { carChargeIsNews, chargeDeparts, DRIVING_WINDOW_MS } from '../domain/planning/charge-departure.js';
import { isFreshForReplan } from '../domain/planning/fresh-reading.js';
import { loadDeparts } from '../domain/planning/load-departure.js';
import { temperatureDeparts } from '../domain/planning/temperature-departure.js';
import { addDays, localDateOf, slotIndexOf, slotStartsUtc } from '../domain/time/slot-grid.js';
import { CURRENT_WINDOW_MS } from '../domain/thermal/current-temperature.js';
import type { PlanningEvents } from './planning-events.js';
import type { ProfilesService } from './profiles.js';

export type { ReadingsCaller } from '../domain/readings/reading-target.js';

/** The types whose readings are a state of charge the plans follow. */
const REPLANNED_ON_CHARGE: ReadonlySet<string> = new Set(['home_battery', 'ev_charger']);
/** A setpoint step without its unit, or a unit without a step. */
const SETPOINT_STEP_PAIR_DETAIL = 'target_temp_step and target_temp_step_unit must be sent together';
/** A plug state on a reading of another type than an EV. */
const PLUGGED_IN_DETAIL = 'plugged_in is only for ev_charger readings';

/**
 * Stores pushed readings: validate every reading, resolve appliances, then one statement charges
 * the daily ceiling and inserts the batch (docs/performance.md). Any failure stores nothing.
 */
export function createReadingsService(store: Store, opts: { dailyLimitPerAppliance: number; profiles: ProfilesService; planningEvents: PlanningEvents }) {
  /**
   * Asks for a re-plan of the rest of the day (paced per account) when the newest of these charge
   * readings, taken in the current half hour or the one before, lies outside the day's planned
   * trajectory by more than the margin, and, for a car without a plug state, says something a
   * re-plan can act on (domain/planning/charge-departure.ts).
   */
  async function checkCharge(
    userId: string,
    appliance: ApplianceRow,
    rows: readonly { ts: Date; value: number; plugged_in: boolean | null }[],
    now: Date,
  ): Promise<void> {
    const applianceId = appliance.id;
    const newest = rows.reduce((a, b) => (b.ts > a.ts ? b : a));
    if (!isFreshForReplan(newest.ts, now)) return;
    const timeZone = effectiveTimeZone(await opts.profiles.ensure(userId));
    const date = localDateOf(newest.ts, timeZone);
    const [row] = (await store.schedules.newest([userId], [date])).filter((r) => r.appliance_id === applianceId);
    if (!row) return;
    // A plan made without a plug state planned the car as plugged in.
    const plannedPlugged = row.constraints_used?.plugged_in !== false;
    if (newest.plugged_in !== null && newest.plugged_in !== plannedPlugged) return opts.planningEvents.changed(userId, 'measured_plug');
    // An unplugged car's charge changes nothing in a plan that charges nothing.
    const trajectory = row.schedule.value_trajectory;
    if (!plannedPlugged || !Array.isArray(trajectory) || !chargeDeparts(trajectory, slotIndexOf(newest.ts, timeZone), newest.value)) return;
    if (appliance.appliance_type === 'ev_charger' && newest.plugged_in === null && row.constraints_used?.plugged_in == null) {
      const highest = await store.readings.highestValue(applianceId, new Date(newest.ts.getTime() - DRIVING_WINDOW_MS), newest.ts);
      const used = row.constraints_used ?? {};
      const planStart = used.soc_source === 'reading' && typeof used.soc_pct === 'number' ? used.soc_pct : null;
      if (!carChargeIsNews(newest.value, highest, planStart)) return;
    }
    opts.planningEvents.changed(userId, 'measured_charge');
  }

  /**
   * Asks for a re-plan of the rest of the day (paced per account) when the mean indoor temperature
   * of the half hour up to the HVAC's newest reading in this push, taken within the last half hour,
   * lies outside the plan's widened prediction band (domain/planning/temperature-departure.ts).
   */
  async function checkTemperature(userId: string, applianceId: string, rows: readonly { ts: Date }[], now: Date): Promise<void> {
    const newest = rows.reduce((a, b) => (b.ts > a.ts ? b : a)).ts;
    if (now.getTime() - newest.getTime() > CURRENT_WINDOW_MS) return;
    // The local date is one of the UTC date and its neighbours; the one statement fetches all three.
    const utcDate = localDateOf(newest, 'UTC');
    const since = new Date(newest.getTime() - CURRENT_WINDOW_MS);
    const found = await store.readings.indoorAgainstPlan(userId, applianceId, { since, until: newest }, [addDays(utcDate, -1), utcDate, addDays(utcDate, 1)]);
    if (!found.zone || found.meanF == null) return;
    const timeZone = effectiveTimeZone(found.zone);
    const plan = found.plans.find((p) => p.local_date === localDateOf(newest, timeZone));
    if (plan && temperatureDeparts(plan.predicted, slotIndexOf(newest, timeZone), found.meanF)) opts.planningEvents.changed(userId, 'measured_temperature');
  }

  /**
   * When this push of a solar appliance's production is the first to reach into a new half hour,
   * compares the half hour just ended with the generation the day's plan forecast there, and asks
   * for a re-plan of the rest of the day (paced per account) when it departs
   * (domain/planning/load-departure.ts: the same margins as the household load).
   */
  async function checkSolar(userId: string, applianceId: string, rows: readonly { ts: Date }[], now: Date): Promise<void> {
    const newest = rows.reduce((a, b) => (b.ts > a.ts ? b : a)).ts;
    if (!isFreshForReplan(newest, now)) return;
    const timeZone = effectiveTimeZone(await opts.profiles.ensure(userId));
    const date = localDateOf(newest, timeZone);
    const slot = slotIndexOf(newest, timeZone);
    if (slot === 0) return;
    const starts = slotStartsUtc(date, timeZone);
    const [ended, current] = [starts[slot - 1]!, starts[slot]!];
    const [{ meanValue, countAfter }, plans] = await Promise.all([
      store.readings.halfHourMean(applianceId, ended, current),
      store.schedules.newest([userId], [date]),
    ]);
    if (meanValue === null || countAfter > rows.filter((r) => r.ts >= current).length) return;
    const planned = plans.find((r) => r.appliance_id === applianceId)?.schedule.generation_kw_48;
    const plannedKw = Array.isArray(planned) ? planned[slot - 1] : undefined;
    if (typeof plannedKw === 'number' && loadDeparts(plannedKw, meanValue / 1000)) opts.planningEvents.changed(userId, 'measured_solar');
  }

  /**
   * Stores `batch` rows with `insert` when today's ceiling allows them; over it, throws 429 and
   * nothing is stored or counted.
   */
  async function chargedInsert(
    userId: string,
    appliances: ApplianceRow[],
    batch: number,
    now: Date,
    insert: (charge: CeilingCharge) => Promise<number | null>,
  ): Promise<void> {
    const activeAppliances = appliances.filter((a) => a.is_active).length;
    const day = ceilingDay(now);
    const total = await insert({ userId, day, ceiling: dailyCeiling(activeAppliances, opts.dailyLimitPerAppliance) });
    if (total !== null) return;
    const storedToday = await store.readings.dailyCount(userId, day);
    throw tooManyRequests(ceilingExceededDetail({ perAppliance: opts.dailyLimitPerAppliance, activeAppliances, storedToday, batch }), secondsUntilReset(now));
  }

  return {
    /** POST /api/v1/readings: HVAC and dehumidifier readings of a user or of a device bound to one appliance. */
    async ingestHvac(caller: ReadingsCaller, request: HvacReadingsRequest, now: Date): Promise<ReadingsAccepted> {
      const client = request.client ? storedClient(request.client) : null;
      const source = caller.boundApplianceId === undefined ? 'user' : 'device';
      const rows = request.readings.map((r) => hvacRow(caller.userId, r, client, source, now));
      const appliances = await store.appliances.listByUser(caller.userId);
      const candidates = appliances.filter((a) => takesHvacReadings(a.appliance_type)).map((a) => a.id);
      request.readings.forEach((reading, i) => {
        const target = resolveReadingTarget(reading.appliance_id ?? undefined, candidates, caller);
        if (!target.ok) throw badRequest(target.detail);
        rows[i]!.appliance_id = target.applianceId;
      });
      await chargedInsert(caller.userId, appliances, rows.length, now, (charge) => store.readings.insertHvacCharged(rows, charge));
      for (const hvac of appliances.filter((a) => a.appliance_type === 'hvac')) {
        const own = rows.filter((r) => r.appliance_id === hvac.id);
        if (own.length > 0) await checkTemperature(caller.userId, hvac.id, own, now);
      }
      return { accepted: rows.length };
    },

    /** POST /api/v1/appliances/{id}/readings: readings of a non-HVAC appliance the user owns. */
    async ingestForAppliance(userId: string, applianceId: string, request: ApplianceReadingsRequest, now: Date): Promise<ReadingsAccepted> {
      const appliances = await store.appliances.listByUser(userId);
      const appliance = appliances.find((a) => a.id === applianceId.toLowerCase());
      if (!appliance) throw notFound(DETAIL.applianceNotFound);
      const type = appliance.appliance_type;
      if (takesHvacReadings(type)) throw badRequest(hvacOnValueEndpointDetail(type));
      const rows = request.readings.map((r) => {
        const rangeDetail = valueRangeDetail(type, r.value);
        if (rangeDetail) throw badRequest(rangeDetail);
        if (r.plugged_in != null && type !== 'ev_charger') throw badRequest(PLUGGED_IN_DETAIL);
        return {
          user_id: userId,
          appliance_id: appliance.id,
          ts: readingTime(r.timestamp, now),
          state: r.state,
          value: r.value,
          power_watts: r.power_watts ?? null,
          metadata: r.metadata ?? null,
          plugged_in: r.plugged_in ?? null,
        };
      });
      await chargedInsert(userId, appliances, rows.length, now, (charge) => store.readings.insertForApplianceCharged(rows, charge));
      if (REPLANNED_ON_CHARGE.has(type)) await checkCharge(userId, appliance, rows, now);
      else if (type === 'solar') await checkSolar(userId, appliance.id, rows, now);
      return { accepted: rows.length };
    },
  };
}

/** The row for one validated HVAC reading; appliance_id is resolved later, inside the transaction. */
function hvacRow(userId: string, r: HvacReadingInput, client: Record<string, unknown> | null, source: 'user' | 'device', now: Date): NewHvacReading {
  const hvacState = normalizeHvacState(r.hvac_state, r.hvac_action);
  if (!hvacState) throw badRequest(HVAC_STATE_DETAIL);
  if ((r.target_temp_step == null) !== (r.target_temp_step_unit == null)) throw badRequest(SETPOINT_STEP_PAIR_DETAIL);
  return {
    user_id: userId,
    appliance_id: null,
    ts: readingTime(r.timestamp, now),
    indoor_temp: r.indoor_temp,
    hvac_state: hvacState,
    indoor_humidity: r.indoor_humidity ?? null,
    outdoor_temp: r.outdoor_temp ?? null,
    target_temp: r.target_temp ?? null,
    fan_mode: r.fan_mode ?? null,
    power_watts: r.power_watts ?? null,
    hvac_action: r.hvac_action ?? null,
    commanded_hvac_mode: r.commanded_hvac_mode?.toUpperCase() ?? null,
    commanded_fan_mode: r.commanded_fan_mode ?? null,
    commanded_setpoint: r.commanded_setpoint ?? null,
    indoor_source: r.indoor_source ?? null,
    override_active: r.override_active ?? null,
    room_target: r.room_target ?? null,
    target_temp_step: r.target_temp_step ?? null,
    target_temp_step_unit: r.target_temp_step_unit ?? null,
    client,
    source,
  };
}

/** A validated timestamp as a Date; more than the allowed skew ahead of `now` is a 400. */
function readingTime(timestamp: string, now: Date): Date {
  const ts = new Date(timestamp);
  if (isTooFarInFuture(ts, now)) throw badRequest(FUTURE_TIMESTAMP_DETAIL);
  return ts;
}

/** Only the known client fields are stored (the request passed the 422 check). */
function storedClient(c: ReadingClient): Record<string, unknown> {
  return {
    kind: c.kind,
    version: c.version,
    ...(c.node_bundle !== undefined && { node_bundle: c.node_bundle }),
    ...(c.ha_version != null && { ha_version: c.ha_version }),
  };
}

export type ReadingsService = ReturnType<typeof createReadingsService>;
