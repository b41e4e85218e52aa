// One cloud for the whole run; every spec signs up its own accounts, so specs never share data.
import { startCloud } from './cloud.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const cloud = await startCloud();
  // Workers inherit the environment the global setup leaves behind.
  process.env.E2E_BASE_URL = cloud.url;
  process.env.E2E_DATA_DIR = cloud.dataDir;
  return async () => {
    await cloud.stop();
  };
}
