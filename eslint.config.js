// Lint configuration: typescript-eslint recommended rules, plus the house rules on randomness and exits.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Modules that run on the wall clock (the broker's leases, the replay's deadlines, the cell threads' settling).
const WALL_CLOCK = ['broker/**/*.ts', 'replay/*-{adapter,client,driver,probe}.ts', 'replay/wall-clock.ts', 'experiments/cell-{pool,queue,thread}.ts'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'coverage/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', performance: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly', structuredClone: 'readonly', AbortController: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Pass a seeded generator instead (SPEC §2).' }],
    },
  },
  {
    files: ['{src,traces,sim,converters,broker,analysis,reports,experiments,replay}/**/*.ts'],
    ignores: ['cli/**', ...WALL_CLOCK, '**/*.test.ts', 'bench/**'],
    rules: {
      'no-restricted-properties': ['error',
        { object: 'Math', property: 'random', message: 'Pass a seeded generator instead (SPEC §2).' },
        { object: 'process', property: 'exit', message: 'Only cli/ may exit (STYLE.md).' },
        { object: 'Date', property: 'now', message: 'Wall-clock time never reaches a result (SPEC §2).' }],
    },
  },
  {
    // Wall-clock modules may read the clock, but like everything outside cli/ they never exit the process.
    files: WALL_CLOCK,
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error',
        { object: 'Math', property: 'random', message: 'Pass a seeded generator instead (SPEC §2).' },
        { object: 'process', property: 'exit', message: 'Only cli/ may exit (STYLE.md).' }],
    },
  },
);
