import type { Sequelize } from 'sequelize';
import { createAppliancesRepo } from './appliances-repo.js';
import { createApplianceQuotaRepo } from './appliance-quota-repo.js';
import { createCommandsRepo } from './commands-repo.js';
import { createConstraintsRepo } from './constraints-repo.js';
import { createDevicesRepo } from './devices-repo.js';
import { createEnrollTokensRepo } from './enroll-tokens-repo.js';
import { createHouseholdLoadRepo } from './household-load-repo.js';
import { createHomePlansRepo } from './home-plans-repo.js';
import { createPreferencesRepo } from './preferences-repo.js';
import { defineModels } from './models/index.js';
import { createPricesRepo } from './prices-repo.js';
import { createProfilesRepo } from './profiles-repo.js';
import { createPurgeRepo } from './purge-repo.js';
import { createRateLimitsRepo } from './rate-limits-repo.js';
import { createRateSettingsRepo } from './rate-settings-repo.js';
import { createReadingsRepo } from './readings-repo.js';
import { createRefreshTokensRepo } from './refresh-tokens-repo.js';
import { createUsersRepo } from './users-repo.js';
import { createWeatherRepo } from './weather-repo.js';
import { createJobsRepo } from './jobs-repo.js';
import { createMetricsRepo } from './metrics-repo.js';
import { createMetricsRankingsRepo } from './metrics-rankings-repo.js';
import { createMetricsRunsRepo } from './metrics-runs-repo.js';
import { createPlanningInputsRepo } from './planning-inputs-repo.js';
import { createSchedulesRepo } from './schedules-repo.js';
import { createSolarFitsRepo } from './solar-fits-repo.js';
import { createThermalModelsRepo } from './thermal-models-repo.js';

/** Every repository over one database. Repositories return plain objects, never model instances. */
export function createStore(db: Sequelize) {
  const models = defineModels(db);
  return {
    db,
    users: createUsersRepo(models),
    profiles: createProfilesRepo(models),
    refreshTokens: createRefreshTokensRepo(db, models),
    appliances: createAppliancesRepo(models),
    applianceQuota: createApplianceQuotaRepo(db),
    constraints: createConstraintsRepo(models),
    preferences: createPreferencesRepo(db, models),
    readings: createReadingsRepo(db),
    householdLoad: createHouseholdLoadRepo(db),
    homePlans: createHomePlansRepo(db),
    rateSettings: createRateSettingsRepo(db, models),
    rateLimits: createRateLimitsRepo(db),
    prices: createPricesRepo(db),
    weather: createWeatherRepo(models),
    enrollTokens: createEnrollTokensRepo(models),
    devices: createDevicesRepo(db, models),
    commands: createCommandsRepo(db),
    schedules: createSchedulesRepo(db),
    thermalModels: createThermalModelsRepo(db),
    solarFits: createSolarFitsRepo(db),
    planningInputs: createPlanningInputsRepo(db),
    jobs: createJobsRepo(db),
    metrics: createMetricsRepo(db),
    metricsRankings: createMetricsRankingsRepo(db),
    metricsRuns: createMetricsRunsRepo(db),
    purge: createPurgeRepo(db),
  };
}

export type Store = ReturnType<typeof createStore>;
