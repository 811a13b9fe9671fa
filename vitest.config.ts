// Test runner configuration: tests live beside their modules as *.test.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,sim,traces,converters,analysis,reports,bench}/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    setupFiles: ['src/cli/test-setup.ts'],
  },
});
