// `@offpeak/cloud/testing`: the built cloud as a child process, for other workspaces' tests and benches.
export { builtCloudEnv, runBuiltAdmin, startBuiltCloud, type BuiltCloud, type BuiltCloudOptions } from './built-cloud.js';
export { useRunTempRoot } from './temp-root.js';
/** The cloud's own check of an appliance config, for clients' tests that keep their forms in step with it. */
export { parseConfig } from '../domain/appliance-types/index.js';
export { nyisoDayBody, startFakePriceFeed, type FakePriceFeed } from './fake-price-feed.js';
/** Local calendar arithmetic the fake feed's users schedule publication with. */
export { addDays } from '../domain/time/calendar.js';
export { localHourStartUtc } from '../domain/tariffs/feeds/market-time.js';
