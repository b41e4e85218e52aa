import type { Config } from '../config.js';
import type { Store } from '../store/index.js';
import { createAuthService } from './auth.js';
import { createAppliancesService } from './appliances.js';
import { createConstraintsService } from './constraints.js';
import { logMailer, type Mailer } from './mailer.js';
import { PlanningEvents } from './planning-events.js';
import { createPreferencesService } from './preferences.js';
import { createPriceFeedsService, type PriceFeedsConfig } from './price-feeds.js';
import { createProfilesService } from './profiles.js';
import { createLinkHealthService } from './link-health.js';
import { createRatesService } from './rates.js';
import { createReadingsService } from './readings.js';
import { createWeatherService } from './weather.js';
import { createOutdoorForecastService } from './outdoor-forecast.js';

export interface ServiceOptions {
  config: Pick<Config, 'emailConfirmationRequired' | 'authRateLimitPerMinute' | 'authRateLimitPerIpPerMinute' | 'readingsDailyLimitPerAppliance'> &
    PriceFeedsConfig &
    Pick<Config, 'dynamicPriceAdderCentsPerKwh' | 'weatherFallbackBaseUrl' | 'weatherFallbackTimeoutMs' | 'weatherFallbackCacheMinutes'>;
  jwtSecret: string;
  publicUrl: string;
  /** Replaces the log mailer (tests capture mails with it). */
  mailer?: Mailer;
}

/** Wires every use case over one store. */
export function createServices(store: Store, opts: ServiceOptions) {
  const profiles = createProfilesService(store);
  const auth = createAuthService(store, {
    jwtSecret: opts.jwtSecret,
    emailConfirmationRequired: opts.config.emailConfirmationRequired,
    publicUrl: opts.publicUrl,
    perAccountPerMinute: opts.config.authRateLimitPerMinute,
    perIpPerMinute: opts.config.authRateLimitPerIpPerMinute,
    mailer: opts.mailer ?? logMailer,
  });
  const planningEvents = new PlanningEvents();
  const appliances = createAppliancesService(store, { planningEvents });
  const constraints = createConstraintsService(store, { appliances, planningEvents });
  const preferences = createPreferencesService(store, { appliances, planningEvents });
  const readings = createReadingsService(store, { dailyLimitPerAppliance: opts.config.readingsDailyLimitPerAppliance });
  const linkHealth = createLinkHealthService(store);
  const rates = createRatesService(store, { profiles, planningEvents, defaultAdderCentsPerKwh: opts.config.dynamicPriceAdderCentsPerKwh });
  const priceFeeds = createPriceFeedsService(store, { planningEvents, config: opts.config });
  const weather = createWeatherService(store, { profiles, planningEvents });
  const outdoorForecast = createOutdoorForecastService({ weather, config: opts.config });
  return { db: store.db, store, auth, profiles, planningEvents, readings, linkHealth, appliances, constraints, preferences, rates, priceFeeds, weather, outdoorForecast };
}

export type Services = ReturnType<typeof createServices>;
