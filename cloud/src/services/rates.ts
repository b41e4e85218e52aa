import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { buildRateCurve, validateRateUpdate, type RateCurveResponse } from '../domain/tariffs/rate-curve.js';
import type { StoredRateSettings } from '../domain/tariffs/rate-settings.js';
import { localDateOf, type LocalDate } from '../domain/time/slot-grid.js';
import { badRequest } from '../errors.js';
import type { ProfileRow, Store } from '../store/index.js';
import { dynamicPointsLoader } from './dynamic-points.js';
import type { PlanningEvents } from './planning-events.js';
import type { ProfilesService } from './profiles.js';

/** True when both settings hold the same values (a PUT that changes nothing publishes nothing). */
function isSameSettings(a: StoredRateSettings, b: StoredRateSettings): boolean {
  return (Object.keys(a) as (keyof StoredRateSettings)[]).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/** GET/PUT /api/v1/rates and the curve the optimizer plans a day with. */
export function createRatesService(store: Store, deps: { profiles: ProfilesService; planningEvents: PlanningEvents; defaultAdderCentsPerKwh: number }) {
  const { profiles, planningEvents, defaultAdderCentsPerKwh } = deps;

  /** The rate curve of one local date of the account. */
  async function buildFor(
    userId: string,
    profile: ProfileRow,
    date: LocalDate,
    stored?: Omit<StoredRateSettings, 'pricing_location'>,
  ): Promise<RateCurveResponse> {
    const timeZone = effectiveTimeZone(profile);
    const settings: StoredRateSettings = {
      ...(stored ?? (await store.rateSettings.find(userId))),
      pricing_location: profile.pricing_location,
    };
    return buildRateCurve({
      settings,
      date,
      timeZone,
      defaultAdderCentsPerKwh,
      dynamicPoints: await dynamicPointsLoader(store.prices)(settings, date, timeZone),
    });
  }

  /** The curve of the account's local today. */
  async function curve(userId: string, now: Date): Promise<RateCurveResponse> {
    const found = await store.rateSettings.findWithProfile(userId);
    const profile = found?.profile ?? (await profiles.ensure(userId));
    return buildFor(userId, profile, localDateOf(now, effectiveTimeZone(profile)), found?.settings);
  }

  return {
    curve,

    /** The curve of any local date of the account (the optimizer plans the next local day). */
    async curveForDate(userId: string, date: LocalDate): Promise<RateCurveResponse> {
      return buildFor(userId, await profiles.ensure(userId), date);
    },

    /** Validates a PUT body (the domain's rules, first failure is the 400 detail) and stores it. */
    async update(userId: string, body: unknown, now: Date): Promise<RateCurveResponse> {
      await profiles.ensure(userId);
      let isChanged = false;
      await store.rateSettings.modify(userId, (stored) => {
        const result = validateRateUpdate(body, stored);
        if (!result.ok) throw badRequest(result.detail);
        isChanged = !isSameSettings(stored, result.next);
        return result.next;
      });
      if (isChanged) planningEvents.changed(userId, 'rates');
      return curve(userId, now);
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
