import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code in src/.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
