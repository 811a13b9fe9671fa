// Test runner configuration: tests live beside their modules as *.test.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,traces,sim,converters,broker,analysis,reports,experiments,replay,cli,bench}/**/*.test.ts'],
    // A hang guard, not a speed check: whole-process tests (hsim demo, run, report) took up to 88 s on 2 cores with
    // two busy loops and other jobs beside them (60 s timed out there).
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    setupFiles: ['cli/test-setup.ts'],
  },
});
