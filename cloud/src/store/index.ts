import type { Sequelize, Transaction } from 'sequelize';
import { createAppliancesRepo } from './appliances-repo.js';
import { createApplianceQuotaRepo } from './appliance-quota-repo.js';
import { createCommandsRepo } from './commands-repo.js';
import { createConstraintsRepo } from './constraints-repo.js';
import { createDevicesRepo } from './devices-repo.js';
import { createEnrollTokensRepo } from './enroll-tokens-repo.js';
import { createHouseholdLoadRepo } from './household-load-repo.js';
import { createLedgerRepo } from './ledger-repo.js';
import { createHomePlansRepo } from './home-plans-repo.js';
import { createHubEntitiesRepo } from './hub-entities-repo.js';
import { createPasswordResetsRepo } from './password-resets-repo.js';
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
import { pingDatabase } from './database.js';
import { createSql } from './sql.js';
import { asCallerCode, translatingErrors, translatingRejections } from './database-errors.js';

/**
 * A unit of work's token: repository methods take it to run inside the transaction that
 * `store.transaction` opened. Pass it on; never commit or roll back by hand (docs/store.md).
 */
export type { Transaction };
export { listenForCommands, type CommandNotificationsOptions } from './command-notifications.js';

// The rows and arguments of the repositories, for the services that pass them on.
export { isUuid } from './appliances-repo.js';
export type { HandedOverCommand } from './commands-repo.js';
export type { HalfHourMean } from './household-load-repo.js';
export type { HubEntityListRow } from './hub-entities-repo.js';
export type { LedgerReading } from './ledger-repo.js';
export type { CeilingCharge } from './reading-ceiling-sql.js';
export type { PlanningJob } from './jobs-repo.js';
export type { MetricsPair, NewestPlanRow, PlannedSetpoints, ReadingDayRow } from './metrics-repo.js';
export type { ApplianceRow, NewHvacReading, ProfileRow, WeatherForecastRow } from './models/index.js';
export type { PlanningAccountRow, PlanningApplianceRow, RecentHvacReading } from './planning-inputs-repo.js';
export type { PreferencesMutation } from './preferences-repo.js';
export type { ProfilePatch } from './profiles-repo.js';
export { isLocationPairViolation } from './profiles-repo.js';
export type { PurgeCounts } from './purge-repo.js';
export type { DynamicAccount } from './rate-settings-repo.js';
export type { NewScheduleRow, ScheduleRow, ScheduleSource, ScheduleTrigger } from './schedules-repo.js';
export type { StoredThermalModel } from './thermal-models-repo.js';

/** How a unit of work commits. */
export interface TransactionOptions {
  /**
   * Commit without waiting for the disk flush (PostgreSQL's synchronous_commit off): for work a
   * crash may lose because it is redone (a planning job finished in the same transaction).
   */
  isCommitAsync?: boolean;
}

/**
 * Every repository over one database, its units of work and its readiness probe: the only way
 * the rest of the cloud reaches PostgreSQL. Repositories return plain objects, never model
 * instances, and throw the store's errors (DatabaseUnavailableError, MissingReferenceError) for
 * the failures a use case acts on.
 */
export function createStore(db: Sequelize) {
  return {
    ...repositories(db),

    /**
     * Runs `work` in one transaction: it commits when `work` resolves and rolls back when it
     * throws (the error is rethrown as it was). `work` hands its token to the repositories.
     */
    transaction<T>(work: (transaction: Transaction) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
      const body = asCallerCode(work);
      return translatingRejections(() =>
        db.transaction(async (transaction) => {
          if (opts.isCommitAsync) await db.query('SET LOCAL synchronous_commit TO off', { transaction });
          return body(transaction);
        }),
      );
    },

    /** True when the database answers a trivial query now (readiness). */
    ping: () => pingDatabase(db),
  };
}

/** The repositories, each with its database errors translated (database-errors.ts). */
function repositories(db: Sequelize) {
  const models = defineModels(db);
  const sql = createSql(db);
  const repos = {
    users: createUsersRepo(models, sql),
    profiles: createProfilesRepo(models, sql),
    refreshTokens: createRefreshTokensRepo(db, models),
    passwordResets: createPasswordResetsRepo(sql),
    appliances: createAppliancesRepo(models, sql),
    applianceQuota: createApplianceQuotaRepo(db),
    constraints: createConstraintsRepo(models),
    preferences: createPreferencesRepo(db, models),
    readings: createReadingsRepo(sql),
    householdLoad: createHouseholdLoadRepo(sql),
    ledger: createLedgerRepo(sql),
    homePlans: createHomePlansRepo(db, sql),
    hubEntities: createHubEntitiesRepo(sql),
    rateSettings: createRateSettingsRepo(db, models),
    rateLimits: createRateLimitsRepo(db),
    prices: createPricesRepo(db),
    weather: createWeatherRepo(models),
    enrollTokens: createEnrollTokensRepo(models),
    devices: createDevicesRepo(db, models, sql),
    commands: createCommandsRepo(db, sql),
    schedules: createSchedulesRepo(db, sql),
    thermalModels: createThermalModelsRepo(db),
    solarFits: createSolarFitsRepo(db),
    planningInputs: createPlanningInputsRepo(sql),
    jobs: createJobsRepo(db),
    metrics: createMetricsRepo(db),
    metricsRankings: createMetricsRankingsRepo(db),
    metricsRuns: createMetricsRunsRepo(db),
    purge: createPurgeRepo(db),
  };
  return Object.fromEntries(Object.entries(repos).map(([name, repo]) => [name, translatingErrors(repo)])) as typeof repos;
}

export type Store = ReturnType<typeof createStore>;
