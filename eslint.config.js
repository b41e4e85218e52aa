// One linter for every workspace (docs/README.md "Tools"). Syntax-only typescript-eslint: the parser
// needs TypeScript's JavaScript API, which typescript 7 (the native compiler the workspaces build
// with) does not ship, so the root pins typescript 6.0 for the parser alone. The layering of the
// cloud (docs/README.md "Layering") is enforced by eslint/layering.js.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layeringConfigs } from './eslint/layering.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read loosely typed response bodies; benches take heterogeneous cases.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts', 'cloud/src/bench/**/*.ts', 'hub-addon/src/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright fixtures that need no other fixture destructure `{}` by the runner's convention.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  ...layeringConfigs,
);
