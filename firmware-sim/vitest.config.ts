import { defineConfig } from 'vitest/config';

// Unit tests of the pure pieces sit beside them in src/; the runner's tests against a fake cloud
// on loopback live in test/.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
