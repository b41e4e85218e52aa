// Journeys that need a cloud of their own settings, or its log: a second instance on the suite's
// database (startCloudOnSameDatabase), one per worker, which the pages of the test then use.
import { setTimeout as sleep } from 'node:timers/promises';
import { startCloudOnSameDatabase, type RunningCloud } from './cloud.js';
import { test as base } from './fixtures.js';

/** The suite's fixtures, with `ownCloud` started with `env` and the pages pointed at it. */
export function testWithOwnCloud(env: Record<string, string>) {
  return base.extend<object, { ownCloud: RunningCloud }>({
    ownCloud: [
      async ({}, use) => {
        const cloud = await startCloudOnSameDatabase(process.env.E2E_DATA_DIR!, env);
        await use(cloud);
        await cloud.stop();
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ ownCloud }, use) => use(ownCloud.url),
  });
}

/**
 * The path of the link (matching `path`) in the newest mail to `email` that the instance's log
 * mailer wrote; the path only, as the log names localhost:PORT=0. Waits up to 10 s for the mail.
 */
export async function mailedLinkPath(cloud: RunningCloud, email: string, path: RegExp): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const mail = cloud
      .output()
      .split('\n')
      .filter((line) => line.includes('email (log mailer)') && line.includes(email) && path.test(line))
      .at(-1);
    const found = mail && path.exec(mail)?.[0];
    if (found) return found;
    await sleep(100);
  }
  throw new Error(`no mail to ${email} with a link like ${path} in the cloud's log`);
}
