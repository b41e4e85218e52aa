import { defineConfig } from 'vitest/config';

// Unit tests of the pure modules (formatting, form rules, error placement, chart summaries); the
// screens themselves are tested in a real browser by ../e2e.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
