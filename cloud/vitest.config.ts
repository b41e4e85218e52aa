import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure code, tests beside it in src/) and `api` (routes against a real
// embedded PostgreSQL started once per run by the global setup). Run one with --project unit.
export default defineConfig({
  test: {
    pool: 'forks',
    // Quiet logs unless asked for: LOG_LEVEL=debug npx vitest run ...
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
