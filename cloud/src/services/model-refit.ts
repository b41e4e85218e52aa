// Learned models: each HVAC's thermal model (fitted when warm-up ends, refitted weekly) and each
// solar array's learned yield (refitted weekly). docs/schedules-and-recompute.md "Models".
import type { Logger } from 'pino';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { DEFAULT_TILT_DEGREES } from '../domain/solar/array-forecast.js';
import { DEFAULT_AZIMUTH_DEGREES } from '../domain/appliance-types/index.js';
import { coordinatesOf } from '../domain/forecast/location.js';
import { weatherPointsFromPushes } from '../domain/planning/weather-history.js';
import { numberOr } from '../domain/planning/stored-values.js';
import { fitArrayYield } from '../domain/solar/yield-fit.js';
import { fitThermalModel } from '../domain/thermal/fit.js';
import { warmupStatus, type WarmupStatus } from '../domain/thermal/warmup.js';
import { log } from '../log.js';
import type { Store, StoredThermalModel } from '../store/index.js';
import { locationOf, type OutdoorForecastService } from './outdoor-forecast.js';
import type { ProfilesService } from './profiles.js';
import type { WeatherService } from './weather.js';
import { DAY_MS } from '../domain/time/durations.js';

/** Readings of the last two weeks are what a fit learns from. */
export const FIT_WINDOW_DAYS = 14;

/** The outcome of asking whether a warming-up HVAC can leave warm-up now. */
export type WarmupOutcome = { model: StoredThermalModel } | { model: null; warmup: WarmupStatus | null };

export interface RefitReport {
  hvacs: number;
  fitted: number;
  solarArrays: number;
  solarFitted: number;
  failed: number;
}

/** Fits and stores learned models. */
export function createModelRefitService(
  store: Store,
  deps: {
    weather: Pick<WeatherService, 'forecastHistory'>;
    outdoorForecast: Pick<OutdoorForecastService, 'irradianceHistory'>;
    profiles: Pick<ProfilesService, 'ensure'>;
    logger?: Logger;
  },
) {
  const logger = deps.logger ?? log('model-refit');

  /** Fits one HVAC from the last 14 days; stores and returns the model, or null when the data cannot support one. */
  async function fitHvac(userId: string, applianceId: string, now: Date, readings?: Awaited<ReturnType<Store['thermalModels']['readings']>>) {
    const since = new Date(now.getTime() - FIT_WINDOW_DAYS * DAY_MS);
    const history = readings ?? (await store.thermalModels.readings(applianceId, since, now));
    const weather = weatherPointsFromPushes(await deps.weather.forecastHistory(userId, since, now));
    const model = fitThermalModel(history, weather);
    if (!model) return null;
    await store.thermalModels.save(applianceId, model, now);
    logger.info(
      { userId, applianceId, samples: model.stats.samples, heldOutRmseF: model.stats.heldOutRmseF, confidence: model.confidence },
      `thermal model fitted appliance=${applianceId} samples=${model.stats.samples} confidence=${model.confidence}`,
    );
    return { ...model, applianceId, fittedAt: now } satisfies StoredThermalModel;
  }

  /** Refits one array's learned yield: stores an accepted fit, forgets one no longer accepted. */
  async function fitSolar(array: Awaited<ReturnType<Store['solarFits']['activeArrays']>>[number], now: Date): Promise<boolean> {
    const profile = array.profile ?? (await deps.profiles.ensure(array.userId));
    const timeZone = effectiveTimeZone(profile);
    const since = new Date(now.getTime() - FIT_WINDOW_DAYS * DAY_MS);
    const account = { userId: array.userId, locationZip: profile.location_zip, coordinates: coordinatesOf(profile), timeZone };
    const readings = await store.solarFits.production(array.applianceId, since, now);
    if (readings.length === 0) return false;
    const history = await deps.outdoorForecast.irradianceHistory(account, since, now, now);
    if (!history) return false;
    const location = locationOf(account);
    const outcome = fitArrayYield({
      readings,
      history,
      location,
      geometry: {
        tiltDegrees: numberOr(array.config, 'tilt_degrees', DEFAULT_TILT_DEGREES),
        azimuthDegrees: numberOr(array.config, 'azimuth_degrees', DEFAULT_AZIMUTH_DEGREES),
      },
      timeZone,
      now,
    });
    if (!outcome.ok) {
      await store.solarFits.remove(array.applianceId);
      logger.info({ applianceId: array.applianceId, reason: outcome.reason }, `solar yield not learned appliance=${array.applianceId}: ${outcome.reason}`);
      return false;
    }
    await store.solarFits.save(array.applianceId, outcome.fit);
    return true;
  }

  /**
   * The weekly refit: every active HVAC (one still warming up only once its readings meet the
   * rule; a fitted one keeps its model when the last two weeks cannot support a new one) and
   * every active solar array with production readings. One unit's failure is logged and skipped.
   */
  async function refitEvery(now: Date, signal?: AbortSignal): Promise<RefitReport> {
    const report: RefitReport = { hvacs: 0, fitted: 0, solarArrays: 0, solarFitted: 0, failed: 0 };
    const hvacs = await store.thermalModels.activeHvacs();
    const fitted = new Set((await store.thermalModels.find(hvacs.map((h) => h.applianceId))).map((m) => m.applianceId));
    for (const { userId, applianceId } of hvacs) {
      if (signal?.aborted) break;
      report.hvacs++;
      try {
        const readings = await store.thermalModels.readings(applianceId, new Date(now.getTime() - FIT_WINDOW_DAYS * DAY_MS), now);
        const eligible = fitted.has(applianceId) || warmupStatus(readings).ready;
        if (eligible && (await fitHvac(userId, applianceId, now, readings))) report.fitted++;
      } catch (err) {
        report.failed++;
        logger.error({ err, applianceId }, `thermal refit failed appliance=${applianceId}`);
      }
    }
    for (const array of await store.solarFits.activeArrays()) {
      if (signal?.aborted) break;
      report.solarArrays++;
      try {
        if (await fitSolar(array, now)) report.solarFitted++;
      } catch (err) {
        report.failed++;
        logger.error({ err, applianceId: array.applianceId }, `solar refit failed appliance=${array.applianceId}`);
      }
    }
    return report;
  }

  return {
    /**
     * The refit when warm-up ends, called by the recompute for an HVAC without a model: when its
     * readings now meet the warm-up rule, fits and stores the model. `readingCount` (readings in
     * the fit window, from one batched count) skips loading for units with none.
     */
    async endWarmup(userId: string, applianceId: string, readingCount: number, now: Date): Promise<WarmupOutcome> {
      if (readingCount === 0) return { model: null, warmup: null };
      const readings = await store.thermalModels.readings(applianceId, new Date(now.getTime() - FIT_WINDOW_DAYS * DAY_MS), now);
      const warmup = warmupStatus(readings);
      if (!warmup.ready) return { model: null, warmup };
      const model = await fitHvac(userId, applianceId, now, readings);
      return model ? { model } : { model: null, warmup };
    },

    /** The weekly refit of every active HVAC and solar array (refitEvery). */
    refitAll: (now: Date, signal?: AbortSignal): Promise<RefitReport> => refitEvery(now, signal),

    /** The weekly job's refit: one instance runs it; null when another holds the refit lock. */
    refitAllOnce: (now: Date, signal?: AbortSignal): Promise<RefitReport | null> => store.jobs.withRefitLock(() => refitEvery(now, signal)),
  };
}

export type ModelRefitService = ReturnType<typeof createModelRefitService>;
