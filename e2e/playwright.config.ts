import { defineConfig } from '@playwright/test';

// The dashboard in Debian's Chromium against the built cloud, which the global setup starts on a
// free port with a fresh embedded PostgreSQL. Root `npm test` builds everything first.
export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers: the machine has two cores, shared with the cloud under test.
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
});
