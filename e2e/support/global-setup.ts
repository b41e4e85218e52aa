// One cloud for the whole run; every spec signs up its own accounts, so specs never share data.
// Every temporary folder of the run (databases, homes' state folders, browser profiles) is made in
// one folder, removed at the end.
import { useRunTempRoot } from '@offpeak/cloud/testing';
import { startCloud } from './cloud.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const removeTempRoot = useRunTempRoot('e2e');
  const cloud = await startCloud();
  // Workers inherit the environment the global setup leaves behind.
  process.env.E2E_BASE_URL = cloud.url;
  process.env.E2E_DATA_DIR = cloud.dataDir;
  return async () => {
    await cloud.stop();
    removeTempRoot();
  };
}
