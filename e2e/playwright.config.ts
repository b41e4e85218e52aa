import { defineConfig } from '@playwright/test';

// Two projects. `dashboard`: every journey in Debian's Chromium against the built cloud, which the
// global setup starts on a free port with a fresh embedded PostgreSQL. `system`: the whole system
// on an accelerated clock (system/, each test starts its own PostgreSQL, clouds and homes), run
// after the dashboard journeys so it has the machine's two cores to itself. Root `npm test` builds
// everything first.
const chromium = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 900 },
  locale: 'en-US',
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  },
  trace: 'off' as const,
  screenshot: 'off' as const,
  video: 'off' as const,
};

export default defineConfig({
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers: the machine has two cores, shared with the cloud under test.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: chromium,
  projects: [
    { name: 'dashboard', testDir: './specs', fullyParallel: true },
    // The load bench's pure parts (its drift generator, its re-plan figures): no browser, no cloud.
    { name: 'bench', testDir: './bench/system', testMatch: /\.test\.ts$/ },
    { name: 'system', testDir: './system', testMatch: /\.spec\.ts$/, fullyParallel: false, dependencies: ['dashboard'], timeout: 15 * 60_000 },
  ],
});
