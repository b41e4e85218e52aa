// `@offpeak/cloud/testing`: the built cloud as a child process, for other workspaces' tests and benches.
export { builtCloudEnv, runBuiltAdmin, startBuiltCloud, type BuiltCloud, type BuiltCloudOptions } from './built-cloud.js';
export { useRunTempRoot } from './temp-root.js';
