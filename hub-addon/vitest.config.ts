import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code in src/; tests against the Home Assistant simulator and the
// real built cloud over loopback live in test/.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
