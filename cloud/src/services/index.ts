import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Store } from '../store/index.js';
import { createAuthService } from './auth.js';
import { createAppliancesService } from './appliances.js';
import { createCommandWaiters } from './command-waiters.js';
import { createConstraintsService } from './constraints.js';
import { createDailyMetricsJob, METRICS_RUN_LEASE_MS } from './daily-metrics-job.js';
import { createDeviceCommandsService } from './device-commands.js';
import { createDevicesService } from './devices.js';
import { createInsightsService } from './insights.js';
import { logMailer, type Mailer } from './mailer.js';
import { createMetricsService } from './metrics.js';
import { PlanningEvents } from './planning-events.js';
import { createPreferencesService } from './preferences.js';
import { createPriceFeedsService, type PriceFeedsConfig } from './price-feeds.js';
import { createProfilesService } from './profiles.js';
import { createPurgeService } from './purge.js';
import { createLinkHealthService } from './link-health.js';
import { createRateLimiter } from './rate-limiter.js';
import { createRatesService } from './rates.js';
import { createHouseholdLoadService } from './household-load.js';
import { createHubEntitiesService } from './hub-entities.js';
import { createReadingsService } from './readings.js';
import { createWeatherService } from './weather.js';
import { createOutdoorForecastService } from './outdoor-forecast.js';
import { createModelRefitService } from './model-refit.js';
import { createNightlyRunService } from './nightly-run.js';
import { createRecomputeService } from './recompute.js';
import { createReadinessService } from './readiness.js';
import { createRecomputeQueue } from './recompute-queue.js';
import { ScheduleEvents } from './schedule-events.js';
import { createSchedulesService } from './schedules.js';

export interface ServiceOptions {
  config: Pick<Config, 'emailConfirmationRequired' | 'authRateLimitPerMinute' | 'authRateLimitPerIpPerMinute' | 'readingsDailyLimitPerAppliance'> &
    PriceFeedsConfig &
    Pick<Config, 'dynamicPriceAdderCentsPerKwh' | 'weatherFallbackBaseUrl' | 'weatherFallbackTimeoutMs' | 'weatherFallbackCacheMinutes'> &
    Pick<
      Config,
      | 'recomputeDebounceMs'
      | 'recomputeRefinementSpreadMs'
      | 'replanMinIntervalMs'
      | 'planningWorkers'
      | 'planningBatchSize'
      | 'planningJobLeaseMs'
      | 'planningPollMs'
    > &
    Pick<Config, 'deviceReadingPushIntervalS' | 'deviceCaptureIntervalS' | 'deviceCommandPollWaitS'> &
    Pick<Config, 'longPollMaxParked' | 'longPollMaxPerDevice' | 'deviceCommandsPerPoll'> &
    Pick<Config, 'appliancesMaxPerAccount' | 'recomputeLimitPerMinute' | 'scheduleHistoryRowsPerDay' | 'purgeRetentionDays'> &
    Pick<Config, 'metricsMinCohortHomes' | 'metricsBatchDays'>;
  /** The database the command waiters LISTEN on (their own connection, outside the pool). */
  databaseUrl: string;
  jwtSecret: string;
  publicUrl: () => string;
  /** Replaces the log mailer (tests capture mails with it). */
  mailer?: Mailer;
  /** What time it is for planning (default the system clock; the system tests accelerate it). */
  clock?: Clock;
}

/** Wires every use case over one store. */
export function createServices(store: Store, opts: ServiceOptions) {
  const clock = opts.clock ?? systemClock;
  const planningEvents = new PlanningEvents();
  const profiles = createProfilesService(store, { planningEvents });
  const rateLimiter = createRateLimiter(store);
  const auth = createAuthService(store, {
    jwtSecret: opts.jwtSecret,
    emailConfirmationRequired: opts.config.emailConfirmationRequired,
    publicUrl: opts.publicUrl,
    perAccountPerMinute: opts.config.authRateLimitPerMinute,
    perIpPerMinute: opts.config.authRateLimitPerIpPerMinute,
    mailer: opts.mailer ?? logMailer,
    rateLimiter,
  });
  const scheduleEvents = new ScheduleEvents();
  const appliances = createAppliancesService(store, { planningEvents, maxPerAccount: opts.config.appliancesMaxPerAccount });
  const constraints = createConstraintsService(store, { appliances, planningEvents });
  const preferences = createPreferencesService(store, { appliances, planningEvents });
  const readings = createReadingsService(store, { dailyLimitPerAppliance: opts.config.readingsDailyLimitPerAppliance, profiles, planningEvents });
  const householdLoad = createHouseholdLoadService(store, { profiles, planningEvents, dailyLimitPerAppliance: opts.config.readingsDailyLimitPerAppliance });
  const hubEntities = createHubEntitiesService(store);
  const linkHealth = createLinkHealthService(store, { pushIntervalS: opts.config.deviceReadingPushIntervalS });
  const rates = createRatesService(store, { profiles, planningEvents, defaultAdderCentsPerKwh: opts.config.dynamicPriceAdderCentsPerKwh });
  const priceFeeds = createPriceFeedsService(store, { planningEvents, config: opts.config });
  const weather = createWeatherService(store, { profiles, planningEvents });
  const outdoorForecast = createOutdoorForecastService({ weather, config: opts.config });
  const schedules = createSchedulesService(store, { profiles, linkHealth });
  const modelRefit = createModelRefitService(store, { weather, outdoorForecast, profiles });
  const insights = createInsightsService(store, { appliances, weather });
  const recompute = createRecomputeService(store, {
    profiles,
    outdoorForecast,
    modelRefit,
    scheduleEvents,
    schedules,
    defaultAdderCentsPerKwh: opts.config.dynamicPriceAdderCentsPerKwh,
    recomputeLimit: { perMinute: opts.config.recomputeLimitPerMinute, limiter: rateLimiter },
    historyRowsPerDay: opts.config.scheduleHistoryRowsPerDay,
  });
  const recomputeQueue = createRecomputeQueue(store, {
    recompute,
    planningEvents,
    clock,
    config: {
      debounceMs: opts.config.recomputeDebounceMs,
      refinementSpreadMs: opts.config.recomputeRefinementSpreadMs,
      pacedMinIntervalMs: opts.config.replanMinIntervalMs,
      leaseMs: opts.config.planningJobLeaseMs,
      pollMs: opts.config.planningPollMs,
      concurrency: opts.config.planningWorkers,
      batchSize: opts.config.planningBatchSize,
    },
  });
  const nightlyRun = createNightlyRunService(store);
  const commandWaiters = createCommandWaiters({ databaseUrl: opts.databaseUrl });
  const devices = createDevicesService(store, {
    appliances,
    profiles,
    preferences,
    planningEvents,
    intervals: {
      readingPushIntervalS: opts.config.deviceReadingPushIntervalS,
      captureIntervalS: opts.config.deviceCaptureIntervalS,
      commandPollWaitS: opts.config.deviceCommandPollWaitS,
    },
  });
  const deviceCommands = createDeviceCommandsService(store, {
    appliances,
    readings,
    waiters: commandWaiters,
    clock,
    limits: {
      maxParked: opts.config.longPollMaxParked,
      maxParkedPerDevice: opts.config.longPollMaxPerDevice,
      commandsPerPoll: opts.config.deviceCommandsPerPoll,
    },
  });
  const metrics = createMetricsService(store, { profiles, rates, defaultAdderCentsPerKwh: opts.config.dynamicPriceAdderCentsPerKwh });
  const dailyMetrics = createDailyMetricsJob(store, {
    defaultAdderCentsPerKwh: opts.config.dynamicPriceAdderCentsPerKwh,
    batchDays: opts.config.metricsBatchDays,
    leaseMs: METRICS_RUN_LEASE_MS,
    minCohortHomes: opts.config.metricsMinCohortHomes,
  });
  const purge = createPurgeService(store, { retentionDays: opts.config.purgeRetentionDays });
  scheduleEvents.subscribe((_userId, applianceIds) => deviceCommands.nudgeForNewSchedules(applianceIds));
  const readiness = createReadinessService(store);
  return {
    clock,
    readiness,
    rateLimiter,
    auth,
    profiles,
    planningEvents,
    readings,
    householdLoad,
    hubEntities,
    linkHealth,
    appliances,
    constraints,
    preferences,
    rates,
    priceFeeds,
    weather,
    outdoorForecast,
    commandWaiters,
    devices,
    deviceCommands,
    scheduleEvents,
    schedules,
    modelRefit,
    insights,
    recompute,
    recomputeQueue,
    nightlyRun,
    metrics,
    dailyMetrics,
    purge,
  };
}

export type Services = ReturnType<typeof createServices>;
