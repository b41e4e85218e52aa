// Reads of the schedule endpoints: today's newest rows shaped as the contract's entries.
import {
  DETAIL,
  SCHEDULE_DETAIL,
  type ApplianceScheduleResponse,
  type HvacScheduleResponse,
  type ScheduleHistory,
  type SchedulesUpdatedAt,
  type SchedulesView,
} from '../contract/index.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { defaultsSchedule } from '../domain/planners/hvac.js';
import { historyWindow } from '../domain/planning/history-window.js';
import { clampSetpoints } from '../domain/planning/setpoint-bounds.js';
import { withReasons } from '../domain/planning/stored-reasons.js';
import { isOptimizationEnabled, masterSwitch, planningPreferences } from '../domain/planning/unit-preferences.js';
import { comfortBand } from '../domain/preferences/comfort-band.js';
import { addDays, localDateOf } from '../domain/time/slot-grid.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { isUuid, type Store } from '../store/index.js';
import type { LinkHealthService } from './link-health.js';
import type { ProfilesService } from './profiles.js';
import { historyRow, planMade, scheduleEntry } from './schedules-entries.js';

/** A device token's scope: it may read only its bound appliance. */
export interface DeviceScope {
  applianceId: string;
}

/** The schedule reads: per HVAC, per appliance, the unified view, history and freshness. */
export function createSchedulesService(store: Store, deps: { profiles: ProfilesService; linkHealth: LinkHealthService }) {
  /** The account's time zone, stored preferences and appliances (oldest first). */
  async function account(userId: string) {
    const [[facts], appliances] = await Promise.all([store.planningInputs.accounts([userId]), store.planningInputs.appliances([userId])]);
    const profile = facts?.profile ?? (await deps.profiles.ensure(userId));
    return { timeZone: effectiveTimeZone(profile), accountPrefs: facts?.accountPrefs ?? {}, appliances };
  }

  /** The newest row of each appliance of the account for `date`, by appliance id. */
  async function newestRows(userId: string, date: string) {
    return new Map((await store.schedules.newest([userId], [date])).map((r) => [r.appliance_id, r]));
  }

  /** The unified view of today, active appliances only (an inactive one is not to be driven). */
  async function view(userId: string, now: Date): Promise<SchedulesView> {
    const { timeZone, accountPrefs, appliances } = await account(userId);
    const date = localDateOf(now, timeZone);
    const [rows, health, home] = await Promise.all([newestRows(userId, date), deps.linkHealth.healthFor(userId, now), store.homePlans.newest(userId, date)]);
    const active = appliances.filter((a) => a.is_active);
    return {
      date,
      appliances: active.map((a) => ({
        ...scheduleEntry(a, rows.get(a.id) ?? null, health),
        optimization_enabled: isOptimizationEnabled(accountPrefs, a.unitPrefs),
      })),
      optimization_enabled: masterSwitch(accountPrefs),
      integration_health: health,
      home,
      made: active.flatMap((a) => {
        const row = rows.get(a.id);
        return row ? [planMade(row)] : [];
      }),
    };
  }

  return {
    view,

    /**
     * GET /api/v1/schedule: one HVAC's today; else its newest row of yesterday marked stale; else
     * a defaults body from its preferences (not stored). A device reads its own appliance.
     */
    async hvacSchedule(userId: string, applianceId: unknown, device: DeviceScope | undefined, now: Date): Promise<HvacScheduleResponse> {
      const { timeZone, accountPrefs, appliances } = await account(userId);
      const hvacs = appliances.filter((a) => a.appliance_type === 'hvac');
      const wanted = applianceId === undefined || applianceId === '' ? undefined : applianceId;
      if (device && wanted !== undefined && wanted !== device.applianceId) throw forbidden(SCHEDULE_DETAIL.foreignDevice);
      let hvac;
      if (device) hvac = hvacs.find((a) => a.id === device.applianceId);
      else if (wanted !== undefined) hvac = isUuid(wanted) ? hvacs.find((a) => a.id === wanted.toLowerCase()) : undefined;
      else if (hvacs.length > 1) throw badRequest(SCHEDULE_DETAIL.multipleHvac);
      else hvac = hvacs[0];
      if (!hvac) throw notFound(DETAIL.applianceNotFound);

      const today = localDateOf(now, timeZone);
      const rows = await store.schedules.newest([userId], [today, addDays(today, -1)]);
      const mine = rows.filter((r) => r.appliance_id === hvac.id);
      const row = mine.find((r) => r.local_date === today) ?? mine.find((r) => r.local_date !== today);
      const prefs = planningPreferences(accountPrefs, hvac.unitPrefs);
      if (!row) {
        return {
          date: today,
          schedule: clampSetpoints(
            defaultsSchedule(comfortBand(prefs)) as unknown as Record<string, unknown>,
            hvac.config,
          ) as unknown as HvacScheduleResponse['schedule'],
          mode: prefs.optimization_mode,
          estimated_savings_pct: 0,
          model_confidence: null,
          generated_at: now.toISOString(),
          source: 'defaults',
        };
      }
      return {
        date: row.local_date,
        schedule: withReasons(clampSetpoints(row.schedule, hvac.config), row.source) as unknown as HvacScheduleResponse['schedule'],
        mode: (row.mode ?? prefs.optimization_mode) as HvacScheduleResponse['mode'],
        estimated_savings_pct: row.estimated_savings_pct,
        model_confidence: row.model_confidence,
        generated_at: new Date(row.created_at).toISOString(),
        ...(row.local_date !== today && { stale: true as const }),
        source: row.source,
      };
    },

    /** GET /api/v1/appliances/{id}/schedule: today's newest row of one appliance, or the empty defaults entry. */
    async applianceSchedule(userId: string, applianceId: string, device: DeviceScope | undefined, now: Date): Promise<ApplianceScheduleResponse> {
      if (device && applianceId.toLowerCase() !== device.applianceId) throw forbidden(SCHEDULE_DETAIL.foreignDevice);
      const { timeZone, appliances } = await account(userId);
      const appliance = isUuid(applianceId) ? appliances.find((a) => a.id === applianceId.toLowerCase()) : undefined;
      if (!appliance) throw notFound(DETAIL.applianceNotFound);
      const date = localDateOf(now, timeZone);
      const [rows, health] = await Promise.all([
        newestRows(userId, date),
        appliance.appliance_type === 'hvac' ? deps.linkHealth.healthFor(userId, now) : Promise.resolve(null),
      ]);
      const entry = scheduleEntry(appliance, rows.get(appliance.id) ?? null, health);
      const { appliance_id, appliance_type, name, ...rest } = entry;
      return { appliance_id, appliance_type, name, date, ...rest };
    },

    /** GET /api/v1/schedules/history. */
    async history(userId: string, query: { appliance_id?: unknown; start?: unknown; end?: unknown }, now: Date): Promise<ScheduleHistory> {
      const { timeZone, appliances } = await account(userId);
      let selected = appliances;
      if (query.appliance_id !== undefined) {
        const id = query.appliance_id;
        selected = isUuid(id) ? appliances.filter((a) => a.id === id.toLowerCase()) : [];
        if (selected.length === 0) throw notFound(SCHEDULE_DETAIL.historyApplianceNotFound);
      }
      const window = historyWindow(query, localDateOf(now, timeZone));
      if (!window.ok) throw badRequest(window.detail);
      const rows = await store.schedules.history(userId, query.appliance_id === undefined ? null : selected[0]!.id, window.start, window.end);
      return {
        start: window.start,
        end: window.end,
        appliances: selected.map((a) => ({
          appliance_id: a.id,
          appliance_type: a.appliance_type,
          name: a.name,
          history: rows.filter((r) => r.appliance_id === a.id).map(historyRow),
        })),
      };
    },

    /** GET /api/v1/schedules/updated-at: when a schedule of the account's local today was last written. */
    async updatedAt(userId: string, now: Date): Promise<SchedulesUpdatedAt> {
      // Every zone's today is the UTC date or a day either side: all three stamps come with the
      // profile in one statement, and the time zone picks one.
      const utcToday = localDateOf(now, 'UTC');
      const dates = [addDays(utcToday, -1), utcToday, addDays(utcToday, 1)];
      const found = await store.schedules.profileWithStamps(userId, dates);
      const today = localDateOf(now, effectiveTimeZone(found.profile ?? (await deps.profiles.ensure(userId))));
      const at = found.stamps[dates.indexOf(today)] ?? null;
      return { updated_at: at ? new Date(at).toISOString() : null };
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
