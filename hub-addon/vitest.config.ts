import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code in src/; tests against the Home Assistant simulator and the
// real built cloud over loopback live in test/.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    globalSetup: ['test/support/global-setup.ts'],
    // A hook may start the built cloud (an embedded PostgreSQL) on a loaded machine; stopping it is
    // SIGTERM then SIGKILL after 20 s (@offpeak/cloud/testing). Nothing waits longer than that: a
    // stuck hook or teardown fails the run instead of leaving a worker idle.
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
