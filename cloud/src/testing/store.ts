// `@offpeak/cloud/testing/store`: the cloud's database and store, for suites that arrange rows or
// run a job against the database a built cloud uses.
export { configureLogging } from '../log.js';
export { createDatabase, ensureDatabaseExists } from '../store/database.js';
export { freePort, startEmbeddedPostgres, type EmbeddedServer } from '../store/embedded-postgres.js';
export { createStore } from '../store/index.js';
export { openOperatorDatabase } from '../store/operator-database.js';
export { createDailyMetricsJob } from '../services/daily-metrics-job.js';
